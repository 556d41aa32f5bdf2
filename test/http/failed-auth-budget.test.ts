import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { startCli, stopGracefully, type CliHost } from '../support/cli-process'
import { fromAddress } from '../support/from-address'

/**
 * Guessing is slowed: failed authentications (a console token, an API key) are budgeted per client address
 * and for all addresses together. Past the budget: 429 with Retry-After, whatever the guess; the right
 * credential keeps working from another address, and from the same one once it has authenticated. Loopback
 * is all of 127.0.0.0/8, so the tests send from several addresses of it (`localAddress`).
 */
const servers: TestServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

async function server(perAddress: number, allAddresses: number): Promise<TestServer> {
  const started = await startTestServer({ failedAuth: { perAddress: { burst: perAddress, perMinute: 6 }, allAddresses: { burst: allAddresses, perMinute: 60 } } })
  servers.push(started)
  return started
}

/** A GET from one loopback address, with `token` as the bearer (none when undefined). */
const from = (url: string, address: string, path: string, token: string | undefined) => fromAddress(url, address, path, token)

const guess = (i: number) => `pdc_guess${String(i).padStart(20, '0')}`
const keyGuess = (i: number) => `sk_test_guess${String(i).padStart(20, '0')}`

describe('a budget of failed authentications per client address', () => {
  it('answers 429 with Retry-After once an address spent it, console token and API keys alike', async () => {
    const s = await server(5, 1_000)
    for (let i = 0; i < 5; i++) expect((await from(s.url, '127.0.0.1', '/console/info', guess(i))).status).toBe(401)
    const refused = await from(s.url, '127.0.0.1', '/console/info', guess(99))
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatchObject({ code: 'too_many_requests' })
    expect(Number(refused.headers['retry-after'])).toBe(10)
    // Rotating guesses of API keys (each a different string) is slowed the same way.
    for (let i = 0; i < 5; i++) expect((await from(s.url, '127.0.0.3', '/v1/accounts', keyGuess(i))).status).toBe(401)
    expect((await from(s.url, '127.0.0.3', '/v1/accounts', keyGuess(5))).status).toBe(429)
    expect((await from(s.url, '127.0.0.3', '/v1/accounts', TEST_KEY)).status).toBe(429)
  })

  it('lets the right credential through from another address, and from the spent one once it authenticated', async () => {
    const s = await server(5, 1_000)
    expect((await from(s.url, '127.0.0.1', '/v1/accounts', TEST_KEY)).status).toBe(200)
    for (let i = 0; i < 6; i++) await from(s.url, '127.0.0.1', '/console/info', guess(i))
    expect((await from(s.url, '127.0.0.1', '/console/info', guess(6))).status).toBe(429)
    expect((await from(s.url, '127.0.0.2', '/console/info', CONSOLE_TOKEN)).status).toBe(200)
    expect((await from(s.url, '127.0.0.2', '/console/info', guess(7))).status).toBe(401)
    // From the spent address: credentials that authenticated here before pass; a new one, right or not, waits.
    expect((await from(s.url, '127.0.0.1', '/v1/accounts', TEST_KEY)).status).toBe(200)
    expect((await from(s.url, '127.0.0.1', '/console/info', CONSOLE_TOKEN)).status).toBe(200)
    expect((await from(s.url, '127.0.0.1', '/v1/accounts', LIVE_KEY)).status).toBe(429)
    // Once Retry-After has passed, the address may try again.
    s.clock.advance(10_000)
    expect((await from(s.url, '127.0.0.1', '/v1/accounts', LIVE_KEY)).status).toBe(200)
    expect((await from(s.url, '127.0.0.1', '/console/info', guess(8))).status).toBe(401)
    expect((await from(s.url, '127.0.0.1', '/console/info', guess(9))).status).toBe(429)
  })

  it('spends nothing on a request without a credential (a "no key gives 401" check is no guess)', async () => {
    const s = await server(3, 1_000)
    for (let i = 0; i < 10; i++) expect((await from(s.url, '127.0.0.4', '/v1/accounts', undefined)).status).toBe(401)
    expect((await from(s.url, '127.0.0.4', '/console/info', guess(0))).status).toBe(401)
  })

  it('budgets all addresses together too: guesses spread over many addresses are slowed', async () => {
    const s = await server(3, 6)
    expect((await from(s.url, '127.0.0.30', '/v1/accounts', TEST_KEY)).status).toBe(200)
    for (const address of ['127.0.0.11', '127.0.0.12', '127.0.0.13']) {
      for (let i = 0; i < 2; i++) expect((await from(s.url, address, '/console/info', guess(i))).status).toBe(401)
    }
    expect((await from(s.url, '127.0.0.20', '/console/info', guess(9))).status).toBe(429)
    // A credential that authenticated before still works, from any address.
    expect((await from(s.url, '127.0.0.21', '/v1/accounts', TEST_KEY)).status).toBe(200)
  })
})

describe('the CLI host', () => {
  const hosts: CliHost[] = []
  afterAll(async () => {
    for (const host of hosts) await stopGracefully(host)
  })
  const banner = (host: CliHost) => host.output().slice(0, host.output().indexOf('Press Ctrl+C to stop.'))

  it('warns on its banner about a console token that is short or low in variety, and slows guessing by default', { timeout: 60_000 }, async () => {
    const repetitive = await startCli(['--db', ':memory:', '--console-token', 'abababababababababababababab'])
    hosts.push(repetitive)
    expect(banner(repetitive)).toMatch(/Warning\s+the console token is low in variety \(2 different characters\)/)
    const short = await startCli(['--db', ':memory:', '--console-token', 'Q8vR2mX7kL4nT9wB'])
    hosts.push(short)
    expect(banner(short)).toMatch(/Warning\s+the console token is short \(16 characters; use 24 or more\)/)
    const generated = await startCli(['--db', ':memory:'])
    hosts.push(generated)
    expect(banner(generated)).not.toContain('Warning')

    // The defaults: 30 failures from an address, then 429 (one more failure allowed every 6 s).
    for (let i = 0; i < 30; i++) expect((await from(short.url, '127.0.0.1', '/console/info', guess(i))).status).toBe(401)
    const refused = await from(short.url, '127.0.0.1', '/console/info', guess(30))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect((await from(short.url, '127.0.0.2', '/console/info', 'Q8vR2mX7kL4nT9wB')).status).toBe(200)
  })
})
