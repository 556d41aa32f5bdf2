import { join } from 'node:path'
import { profileDirOf, type BenchContext } from '../context'
import { measure } from '../load'
import { API_HEADERS, startPaydesk } from '../processes'
import { formatNumber, verdict, type FigureRow } from '../report'
import { measureHelloWorld } from './reference'

export const CHARGE_RATIO_GOAL = 0.4
export const CHARGE_P99_GOAL_MS = 15

/**
 * POST /v1/mobile/charge at 50 connections, every request with a new merchantTransactionId, against
 * `paydesk serve --rate-limit 0` on a fresh file database (WAL, as users run it). The fast simulator
 * runs as usual, so the charges accepted are also finalized in the same process during the run.
 */
export async function chargeThroughput(ctx: BenchContext): Promise<FigureRow[]> {
  const reference = await measureHelloWorld(ctx)
  const server = await startPaydesk({ dbPath: join(ctx.scratch, 'charge.db'), cpuProfileDir: profileDirOf(ctx, 'charge') })
  let sequence = 0
  const run = Date.now().toString(36)
  try {
    const result = await measure({
      url: server.url, connections: 50, duration: ctx.durationS,
      requests: [{
        method: 'POST', path: '/v1/mobile/charge', headers: API_HEADERS,
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: `bench-${run}-${++sequence}` }),
        }),
      }],
    })
    ctx.log(`  charge: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, statuses ${JSON.stringify(result.statusCounts)}`)
    const ratio = result.requestsPerSecond / reference.requestsPerSecond
    const failed = result.failures > 0 ? `${result.failures} of ${result.total} not 202` : undefined
    return [
      {
        figure: 'Charge throughput, 50 connections', measured: `${formatNumber(result.requestsPerSecond)} req/s`,
        reference: `hello-world ${formatNumber(reference.requestsPerSecond)} req/s`, ratio, goal: `≥ ${CHARGE_RATIO_GOAL}`,
        verdict: failed ? 'missed' : verdict(ratio >= CHARGE_RATIO_GOAL), note: failed,
      },
      {
        figure: 'Charge latency p99, 50 connections', measured: `${formatNumber(result.p99Ms, 1)} ms (p50 ${formatNumber(result.p50Ms, 1)} ms)`,
        reference: `hello-world p99 ${formatNumber(reference.p99Ms, 1)} ms`, goal: `≤ ${CHARGE_P99_GOAL_MS} ms`, verdict: verdict(result.p99Ms <= CHARGE_P99_GOAL_MS),
      },
    ]
  } finally {
    await server.stop()
  }
}
