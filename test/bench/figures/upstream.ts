import type { AddressInfo } from 'node:net'
import { createService, type PaydeskService } from '../../../electron/service'
import { startHttpServer } from '../../../electron/http/server'
import { engineInternals } from '../../../electron/service/test-access'
import { seedHistory } from '../../../electron/service/seed/history'
import { isErrorEnvelope } from '../../../shared/api/envelope'
import type { BenchContext } from '../context'
import { formatNumber, verdict, type FigureRow } from '../report'

const UPSTREAM_ROWS = 100_000
const DAYS = 30
const DAY_MS = 86_400_000
const PROVIDER_KEY = 'sk_test_benchprovider0000000000001'
const CONSOLE = { bearer: 'pdc_bench_upstream_console_00001', environment: 'test' as const }
export const MIRROR_GOAL_MS = 60_000
export const MIRROR_GOAL_LISTS = 60
/** An idle connection at the default poll (60 s): requests a minute. */
export const IDLE_GOAL_PER_MINUTE = 10

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Waits for a sync job of the connected service to end; returns it. */
async function syncJob(service: PaydeskService, body: Record<string, string> = {}): Promise<{ status: string; requests: number; rows: number; error: string | null }> {
  const started = service.call('console.upstream.sync', { body }, CONSOLE)
  if (isErrorEnvelope(started.body)) throw new Error(`sync refused: ${JSON.stringify(started.body)}`)
  const jobId = started.body.data.jobId
  for (;;) {
    const job = service.call('console.upstream.syncJob', { params: { jobId } }, CONSOLE)
    if (!isErrorEnvelope(job.body) && (job.body.data.status === 'done' || job.body.data.status === 'failed')) return job.body.data
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** List requests the connected Paydesk sent the provider (its request log, source provider). */
function listRequests(service: PaydeskService): number {
  const { store } = engineInternals(service)
  return (store.db.prepare("SELECT COUNT(*) AS n FROM api_requests WHERE key_prefix = 'provider' AND path = '/v1/transactions'").get() as { n: number }).n
}

/**
 * A provider account of UPSTREAM_ROWS transactions over the last DAYS days (a second Paydesk, in this
 * process, on real HTTP), mirrored by a Paydesk connected to it from an empty database: how long the first
 * whole sync takes, how many list requests it sends, whether the diff is zero, and what one idle poll costs.
 */
export async function upstreamFigures(ctx: BenchContext): Promise<FigureRow[]> {
  const now = Date.now()
  const provider = createService({ dbPath: ':memory:', apiKey: PROVIDER_KEY, consoleToken: 'pdc_bench_provider_console_000001' })
  const seededAt = performance.now()
  seedHistory(engineInternals(provider).store, { count: UPSTREAM_ROWS, organizationId: provider.startup.demoOrganizationId, now, days: DAYS })
  ctx.log(`  provider seeded with ${formatNumber(UPSTREAM_ROWS)} transactions in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`)
  const http = await startHttpServer({ service: provider, port: 0, rateLimitPerMinute: 600 })
  const url = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`
  const mirror = createService({
    dbPath: ':memory:', consoleToken: CONSOLE.bearer,
    upstream: { url, key: PROVIDER_KEY, mode: 'read', since: day(now - (DAYS + 1) * DAY_MS), pollSeconds: 60, lookbackDays: 3, ratePerMinute: 600, timeoutMs: 15_000 },
  })
  try {
    const started = performance.now()
    const first = await syncJob(mirror)
    const ms = performance.now() - started
    if (first.status !== 'done') throw new Error(`the first sync failed: ${first.error}`)
    // A read of the request log writes its queue first.
    mirror.call('console.requests.list', { query: { source: 'provider', limit: '1' } }, CONSOLE)
    const lists = listRequests(mirror)
    const diff = await mirror.submit('console.upstream.diff', { query: { from: day(now - (DAYS + 1) * DAY_MS), to: day(now) } }, CONSOLE)
    const diffBody = isErrorEnvelope(diff.body) ? null : (JSON.parse(JSON.stringify(diff.body.data)) as { mismatches: unknown[] })
    const mismatches = diffBody ? diffBody.mismatches.length : Number.NaN
    const idle = await syncJob(mirror)
    ctx.log(`  mirrored ${formatNumber(first.rows)} rows in ${(ms / 1000).toFixed(1)} s with ${lists} list requests (${first.requests} in all); diff mismatches ${mismatches}; an idle poll ${idle.requests} requests`)
    return [
      {
        figure: `Mirror a provider account of ${formatNumber(UPSTREAM_ROWS)} transactions over ${DAYS} days (first sync, empty database)`,
        measured: `${(ms / 1000).toFixed(1)} s, ${lists} list requests, diff ${mismatches === 0 ? '0' : `${mismatches} mismatches`}`,
        goal: `<= ${MIRROR_GOAL_MS / 1000} s, <= ${MIRROR_GOAL_LISTS} list requests, diff 0`,
        verdict: verdict(ms <= MIRROR_GOAL_MS && lists <= MIRROR_GOAL_LISTS && mismatches === 0),
        note: 'provider and mirror in one process (one core between them), real HTTP on loopback',
      },
      {
        figure: 'Requests of an idle provider connection at the default poll (60 s)',
        measured: `${idle.requests} a minute`,
        goal: `<= ${IDLE_GOAL_PER_MINUTE} a minute`,
        verdict: verdict(idle.requests <= IDLE_GOAL_PER_MINUTE),
      },
    ]
  } finally {
    mirror.close()
    await http.close()
    provider.close()
  }
}
