import { CONSOLE_TOKEN, startTestServer, type TestServer } from './harness'
import type { UpstreamSettings } from '../../electron/service'

/** The provider's own test key: a second Paydesk standing in for the merchant's provider account. */
export const PROVIDER_KEY = 'sk_test_providerkey00000000000ab12'
const consoleHeaders = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' }

export interface UpstreamPair {
  provider: TestServer
  paydesk: TestServer
  /** A console call on the connected Paydesk (test environment). */
  console(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>
  /** Starts a sync (a whole cycle, or the days given) and waits for its job to end; returns the job. */
  sync(range?: { from?: string; to?: string }): Promise<any>
  /** Moves both clocks (the provider's and ours) forward together, and runs the provider's due work. */
  advance(ms: number): Promise<void>
  close(): Promise<void>
}

/** A provider (its own keys, optional seeded history) and a Paydesk connected to it, on one simulated time. */
export async function startUpstreamPair(options: { seedHistory?: number; upstream?: Partial<UpstreamSettings>; rateLimitPerMinute?: number } = {}): Promise<UpstreamPair> {
  const provider = await startTestServer({ apiKey: PROVIDER_KEY, seedHistory: options.seedHistory, rateLimitPerMinute: options.rateLimitPerMinute })
  const paydesk = await startTestServer({ upstream: pairSettings(provider, options.upstream) })
  return pairOf(provider, paydesk)
}

/** The connection settings the pair's Paydesk uses (read mode, a 60 s poll, 3 days of lookback). */
export function pairSettings(provider: TestServer, upstream: Partial<UpstreamSettings> = {}): UpstreamSettings {
  return { url: `${provider.url}/v1`, key: PROVIDER_KEY, mode: 'read', pollSeconds: 60, lookbackDays: 3, ratePerMinute: 6000, timeoutMs: 5000, ...upstream }
}

/** The pair's helpers over a provider and a Paydesk connected to it (at start, or later with `connectUpstream`). */
export function pairOf(provider: TestServer, paydesk: TestServer): UpstreamPair {
  const pair: UpstreamPair = {
    provider, paydesk,
    async console(method, path, body) {
      const answer = await paydesk.request(method, path, { headers: consoleHeaders, body })
      return { status: answer.status, body: answer.body }
    },
    async sync(range = {}) {
      const started = await pair.console('POST', '/console/upstream/sync', range)
      if (started.status !== 202) throw new Error(`sync refused: ${JSON.stringify(started.body)}`)
      const jobId = started.body.data.jobId as string
      for (;;) {
        const job = await pair.console('GET', `/console/upstream/sync/${jobId}`)
        if (job.body.data.status === 'done' || job.body.data.status === 'failed') return job.body.data
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
    async advance(ms) {
      provider.clock.advance(ms)
      paydesk.clock.advance(ms)
      await provider.service.tick()
    },
    async close() {
      await paydesk.close()
      await provider.close()
    },
  }
  return pair
}
