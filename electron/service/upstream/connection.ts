import { ApiError } from '../../../shared/errors'
import type { UpstreamDiff, UpstreamStatus, UpstreamSyncJob } from '../../../shared/schemas/upstream'
import type { Transaction } from '../../../shared/schemas/transaction'
import type { Engine } from '../core/engine'
import { runUnit } from '../core/unit'
import type { UpstreamConnectionRow } from '../db/upstream-repo'
import { raise } from '../notifications/raise'
import type { ApiExchange } from '../request-log/exchange'
import { environmentOfKey, keyFingerprint } from './base-url'
import { createProviderClient, UpstreamError, type ProviderClient } from './client'
import { diffWindow } from './diff'
import { createHintDesk, type UpstreamWebhookSettings } from './hints'
import { operateGate, operateRequest } from './operate-approval'
import { postUnpostedMirror } from './catch-up'
import { createJobQueue } from './jobs'
import type { MirrorScope } from './mirror'
import { runCycle, scanDays, type SyncContext } from './sync'
import { dayEnd, dayStart, previousDay, scanWindow, utcDay } from './window'

/** The `--upstream*` settings of one run (docs/upstream.md). */
export interface UpstreamSettings {
  url: string
  key: string
  mode: 'read' | 'operate'
  /** Backfill start (YYYY-MM-DD); default 30 days back. */
  since?: string
  pollSeconds: number
  lookbackDays: number
  ratePerMinute: number
  timeoutMs: number
  /** `--upstream-webhook-url` and its secret: the provider's webhooks reach this server as hints (hints.ts). */
  webhook?: UpstreamWebhookSettings
}

export interface UpstreamParts {
  organizationId: string
  record: (exchange: ApiExchange) => void
  newRequestId: () => string
  /** Whether the run has a team (sign-in required): a live key's operate connection then waits for an approval. */
  teamMode: () => boolean
}

const DAY_MS = 86_400_000
const MAX_SYNC_DAYS = 400
/** A diff reads the provider when the request comes in: what it read is used for this long. */
const DIFF_FRESH_MS = 30_000

/** The connection row of the scope, made on first connect: the environment's simulated rows go (the mirror holds only the provider's). */
function ensureConnection(engine: Engine, settings: UpstreamSettings, organizationId: string, environment: 'test' | 'live'): UpstreamConnectionRow {
  return runUnit(engine, engine.now(), (unit) => {
    const { store } = unit
    const known = store.upstream.connection(organizationId, environment)
    const fields = { url: settings.url, key_fingerprint: keyFingerprint(settings.key), mode: settings.mode }
    if (known) {
      store.upstream.updateConnection(organizationId, environment, fields)
      return store.upstream.connection(organizationId, environment)!
    }
    store.sandbox.purge(organizationId, environment, unit.now)
    store.sandbox.purgeOpeningFloats(organizationId, environment, unit.now)
    // The provider's days and instants are real ones: the backfill's start, and the moment after which what it
    // creates is news, are taken on the host's real clock, whatever the simulated clock says.
    const real = engine.wallNow()
    const since = settings.since ?? utcDay(real - 30 * DAY_MS)
    const firstBackfillDay = utcDay(real - (settings.lookbackDays + 1) * DAY_MS)
    store.upstream.insertConnection({
      organization_id: organizationId, environment, ...fields, connected_at: real, since, backfill_next: firstBackfillDay < since ? null : firstBackfillDay,
    })
    return store.upstream.connection(organizationId, environment)!
  })
}

function errorText(error: unknown): string {
  if (error instanceof UpstreamError) return error.kind === 'key_refused' ? 'The provider refused the key (401): syncing is paused until a new key is given.' : error.message
  return error instanceof Error ? error.message : String(error)
}

function keyRefused(engine: Engine, scope: MirrorScope, fingerprint: string): void {
  runUnit(engine, engine.now(), (unit) => {
    unit.store.upstream.updateConnection(scope.organizationId, scope.environment, { last_error: errorText(new UpstreamError('key_refused', '')) })
    raise(unit, {
      organizationId: scope.organizationId, environment: scope.environment, kind: 'provider_key_refused', source: fingerprint,
      title: 'The provider refused the key', body: `The provider answered 401 to the key ${fingerprint}: the mirror stopped syncing. Give a new key in Settings → Provider connection.`,
      link: '/settings',
    })
  })
}

