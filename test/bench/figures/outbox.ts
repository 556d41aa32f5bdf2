import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { killHard, type CliHost } from '../../support/cli-process'
import { allLogged } from '../../proof/calls'
import { batchCsv, startDownstream, startProvider, submitBatch, untilBatchFinished } from '../../proof/rig'
import type { BenchContext } from '../context'
import { formatNumber, verdict, type FigureRow } from '../report'

/** The provider's limit and the connected Paydesk's --upstream-rate-limit, calls a minute. */
const RATE = 1_200
/** About 45 s of sending at the pacer's 90 % of RATE. */
const ROWS = 800
export const PACED_GOAL_SHARE = 0.85
/** The steady part: from this share of the rows at the provider to that one (the pacer's first burst and the tail left out). */
const STEADY = [0.2, 0.9] as const

/** When the provider first held at least each count of the batch's rows (ms, performance.now()). */
async function watchProvider(counted: () => number, rows: number, until: () => boolean): Promise<{ at: number; n: number }[]> {
  const samples: { at: number; n: number }[] = []
  while (!until()) {
    const n = counted()
    samples.push({ at: performance.now(), n })
    if (n >= rows) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return samples
}

/** The rows per minute between the first sample at `from` and the first at `to` of `rows`. */
function steadyPerMinute(samples: readonly { at: number; n: number }[], rows: number): number {
  const first = samples.find((s) => s.n >= rows * STEADY[0])
  const last = samples.find((s) => s.n >= rows * STEADY[1])
  if (!first || !last || last.at <= first.at) return Number.NaN
  return ((last.n - first.n) / (last.at - first.at)) * 60_000
}

/**
 * A paced bulk payout in operate mode: a provider Paydesk with `--rate-limit RATE` and a Paydesk connected
 * to it with `--upstream-rate-limit RATE` (both real `paydesk serve` processes), a batch of ROWS rows; the
 * figure is the rows accepted at the provider a minute in the steady part, divided by RATE (goal >= 85 %:
 * the pacer keeps 90 % of the limit, and the mirror's polls share it).
 */
export async function outboxFigure(ctx: BenchContext): Promise<FigureRow[]> {
  const folder = join(ctx.scratch, 'outbox')
  mkdirSync(folder, { recursive: true })
  const provider = await startProvider(folder, RATE)
  let downstream: CliHost | undefined
  try {
    downstream = await startDownstream(folder, provider, { ratePerMinute: RATE, pollSeconds: 60 })
    const { csv } = batchCsv('paced-', ROWS)
    const started = performance.now()
    const id = await submitBatch(downstream.url, 'Paced bench', csv)
    const counted = () => provider.counts('paced-').size
    const samples = await watchProvider(counted, ROWS, () => performance.now() - started > 5 * 60_000)
    const sentS = (samples[samples.length - 1]!.at - started) / 1000
    await untilBatchFinished(downstream.url, id, Date.now() + 5 * 60_000, ctx.log)
    const perMinute = steadyPerMinute(samples, ROWS)
    const share = perMinute / RATE
    const calls = await allLogged(provider.url)
    const limited = calls.filter((call) => call.status === 429).length
    ctx.log(`  ${ROWS} rows at the provider in ${sentS.toFixed(1)} s; steady ${formatNumber(perMinute)} rows/min = ${formatNumber(share * 100, 1)} % of ${RATE}; ${limited} of ${calls.length} calls answered 429`)
    return [{
      figure: `Paced bulk payout in operate mode: rows accepted at the provider a minute ÷ the rate limit (${RATE}/min, ${ROWS} rows)`,
      measured: `${formatNumber(perMinute)} rows/min = ${formatNumber(share * 100, 1)} %`,
      goal: `>= ${Math.round(PACED_GOAL_SHARE * 100)} %`,
      verdict: verdict(share >= PACED_GOAL_SHARE),
      note: `steady part ${STEADY[0] * 100}-${STEADY[1] * 100} % of the rows; ${limited} of ${calls.length} calls answered 429; provider and connected Paydesk as two real processes`,
    }]
  } finally {
    if (downstream) await killHard(downstream)
    await provider.stop()
  }
}
