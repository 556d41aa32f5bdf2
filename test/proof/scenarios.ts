import { killHard, type CliHost } from '../support/cli-process'
import { allLogged, retryAfterWindows, sentInsideWindows } from './calls'
import { check, exactlyOnceChecks, type Check } from './checks'
import { batchCsv, consoleCall, must, startDownstream, startProvider, submitBatch, untilBatchFinished } from './rig'

export interface ProofContext {
  folder: string
  rows: number | undefined
  rate: number | undefined
  /** The connected Paydesk's --upstream-rate-limit when not the provider's own (to see a proof fail). */
  upstreamRate: number | undefined
  log(line: string): void
}

export interface Scenario {
  summary: string
  defaultRows: number
  run(ctx: ProofContext): Promise<Check[]>
}

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`

/**
 * rate-120: a provider that allows R calls a minute (default 120) and a connected Paydesk told the same
 * (--upstream-rate-limit R) run a bulk payout of 2,000 rows with the mirror polling as it does by default.
 * Passes when the batch completes, each row is paid once, at most 1 % of the calls the provider received
 * were answered 429, and no call left inside a Retry-After.
 */
const rate120: Scenario = {
  summary: 'a 2,000-row batch against a provider with --rate-limit 120: <= 1 % answered 429, none sent inside a Retry-After',
  defaultRows: 2_000,
  async run(ctx) {
    const rows = ctx.rows ?? 2_000
    const rate = ctx.rate ?? 120
    const prefix = 'rate-'
    const provider = await startProvider(ctx.folder, rate)
    let downstream: CliHost | undefined
    try {
      downstream = await startDownstream(ctx.folder, provider, { ratePerMinute: ctx.upstreamRate ?? rate, pollSeconds: 60 })
      const { csv, references } = batchCsv(prefix, rows)
      const started = Date.now()
      // The pacer keeps 90 % of the limit; money has it all while the mirror waits between polls.
      const expectedMs = (rows / (rate * 0.9)) * 60_000
      ctx.log(`  ${rows} rows at ${rate}/min: about ${minutes(expectedMs)} of sending`)
      const id = await submitBatch(downstream.url, 'Rate proof', csv)
      const batch = await untilBatchFinished(downstream.url, id, started + expectedMs * 1.5 + 5 * 60_000, ctx.log)
      const tookMs = Date.now() - started
      const atProvider = await allLogged(provider.url)
      const limited = atProvider.filter((call) => call.status === 429).length
      const sent = await allLogged(downstream.url, 'provider')
      const windows = await retryAfterWindows(downstream.url, sent)
      const inside = sentInsideWindows(sent, windows)
      const share = atProvider.length === 0 ? 0 : limited / atProvider.length
      return [
        check('the batch completed', true, `${batch.status} in ${minutes(tookMs)} (${Math.round(rows / (tookMs / 60_000))} rows a minute), ${JSON.stringify(batch.progress)}`),
        ...(await exactlyOnceChecks(provider, downstream.url, id, prefix, references)),
        check('at most 1 % of the calls answered 429 (counted at the provider)', share <= 0.01,
          `${limited} of ${atProvider.length} calls (${(share * 100).toFixed(2)} %); the connected Paydesk logged ${sent.length} calls to the provider`),
        check('no call sent inside a Retry-After', inside.length === 0,
          `${windows.length} Retry-After windows${windows.length ? ` (${Math.min(...windows.map((w) => w.retryAfterS))}-${Math.max(...windows.map((w) => w.retryAfterS))} s)` : ''}; ${inside.length} calls inside${inside.length ? `: ${inside.slice(0, 3).map((i) => `${i.call.method} ${i.call.path} at +${Math.round(i.sentAt - i.window.from)} ms`).join('; ')}` : ''}`),
      ]
    } finally {
      if (downstream) await killHard(downstream)
      await provider.stop()
    }
  },
}

/**
 * kill-1000: 1,000 rows through a provider that drops 20 % of its answers after the commit and fails 10 %
 * outright; the connected Paydesk is SIGKILLed once the provider holds a third of them, started again on
 * the same database, and the batch runs to its end.
 */
const kill1000: Scenario = {
  summary: 'a 1,000-row batch with commitThenDrop 0.2 + errorRate 0.1, the connected Paydesk SIGKILLed mid-run: exactly once',
  defaultRows: 1_000,
  async run(ctx) {
    const rows = ctx.rows ?? 1_000
    const rate = ctx.rate ?? 12_000
    const prefix = 'kill-'
    const provider = await startProvider(ctx.folder, rate)
    let downstream: CliHost | undefined
    try {
      await must(consoleCall(provider.url, 'PUT', '/console/faults/api', { scope: 'money', faults: { commitThenDrop: { rate: 0.2 }, errorRate: { rate: 0.1, status: 500 } } }), 'set the faults')
      const options = { ratePerMinute: ctx.upstreamRate ?? rate, timeoutMs: 2_000, pollSeconds: 5 }
      downstream = await startDownstream(ctx.folder, provider, options)
      const { csv, references } = batchCsv(prefix, rows)
      const started = Date.now()
      const id = await submitBatch(downstream.url, 'Crash proof', csv)
      while (provider.counts(prefix).size < Math.floor(rows / 3)) {
        if (Date.now() - started > 10 * 60_000) throw new Error('the provider never held a third of the rows')
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      await killHard(downstream)
      const midway = provider.counts(prefix).size
      ctx.log(`  SIGKILLed with ${midway} of ${rows} rows at the provider; starting it again`)
      downstream = await startDownstream(ctx.folder, provider, options)
      const batch = await untilBatchFinished(downstream.url, id, started + 20 * 60_000, ctx.log)
      return [
        check('killed in the middle', midway > 0 && midway < rows, `${midway} of ${rows} rows at the provider when killed`),
        check('the batch completed after the restart', true, `${batch.status} in ${minutes(Date.now() - started)}, ${JSON.stringify(batch.progress)}`),
        ...(await exactlyOnceChecks(provider, downstream.url, id, prefix, references)),
      ]
    } finally {
      if (downstream) await killHard(downstream)
      await provider.stop()
    }
  },
}

export const SCENARIOS: Record<string, Scenario> = { 'rate-120': rate120, 'kill-1000': kill1000 }