/** A failed sync job's reason, in words, also kept as the connection's lastError; answers the text. */
function recordFailure(engine: Engine, scope: MirrorScope, error: unknown, closed: boolean): string {
  const text = errorText(error)
  // A cycle that ends after close() has nothing left to record into (the database may be closed already).
  if (closed || (error instanceof UpstreamError && error.kind === 'closed')) return text
  try {
    runUnit(engine, engine.now(), (unit) => unit.store.upstream.updateConnection(scope.organizationId, scope.environment, { last_error: text }))
  } catch (recordError) {
    // The job still ends failed with its reason; the process never dies of a status it could not write.
    console.error(`[paydesk] the provider sync's error could not be recorded: ${errorText(recordError)}`)
  }
  return text
}

/** A sync asked for by the console: one whole cycle, or the UTC days from..to read again (newest first). */
function startSyncJob(ctx: SyncContext, jobs: ReturnType<typeof createJobQueue>, failed: (error: unknown) => string, range: { from?: string; to?: string }): string {
  if (range.from === undefined && range.to === undefined) return jobs.enqueue(null, (progress) => runCycle(ctx, progress), failed).jobId
  const to = range.to ?? utcDay(ctx.wallNow())
  const from = range.from ?? to
  if (from > to) throw new ApiError('validation_error', 'from must not be after to.', 'from')
  if ((dayStart(to) - dayStart(from)) / DAY_MS >= MAX_SYNC_DAYS) throw new ApiError('invalid_parameter', `A sync reads at most ${MAX_SYNC_DAYS} days at once.`, 'from')
  return jobs.enqueue({ from, to }, async (progress) => {
    for (let day = to; day >= from; day = previousDay(day)) await scanDays(ctx, 'sync', day, day, progress)
  }, failed).jobId
}

