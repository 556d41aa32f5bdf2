import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProviderClient, UpstreamError, type ProviderClientOptions } from '../../electron/service/upstream/client'
import { parseUpstreamUrl, environmentOfKey, keyFingerprint } from '../../electron/service/upstream/base-url'
import { createPacer, type PriorityClass } from '../../electron/service/upstream/pacer'
import type { ApiExchange } from '../../electron/service'
import { TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { consoleAuth } from './helpers'

/**
 * The provider client against a second Paydesk standing in for the provider (its own keys, its fault lab,
 * its rate limit on its fake clock): pacing, 429, 401, timeouts, 5xx, and what the request log is given.
 */
let provider: TestServer
beforeAll(async () => {
  provider = await startTestServer({ rateLimitPerMinute: 3 })
})
afterAll(async () => {
  await provider.close()
})

/** A client whose waits move the provider's clock instead of sleeping, and which keeps what it records. */
function client(extra: Partial<ProviderClientOptions> = {}) {
  const recorded: { exchange: ApiExchange; at: number }[] = []
  const sleeps: number[] = []
  const upstream = createProviderClient({
    url: `${provider.url}/v1/`, key: TEST_KEY, now: provider.clock.now,
    sleep: async (ms) => {
      sleeps.push(ms)
      provider.clock.advance(ms)
    },
    record: (exchange) => recorded.push({ exchange, at: provider.clock.now() }),
    scope: { organizationId: 'org_x', environment: 'test' },
    ...extra,
  })
  return { upstream, recorded, sleeps }
}

async function setFaults(scope: string, faults: Record<string, unknown>) {
  const response = await provider.request('PUT', '/console/faults/api', { headers: consoleAuth(), body: { scope, faults } })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
}

describe('the provider address and key', () => {
  it('takes https anywhere, http only to loopback, a trailing /v1', () => {
    expect(parseUpstreamUrl('https://api.provider.example/v1')).toBe('https://api.provider.example')
    expect(parseUpstreamUrl('https://api.provider.example/base/v1/')).toBe('https://api.provider.example/base')
    expect(parseUpstreamUrl('http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000')
    expect(parseUpstreamUrl('http://localhost:9000/v1')).toBe('http://localhost:9000')
    for (const bad of ['http://provider.example', 'ftp://127.0.0.1', 'not a url', 'https://user:pw@provider.example', 'https://p.example/?a=1']) {
      expect(() => parseUpstreamUrl(bad), bad).toThrow()
    }
    expect(environmentOfKey('sk_live_abcdef12')).toBe('live')
    expect(environmentOfKey('sk_test_abcdef12')).toBe('test')
    expect(environmentOfKey('whsec_abc')).toBeNull()
    expect(keyFingerprint('sk_test_abcdefab12')).toBe('…ab12')
  })
})

describe('the provider client', () => {
  it('answers as the provider did and records the exchange as Paydesk to the provider, without the key', async () => {
    const { upstream, recorded } = client()
    const answer = await upstream.request('other', 'GET', '/accounts')
    expect(answer.status).toBe(200)
    expect(answer.json.data.items.length).toBeGreaterThan(0)
    const { exchange } = recorded[0]!
    expect(exchange).toMatchObject({ method: 'GET', path: '/v1/accounts', status: 200, notes: { keyPrefix: 'provider', environment: 'test', organizationId: 'org_x' } })
    expect(JSON.stringify({ ...exchange, requestBody: null })).not.toContain(TEST_KEY.slice(8))
    provider.clock.advance(60_000)
  })

  it('on 429 waits Retry-After with every request, then sends the same request again', async () => {
    const { upstream, recorded, sleeps } = client()
    provider.clock.advance(60_000)
    const answers = await Promise.all([1, 2, 3, 4].map((n) => upstream.request(n % 2 ? 'sync' : 'money', 'GET', '/accounts')))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    const refused = recorded.find((r) => r.exchange.status === 429)!
    expect(refused).toBeDefined()
    const wait = Number(refused.exchange.responseHeaders['retry-after']) * 1000
    expect(sleeps).toContain(wait)
    // Nothing was sent while the pause ran.
    const after = recorded.slice(recorded.indexOf(refused) + 1)
    expect(after.length).toBeGreaterThan(0)
    for (const r of after) expect(r.at).toBeGreaterThanOrEqual(refused.at + wait)
    provider.clock.advance(120_000)
  })

  it('on 401 pauses the connection, says so once, and sends nothing more', async () => {
    let refusals = 0
    const { upstream, recorded } = client({ key: 'sk_test_revokedkey000000000000001', onKeyRefused: () => refusals++ })
    await expect(upstream.request('sync', 'GET', '/accounts')).rejects.toMatchObject({ kind: 'key_refused' })
    await expect(upstream.request('money', 'GET', '/accounts')).rejects.toMatchObject({ kind: 'key_refused' })
    expect(refusals).toBe(1)
    expect(recorded).toHaveLength(1)
    expect(upstream.keyRefusedAt()).not.toBeNull()
    provider.clock.advance(60_000)
  })

  it('gives up after the timeout, answers a 5xx as it came, and says when nothing answers', async () => {
    const { upstream } = client({ timeoutMs: 100 })
    await setFaults('balance.get', { latency: { minMs: 1500 } })
    await setFaults('accounts.list', { errorRate: { rate: 1, status: 503 } })
    try {
      const accounts = await upstream.request('other', 'GET', '/accounts')
      expect(accounts.status).toBe(503)
      const slow = await upstream.request('other', 'GET', '/balance', { query: { accountNo: 'x' } }).catch((e: unknown) => e)
      expect(slow).toBeInstanceOf(UpstreamError)
      expect((slow as UpstreamError).kind).toBe('timeout')
    } finally {
      expect((await provider.request('POST', '/console/faults/clear', { headers: consoleAuth() })).status).toBe(200)
    }
    const nowhere = createProviderClient({ url: 'http://127.0.0.1:1', key: TEST_KEY, timeoutMs: 2000 })
    await expect(nowhere.request('sync', 'GET', '/accounts')).rejects.toMatchObject({ kind: 'unreachable' })
    provider.clock.advance(60_000)
  })
})

describe('the pacer', () => {
  it('keeps under 90 % of the limit, money first by share, an idle class lending its share', async () => {
    let t = 0
    const pacer = createPacer({ perMinute: 60, now: () => t, sleep: async (ms) => void (t += ms) })
    const order: PriorityClass[] = []
    const turns: Promise<void>[] = []
    for (let i = 0; i < 20; i++) for (const cls of ['sync', 'money', 'other'] as const) turns.push(pacer.acquire(cls).then(() => void order.push(cls)))
    await Promise.all(turns)
    // 60 a minute at 90 %: 54 a minute; a burst of 4 first, so 60 calls take about (60 - 4) / 0.9 seconds.
    expect(t).toBeGreaterThanOrEqual(Math.floor(((60 - 4) / 0.9) * 1000) - 1000)
    const first20 = order.slice(0, 20)
    expect(first20.filter((c) => c === 'money').length).toBeGreaterThanOrEqual(12)
    expect(first20.filter((c) => c === 'sync').length).toBeGreaterThanOrEqual(3)
    expect(first20.filter((c) => c === 'other').length).toBeGreaterThanOrEqual(1)
    // Once money is done, sync and other share what is left; all 60 were served.
    expect(order).toHaveLength(60)
    expect(order.slice(-5).includes('money')).toBe(false)
    expect(pacer.usedLastMinute()).toBeLessThanOrEqual(55)
  })
})
