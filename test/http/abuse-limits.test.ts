import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../electron/http/body'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { fireAtOnce, onNewConnection } from '../support/parallel-http'
import { rawExchange, sendOnAfterClose } from '../support/raw-http'
import { errorOf } from './helpers'

/**
 * Abusive volume: bodies past 1 MiB are refused with 413 and the connection closed (what more the client
 * uploads is read only to be discarded, for a bounded time, so the close is never a reset), and the per-key
 * rate limit holds exactly under a burst of concurrent requests, without touching other keys' budgets.
 */
describe('request size limit', () => {
  let server: TestServer
  let port: number
  beforeAll(async () => {
    server = await startTestServer()
    port = Number(new URL(server.url).port)
  })
  afterAll(() => server.close())

  const head = (extra: string[]) =>
    `${['POST /v1/mobile/charge HTTP/1.1', `Host: 127.0.0.1:${port}`, `Authorization: Bearer ${TEST_KEY}`, 'Content-Type: application/json', ...extra].join('\r\n')}\r\n\r\n`
  const big = Buffer.alloc(2 * MAX_BODY_BYTES, 'a')

  async function expectHealthy() {
    expect((await server.request('GET', '/v1/accounts')).status).toBe(200)
  }

  it('a declared body over 1 MiB gets 413 in the envelope and the connection is closed', async () => {
    const answer = await rawExchange(port, [head([`Content-Length: ${big.length}`]), big], { waitMs: 5_000 })
    expect(answer.status).toBe(413)
    expect(answer.headers['connection']).toBe('close')
    expect(errorOf(JSON.parse(answer.body)).requestId).toBe(answer.headers['x-request-id'])
    expect(answer.closedAfterMs).not.toBeNull()
    await expectHealthy()
  })

  it('a refused upload is closed in stages, never reset: the client can finish sending and still reads its 413', async () => {
    // A reset (RST) would drop the answer if it came before the client read it; a staged close never resets.
    // The server closes its side after the 413; this client keeps uploading a little longer, as a slow one would.
    const outcome = await sendOnAfterClose(port, Buffer.concat([Buffer.from(head([`Content-Length: ${big.length}`])), big]))
    expect(outcome.text.startsWith('HTTP/1.1 413 ')).toBe(true)
    expect(outcome.errors).toEqual([])
    await expectHealthy()
  })

  it('a chunked body that grows past 1 MiB gets 413 and the connection is closed before the upload ends', async () => {
    const chunk = Buffer.alloc(256 * 1024, 'a')
    const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
    // 20 MiB offered, one 256 KiB chunk every 25 ms (2 s in all) by a client that keeps sending after the
    // answer; the server refuses it after about 1 MiB and, lingering at most LINGER_MAX_MS, closes it.
    const answer = await rawExchange(port, [head(['Transfer-Encoding: chunked']), ...Array(80).fill(framed)], { intervalMs: 25, waitMs: 5_000, halfOpen: true })
    expect(answer.status).toBe(413)
    expect(answer.closedAfterMs).not.toBeNull()
    expect(answer.closedAfterMs!).toBeLessThan(80 * 25)
    await expectHealthy()
  })

  it('twenty oversized uploads at once are all refused and the server keeps serving', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => rawExchange(port, [head([`Content-Length: ${big.length}`]), big], { waitMs: 5_000 })))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(413))
    await expectHealthy()
  })
})

describe('rate limit under a burst', () => {
  const PER_MINUTE = 60
  let server: TestServer
  beforeAll(async () => {
    // The harness clock is frozen, so the bucket cannot refill during the burst: the allowance is exact.
    server = await startTestServer({ rateLimitPerMinute: PER_MINUTE })
  })
  afterAll(() => server.close())

  const get = (token: string, path = '/v1/accounts') => onNewConnection(server.url + path, 'GET', { authorization: `Bearer ${token}` })

  it('lets exactly the allowance through for one key, answers the rest 429 with Retry-After, and leaves other keys and the console alone', async () => {
    const [burst, otherKey, consoleCalls] = await Promise.all([
      fireAtOnce(200, () => get(TEST_KEY)),
      fireAtOnce(40, () => get(LIVE_KEY)),
      fireAtOnce(20, () => get(CONSOLE_TOKEN, '/console/info')),
    ])
    expect(burst.filter((a) => a.status === 200)).toHaveLength(PER_MINUTE)
    const limited = burst.filter((a) => a.status === 429)
    expect(limited).toHaveLength(200 - PER_MINUTE)
    for (const answer of limited) {
      expect(errorOf(answer.body)).toMatchObject({ type: 'rate_limit_error', code: 'too_many_requests' })
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    }
    expect(otherKey.map((a) => a.status)).toEqual(Array(40).fill(200))
    expect(consoleCalls.map((a) => a.status)).toEqual(Array(20).fill(200))
  })

  it('refills with time: after Retry-After seconds the key is served again', async () => {
    const refused = await get(TEST_KEY)
    expect(refused.status).toBe(429)
    server.clock.advance(Number(refused.headers['retry-after']) * 1_000)
    expect((await get(TEST_KEY)).status).toBe(200)
  })
})
