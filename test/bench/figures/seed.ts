import { join } from 'node:path'
import type { BenchContext } from '../context'
import { startPaydesk } from '../processes'
import { formatNumber, verdict, type FigureRow } from '../report'

export const SEED_GOAL_S = 60

/**
 * Builds the search database the way QA would: `paydesk serve --seed-transactions N` on a fresh file,
 * and reads the seeding time the server prints. Returns the database path for the next figures.
 */
export async function seedSearchDatabase(ctx: BenchContext): Promise<{ dbPath: string; rows: FigureRow[] }> {
  const dbPath = join(ctx.scratch, 'search.db')
  const started = performance.now()
  const server = await startPaydesk({ dbPath, seedTransactions: ctx.searchRows, readyTimeoutMs: 300_000 })
  const wallS = (performance.now() - started) / 1000
  await server.stop()
  const printed = /Seeded ([\d,]+) historical transactions .* in ([\d.]+) s/.exec(server.output())
  if (!printed) throw new Error(`the server did not report seeding:\n${server.output()}`)
  const seconds = Number(printed[2])
  ctx.log(`  seeded ${printed[1]} transactions in ${seconds} s (${wallS.toFixed(1)} s with process start and shutdown)`)
  return {
    dbPath,
    rows: [{
      figure: `Seed ${formatNumber(ctx.searchRows)} transactions (--seed-transactions)`, measured: `${formatNumber(seconds, 1)} s`,
      goal: `well under ${SEED_GOAL_S} s`, verdict: verdict(seconds < SEED_GOAL_S),
    }],
  }
}
