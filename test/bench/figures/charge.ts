import { join } from 'node:path'
import type autocannon from 'autocannon'
import { profileDirOf, type BenchContext } from '../context'
import { engineMeter, engineQuiet, formatUs } from '../engine-time'
import { measure } from '../load'
import { API_HEADERS, readServerDb, startPaydesk } from '../processes'
import { formatNumber, verdict, type FigureRow } from '../report'
import { measureHelloWorld } from './reference'

/**
 * The charge route's goals: p99 ≤ 15 ms at 50 connections with the fast simulator finalizing.
 * Its throughput goal is the peers figure's (Paydesk ÷ the faster of Prism and Mockoon ≥ 3, figures/peers.ts);
 * the hello-world of the same run stays beside it as a reference for diagnosis (the old goal, 0.4 of
 * hello-world, asked more commits per second than SQLite makes on this machine).
 */
export const CHARGE_P99_GOAL_MS = 15
/** Charge req/s ÷ the faster peer, same run (measured by figures/peers.ts). */
export const PEERS_RATIO_GOAL = 3

export const CHARGE_CONNECTIONS = 50
/** Engine-thread CPU time per charge: its whole lifecycle (fast simulator), and acceptance alone. */
export const LIFECYCLE_GOAL_US = 110
export const ACCEPTANCE_GOAL_US = 60

/**
 * The charge load as autocannon options: `POST /v1/mobile/charge` at 50 connections, every request with
 * a new merchantTransactionId (the peers figure sends the very same requests to Prism and Mockoon).
 */
export function chargeLoadOptions(url: string, label: string, durationS: number): autocannon.Options {
  let sequence = 0
  const run = `${label.replace(/[^a-z]+/gi, '-')}-${Date.now().toString(36)}`
  return {
    url, connections: CHARGE_CONNECTIONS, duration: durationS,
    requests: [{
      method: 'POST', path: '/v1/mobile/charge', headers: API_HEADERS,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: `bench-${run}-${++sequence}` }),
      }),
    }],
  }
}

interface Finalized {
  accepted: number
  finalized: number
}

/**
 * What the simulator got done while the load ran (warm-up included), read from the server's file as the
 * load ends: a latency bought by finalizing less (smaller slices, a smaller budget) would show here.
 */
function finalizedSoFar(dbPath: string): Finalized {
  return readServerDb(dbPath, (db) =>
    db.prepare(`SELECT COUNT(*) AS accepted, COALESCE(SUM(status <> 'pending'), 0) AS finalized FROM transactions WHERE type = 'charge'`).get() as Finalized)
}

/** Charges at 50 connections for the run's duration against `server`, each with a new reference. */
async function chargeLoad(ctx: BenchContext, url: string, label: string) {
  const result = await measure(chargeLoadOptions(url, label, ctx.durationS))
  ctx.log(`  charge (${label}): ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, statuses ${JSON.stringify(result.statusCounts)}`)
  return result
}

/**
 * POST /v1/mobile/charge at 50 connections, every request with a new merchantTransactionId, against
 * `paydesk serve --rate-limit 0` on a fresh file database (WAL, as users run it). The figure runs the
 * fast simulator as users do, so the charges accepted are also finalized in the same process during the
 * run. A second, diagnostic run uses the interactive simulator (charges wait 60 s for an answer, so
 * nothing is finalized during the run): acceptance alone, to show what the finalization costs.
 */
/**
 * One charge load against a fresh server, with the engine thread's CPU time per charge: from a quiet
 * thread before the warm-up to a quiet thread after the load (the finalizations and request log rows the
 * load owed included), over every charge sent, warm-up included.
 */
async function meteredLoad(ctx: BenchContext, dbPath: string, label: string, options: { simulator?: 'interactive'; cpuProfileDir?: string }) {
  const server = await startPaydesk({ dbPath, ...options })
  try {
    await engineQuiet(server.pid)
    const meter = engineMeter(server.pid)
    const result = await chargeLoad(ctx, server.url, label)
    const finalizing = finalizedSoFar(dbPath)
    await engineQuiet(server.pid, 15_000)
    const engineUs = meter.stop(result.warmupTotal + result.total)
    ctx.log(`  charge (${label}): engine thread ${formatUs(engineUs)} per charge over ${result.warmupTotal + result.total} charges`)
    return { result, finalizing, engineUs }
  } finally {
    await server.stop()
  }
}