export function openUpstream(engine: Engine, settings: UpstreamSettings, parts: UpstreamParts) {
  const environment = environmentOfKey(settings.key)
  if (!environment) throw new Error('the provider key must look like sk_test_… or sk_live_…')
  const row = ensureConnection(engine, settings, parts.organizationId, environment)
  // The balance brought forward is dated a whole day before the mirrored history, so a statement of its first
  // local day opens with it in any time zone.
  const scope: MirrorScope = { organizationId: parts.organizationId, environment, connectedAt: row.connected_at, openingAt: dayStart(row.since) - DAY_MS }
  postUnpostedMirror(engine, scope)
  const fingerprint = keyFingerprint(settings.key)
  const client: ProviderClient = createProviderClient({
    url: settings.url, key: settings.key, ratePerMinute: settings.ratePerMinute, timeoutMs: settings.timeoutMs, record: parts.record,
    scope, newRequestId: parts.newRequestId, onKeyRefused: () => keyRefused(engine, scope, fingerprint),
  })
  const ctx: SyncContext = { engine, client, scope, lookbackDays: settings.lookbackDays, now: () => engine.now(), wallNow: () => engine.wallNow() }
  const hints = settings.webhook ? createHintDesk(engine, { scope, client, secret: settings.webhook.secret }) : null
  const jobs = createJobQueue(() => engine.wallNow(), () => `upsync_${engine.ids.request().replace(/^req_/, '')}`)
  const failed = (error: unknown) => recordFailure(engine, scope, error, closed)
  const gate = operateGate(engine, scope, settings.mode, operateRequest(client.baseUrl, settings.key, environment, fingerprint), parts.teamMode)
  let lastPollAt = Number.NEGATIVE_INFINITY
  let lastDiff: { from: string; to: string; at: number; rows: Transaction[] } | null = null
  let closed = false

  return {
    scope,
    environment,
    /** The one paced client of this provider account: everything that calls the provider shares it (money too). */
    client,
    /** `--upstream-webhook-*`: the provider's webhooks taken as hints, and the address money sent through the outbox names as `webhookUrl` (null: polling only). */
    hints,
    webhookUrl: settings.webhook?.url ?? null,
    describe: () => `the ${environment} environment mirrors the provider account at ${client.baseUrl} (key ${fingerprint})`,
    status: (): UpstreamStatus => ({ ...statusOf(engine, scope, client, closed), operate: gate.operate() }),
    ...gate,
    /** Hosts' tick: a poll's cycle when one is due and none waits. */
    tick(): void {
      hints?.tick()
      if (closed || client.keyRefusedAt() !== null || jobs.busy() || engine.wallNow() - lastPollAt < settings.pollSeconds * 1000) return
      lastPollAt = engine.wallNow()
      jobs.enqueue(null, (progress) => runCycle(ctx, progress), failed)
    },
    startSync(range: { from?: string; to?: string }): string {
      if (closed) throw new ApiError('upstream_mode', 'The provider connection is closed.')
      return startSyncJob(ctx, jobs, failed, range)
    },
    job: (jobId: string): UpstreamSyncJob | undefined => jobs.get(jobId),
    /** Every job queued so far has finished (tests and a clean close). */
    settled: () => jobs.settled(),
    /** Reads the provider's rows of the days from..to now, for `diff` (the service runs it before the diff's unit). */
    async prefetchDiff(from: string, to: string): Promise<void> {
      if (from > to) return
      const scan = await scanWindow(client, 'other', { fromMs: dayStart(from), toMs: dayEnd(to) }, engine.store.upstream.connection(scope.organizationId, scope.environment)?.date_times === 1)
      lastDiff = { from, to, at: engine.wallNow(), rows: scan.rows }
    },
    diff(store: Engine['store'], from: string, to: string): UpstreamDiff {
      if (from > to) throw new ApiError('validation_error', 'from must not be after to.', 'from')
      const read = lastDiff
      if (!read || read.from !== from || read.to !== to || engine.wallNow() - read.at > DIFF_FRESH_MS) {
        throw new ApiError('unavailable', 'The provider could not be read for this diff; try again.')
      }
      return diffWindow(store, scope, { fromMs: dayStart(from), toMs: dayEnd(to) }, read.rows)
    },
    close(): void {
      closed = true
      hints?.close()
      client.close()
    },
  }
}
export type UpstreamConnection = ReturnType<typeof openUpstream>

/** The provider's accounts as last read, in the status's words. */
function balancesOf(row: UpstreamConnectionRow): UpstreamStatus['balances'] {
  return (row.balances ?? []).map((a) => ({ accountNo: a.accountNo, type: a.type, available: a.available, pending: a.pending, currency: a.currency }))
}

function statusOf(engine: Engine, scope: MirrorScope, client: ProviderClient, closed: boolean): Omit<UpstreamStatus, 'operate'> {
  const row = engine.store.upstream.connection(scope.organizationId, scope.environment)!
  return {
    connected: !closed && client.keyRefusedAt() === null, url: row.url, environment: scope.environment, mode: row.mode, keyFingerprint: row.key_fingerprint,
    lastSyncAt: row.last_sync_at, lagMs: row.last_sync_at === null ? null : Math.max(0, engine.wallNow() - row.last_sync_at),
    backfill: { from: row.since, done: row.backfill_next === null, rows: row.backfill_rows },
    budget: { perMinute: client.perMinute, usedLastMinute: client.usedLastMinute() }, lastError: row.last_error,
    balances: balancesOf(row),
  }
}

/** The status of a scope that was connected once but holds no connection in this run (the mirror stays, read-only); `wallNow`: the host's real clock. */
export function disconnectedStatus(row: UpstreamConnectionRow | undefined, wallNow: number): UpstreamStatus {
  return {
    connected: false, url: row?.url ?? null, environment: row?.environment ?? null, mode: row?.mode ?? null, keyFingerprint: row?.key_fingerprint ?? null,
    lastSyncAt: row?.last_sync_at ?? null, lagMs: row?.last_sync_at == null ? null : Math.max(0, wallNow - row.last_sync_at),
    backfill: row ? { from: row.since, done: row.backfill_next === null, rows: row.backfill_rows } : null, budget: null, lastError: row?.last_error ?? null,
    balances: row ? balancesOf(row) : [], operate: null,
  }
}
