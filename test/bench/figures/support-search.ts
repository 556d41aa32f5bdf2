import type { BenchContext } from '../context'
import { API_HEADERS, BENCH_CONSOLE_TOKEN, type PaydeskChild } from '../processes'
import { formatNumber, verdict, type FigureRow } from '../report'
import { ninetyDayQuery } from './search'

export const SUPPORT_SEARCH_P50_GOAL_MS = 50
const ROUNDS = 20
const CONSOLE_HEADERS = { authorization: `Bearer ${BENCH_CONSOLE_TOKEN}`, 'paydesk-environment': 'test' }

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}

/**
 * The console's search box (GET /console/search) on the seeded database: queries of every form
 * a support agent types (receipt, phone spoken with spaces, amount with a day, narration word, Paydesk id,
 * merchant reference), taken from real seeded rows, one request at a time, ROUNDS rounds; p50 over all.
 */
export async function supportSearchFigure(ctx: BenchContext, server: PaydeskChild): Promise<FigureRow[]> {
  const sample = await fetch(server.url + ninetyDayQuery('type=charge&status=settled&limit=50'), { headers: API_HEADERS })
  const items = ((await sample.json()) as { data: { items: { publicId: string; merchantTransactionId: string | null; processorReference: string | null; phoneNumber: string | null; amount: number; narration: string | null }[] } }).data.items
  const row = items.find((t) => t.processorReference && t.phoneNumber && t.merchantTransactionId && t.narration)
  if (!row) throw new Error('no settled charge with a receipt, phone, reference and narration in the seeded data')
  const local = row.phoneNumber!.slice(4)
  const queries = [
    row.processorReference!.toLowerCase(),
    `0${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
    `KES ${(row.amount / 100).toLocaleString('en-US')} yesterday`,
    `${row.amount / 100}`,
    row.narration!.split(/\s+/)[0]!,
    row.publicId,
    row.merchantTransactionId!,
  ]
  const timings: number[] = []
  for (let round = -1; round < ROUNDS; round += 1) {
    for (const q of queries) {
      const started = performance.now()
      const response = await fetch(`${server.url}/console/search?q=${encodeURIComponent(q)}&timeZone=Africa%2FNairobi`, { headers: CONSOLE_HEADERS })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`console search "${q}" answered ${response.status}`)
      if (round >= 0) timings.push(performance.now() - started)
    }
  }
  timings.sort((a, b) => a - b)
  const p50 = percentile(timings, 0.5)
  const p99 = percentile(timings, 0.99)
  ctx.log(`  console search (${queries.length} query forms x ${ROUNDS}): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`)
  return [{
    figure: `Console search box: receipt, phone, amount(+day), words, id, reference (${formatNumber(ctx.searchRows)} rows)`,
    measured: `p50 ${formatNumber(p50, 1)} ms, p99 ${formatNumber(p99, 1)} ms`, goal: `p50 < ${SUPPORT_SEARCH_P50_GOAL_MS} ms`,
    verdict: verdict(p50 < SUPPORT_SEARCH_P50_GOAL_MS), note: 'one request at a time over HTTP; from indexes only',
  }]
}
