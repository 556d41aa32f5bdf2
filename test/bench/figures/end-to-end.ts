import { fork } from 'node:child_process'
import { join } from 'node:path'
import { profileDirOf, type BenchContext } from '../context'
import { engineMeter, engineQuiet, formatUs } from '../engine-time'
import { fire } from '../load'
import { API_HEADERS, BENCH_CONSOLE_TOKEN, freePort, readServerDb, ROOT, startPaydesk } from '../processes'
import { formatNumber, verdict, type FigureRow } from '../report'
import type { ReceiverStats } from '../webhook-receiver'
import { LIFECYCLE_GOAL_US } from './charge'

export const END_TO_END_GOAL_PER_S = 4_000
/** Stop waiting when nothing new arrived for this long: the rest is reported as undelivered. */
const STALL_MS = 45_000
/** Time kept free at the end of the whole run for shutdown and the report. */
const RESERVE_MS = 20_000

async function startReceiver() {
  const port = await freePort()
  const child = fork(join(ROOT, 'test/bench/webhook-receiver.ts'), [String(port)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' })
  await new Promise<void>((done, fail) => {
    child.once('message', () => done())
    child.once('exit', (code) => fail(new Error(`webhook receiver exited with ${code}`)))
  })
  child.removeAllListeners('exit')
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () =>
      new Promise<ReceiverStats>((done) => {
        child.once('message', (message) => done((message as { stats: ReceiverStats }).stats))
        child.send('stats')
      }),
    stop: () => new Promise<void>((done) => {
      child.once('exit', () => done())
      child.disconnect()
    }),
  }
}

interface Audit {
  byStatus: Record<string, number>
  deliveries: Record<string, number>
}

/** After the server stopped: what the database says happened to the run's charges and their webhooks. */
function audit(dbPath: string, prefix: string): Audit {
  return readServerDb(dbPath, (db) => {
    const like = `${prefix}%`
    const byStatus = Object.fromEntries(
      (db.prepare('SELECT status, COUNT(*) AS n FROM transactions WHERE merchant_transaction_id LIKE ? GROUP BY status').all(like) as { status: string; n: number }[]).map((r) => [r.status, r.n]),
    )
    const deliveries = Object.fromEntries(
      (db.prepare(`SELECT d.status, COUNT(*) AS n FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
        JOIN transactions t ON t.id = e.transaction_id WHERE t.merchant_transaction_id LIKE ? AND e.type IN ('transaction.succeeded', 'transaction.failed')
        GROUP BY d.status`).all(like) as { status: string; n: number }[]).map((r) => [r.status, r.n]),
    )
    return { byStatus, deliveries }
  })
}

/**
 * The sandbox the run left (its charges, timelines, postings, webhook events, deliveries and attempts)
 * saved as a snapshot and restored over the console API, as QA does between test runs. Both block the
 * engine's thread while they run; a restore once took minutes at this size.
 */
async function snapshotFigure(url: string, ctx: BenchContext): Promise<FigureRow> {
  const headers = { authorization: `Bearer ${BENCH_CONSOLE_TOKEN}`, 'content-type': 'application/json' }
  const timed = async (path: string, body?: unknown) => {
    const started = performance.now()
    const response = await fetch(url + path, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const answer = (await response.json()) as { data?: { sizeBytes?: number; tables?: Record<string, number> } }
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`)
    return { ms: performance.now() - started, data: answer.data ?? {} }
  }
  const saved = await timed('/console/snapshots', { name: 'bench-end-to-end' })
  const restored = await timed('/console/snapshots/bench-end-to-end/restore')
  const rows = Object.values(restored.data.tables ?? {}).reduce((sum, n) => sum + n, 0)
  const megabytes = formatNumber((saved.data.sizeBytes ?? 0) / 1e6, 0)
  ctx.log(`  snapshot of the sandbox: saved in ${Math.round(saved.ms)} ms (${megabytes} MB), restored in ${Math.round(restored.ms)} ms (${formatNumber(rows)} rows)`)
  return {
    figure: 'Diagnosis: snapshot save and restore of the sandbox the end-to-end run left',
    measured: `save ${formatNumber(saved.ms)} ms, restore ${formatNumber(restored.ms)} ms`,
    goal: 'for diagnosis', verdict: 'info',
    note: `${formatNumber(rows)} rows, ${megabytes} MB`,
  }
}

/**
 * N charges through the whole system: accepted over HTTP (50 connections), finalized by the fast
 * simulator, each webhook delivered to a local receiver. The clock runs from the first request to the
 * last new webhook. "Lost" is a charge accepted with 202 whose webhook neither arrived nor is still
 * waiting in the database (transaction pending or delivery pending): the outbox promise, checked.
 */
export async function endToEnd(ctx: BenchContext): Promise<FigureRow[]> {
  const receiver = await startReceiver()
  const dbPath = join(ctx.scratch, 'e2e.db')
  const server = await startPaydesk({ dbPath, simulator: 'fast', cpuProfileDir: profileDirOf(ctx, 'e2e') })
  const prefix = `e2e-${Date.now().toString(36)}-`
  const webhookUrl = `${receiver.url}/webhooks/paydesk`
  let sequence = 0
  let stats: ReceiverStats
  await engineQuiet(server.pid)
  const meter = engineMeter(server.pid)
  const startedAt = Date.now()
  try {
    const accepted = await fire({
      url: server.url, connections: 50, amount: ctx.endToEndCharges, timeout: 30,
      requests: [{
        method: 'POST', path: '/v1/mobile/charge', headers: API_HEADERS,
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: `${prefix}${++sequence}`, webhookUrl }),
        }),
      }],
    })
    const acceptedCount = accepted.statusCounts['202'] ?? 0
    ctx.log(`  accepted ${acceptedCount} of ${ctx.endToEndCharges} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (${Math.round(accepted.requestsPerSecond)} req/s), statuses ${JSON.stringify(accepted.statusCounts)}`)
    const waitUntil = Math.min(ctx.deadline - RESERVE_MS, performance.now() + ctx.endToEndWaitMs)
    let lastProgress = Date.now()
    let lastUnique = -1
    let lastLog = 0
    for (;;) {
      stats = await receiver.stats()
      const now = Date.now()
      if (stats.unique !== lastUnique) {
        lastUnique = stats.unique
        lastProgress = now
      }
      if (now - lastLog > 10_000) {
        lastLog = now
        ctx.log(`  … ${stats.unique} webhooks received after ${((now - startedAt) / 1000).toFixed(0)} s`)
      }
      if (stats.unique >= acceptedCount || now - lastProgress > STALL_MS || performance.now() > waitUntil) break
      await new Promise((done) => setTimeout(done, 250))
    }
    const complete = stats.unique >= acceptedCount
    // The engine thread's time for the whole batch: accepted, finalized, webhook signed, sent and recorded, request log.
    if (complete) await engineQuiet(server.pid, 15_000)
    const engineUs = complete ? meter.stop(acceptedCount) : null
    ctx.log(`  engine thread: ${formatUs(engineUs)} per charge, end to end`)
    const elapsedS = ((complete ? stats.lastNewAt : Date.now()) - startedAt) / 1000
    // Only once nothing is in flight: a restore rewinds to the image just saved, which is then the same state.
    const snapshot = complete ? await snapshotFigure(server.url, ctx) : null
    await server.stop()
    const found = audit(dbPath, prefix)
    const stillQueued = (found.byStatus['pending'] ?? 0) + (found.deliveries['pending'] ?? 0)
    const lost = acceptedCount - stats.unique - stillQueued
    const rate = stats.unique / elapsedS
    ctx.log(`  ${stats.unique} of ${acceptedCount} webhooks in ${elapsedS.toFixed(1)} s = ${Math.round(rate)} charges/s; duplicates ${stats.duplicates}; database: ${JSON.stringify(found)}`)
    return [
      {
        figure: `End to end: ${formatNumber(ctx.endToEndCharges)} charges accepted, completed, webhook delivered`,
        measured: `${formatNumber(rate)} charges/s (${formatNumber(stats.unique)} in ${formatNumber(elapsedS, 1)} s)`,
        goal: `≥ ${formatNumber(END_TO_END_GOAL_PER_S)}/s`, verdict: complete ? verdict(rate >= END_TO_END_GOAL_PER_S) : 'missed',
        note: complete ? `the ${formatNumber(ctx.endToEndCharges)} POSTs took ${formatNumber(accepted.durationS, 0)} s, ${formatNumber(accepted.requestsPerSecond)} req/s` : `only ${formatNumber(stats.unique)} of ${formatNumber(acceptedCount)} delivered before the run's time budget; ${formatNumber(stillQueued)} still queued`,
      },
      {
        figure: 'Engine-thread CPU per charge, end to end (accepted, finalized, webhook delivered, request log row)',
        measured: complete ? `${formatUs(engineUs)} per charge` : 'not measured', goal: `≤ ${LIFECYCLE_GOAL_US} µs`,
        verdict: engineUs === null ? 'not measured' : verdict(engineUs <= LIFECYCLE_GOAL_US), note: complete ? undefined : 'not every webhook arrived',
      },
      ...(snapshot ? [snapshot] : []),
      {
        figure: 'End to end: charges lost',
        measured: `${formatNumber(lost)} (${formatNumber(acceptedCount)} accepted, ${formatNumber(stats.unique)} webhooks received, ${formatNumber(stillQueued)} still queued, ${formatNumber(stats.duplicates)} duplicates)`,
        goal: '0', verdict: acceptedCount === ctx.endToEndCharges ? verdict(lost === 0) : 'missed',
        note: acceptedCount === ctx.endToEndCharges ? undefined : `${formatNumber(ctx.endToEndCharges - acceptedCount)} requests not accepted`,
      },
    ]
  } finally {
    await server.stop()
    await receiver.stop()
  }
}