/**
 * POST /v1/mobile/charge at 50 connections, every request with a new merchantTransactionId, against
 * `paydesk serve --rate-limit 0` on a fresh file database (WAL, as users run it). The figure runs the
 * fast simulator as users do, so the charges accepted are also finalized in the same process during the
 * run. A second, diagnostic run uses the interactive simulator (charges wait 60 s for an answer, so
 * nothing is finalized during the run): acceptance alone, to show what the finalization costs. Both print
 * the engine thread's CPU time per charge (engine-time.ts): a whole lifecycle, and acceptance alone.
 */
export async function chargeThroughput(ctx: BenchContext): Promise<FigureRow[]> {
  const reference = await measureHelloWorld(ctx)
  const dbPath = join(ctx.scratch, 'charge.db')
  const fast = await meteredLoad(ctx, dbPath, 'fast simulator', { cpuProfileDir: profileDirOf(ctx, 'charge') })
  const { result, finalizing } = fast
  ctx.log(`  charge (fast simulator): ${finalizing.finalized} of ${finalizing.accepted} charges finalized when the load ended`)
  const accept = await meteredLoad(ctx, join(ctx.scratch, 'charge-accept.db'), 'acceptance only', { simulator: 'interactive' })
  const acceptance = accept.result
  const ratio = result.requestsPerSecond / reference.requestsPerSecond
  const failed = result.failures > 0 ? `${result.failures} of ${result.total} not 202` : undefined
  const engineRow = (figure: string, us: number | null, goalUs: number): FigureRow => ({
    figure, measured: `${formatUs(us)} per charge`, goal: `≤ ${goalUs} µs`, verdict: us === null ? 'not measured' : verdict(us <= goalUs),
  })
  return [
    {
      figure: 'Charge throughput, 50 connections, fast simulator finalizing',
      measured: `${formatNumber(result.requestsPerSecond)} req/s (${formatNumber(finalizing.finalized)} of ${formatNumber(finalizing.accepted)} charges finalized when the load ended)`,
      reference: `hello-world ${formatNumber(reference.requestsPerSecond)} req/s`, ratio,
      goal: `for diagnosis (goal: ÷ the faster peer ≥ ${PEERS_RATIO_GOAL}, peers figure)`, verdict: failed ? 'missed' : 'info', note: failed,
    },
    {
      figure: 'Charge latency p99, 50 connections, fast simulator finalizing', measured: `${formatNumber(result.p99Ms, 1)} ms (p50 ${formatNumber(result.p50Ms, 1)} ms)`,
      reference: `hello-world p99 ${formatNumber(reference.p99Ms, 1)} ms`, goal: `≤ ${CHARGE_P99_GOAL_MS} ms`,
      verdict: failed ? 'missed' : verdict(result.p99Ms <= CHARGE_P99_GOAL_MS), note: failed,
    },
    engineRow('Engine-thread CPU per charge lifecycle (accepted, finalized by the fast simulator, request log row; no webhook URL)', fast.engineUs, LIFECYCLE_GOAL_US),
    {
      figure: 'Diagnosis: charge acceptance alone (--simulator interactive, nothing finalized during the run)',
      measured: `${formatNumber(acceptance.requestsPerSecond)} req/s, p99 ${formatNumber(acceptance.p99Ms, 1)} ms`,
      reference: `hello-world ${formatNumber(reference.requestsPerSecond)} req/s`, ratio: acceptance.requestsPerSecond / reference.requestsPerSecond,
      goal: 'for diagnosis', verdict: 'info', note: acceptance.failures > 0 ? `${acceptance.failures} of ${acceptance.total} not 202` : undefined,
    },
    engineRow('Engine-thread CPU per charge, acceptance alone (--simulator interactive, request log row included)', accept.engineUs, ACCEPTANCE_GOAL_US),
  ]
}
