import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { callWithFaults } from '../../electron/http/api-faults'
import { TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { chargeBody, consoleAuth, live } from './helpers'

/**
 * API faults (docs/simulator.md "Provider faults") through the real HTTP adapter with a real client (fetch):
 * latency, errorRate, outage and commit-then-drop, per route or for every money route, per environment.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(async () => {
  expect((await server.request('POST', '/console/faults/clear', { headers: consoleAuth() })).status).toBe(200)
})
afterAll(async () => {
  await server.close()
})

async function setApiFaults(scope: string, faults: Record<string, unknown>) {
  const response = await server.request('PUT', '/console/faults/api', { headers: consoleAuth(), body: { scope, faults } })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.data
}

/** Transactions of the test environment with this merchant reference. */
async function transactionsWithReference(reference: string): Promise<string[]> {
  const response = await server.request('GET', '/v1/transactions?startDate=2020-01-01&endDate=2035-12-31&limit=100')
  expect(response.status).toBe(200)
  return (response.body.data.items as { publicId: string; merchantTransactionId: string | null }[])
    .filter((t) => t.merchantTransactionId === reference).map((t) => t.publicId)
}

async function countTransactions(): Promise<number> {
  const response = await server.request('GET', '/v1/transactions?startDate=2020-01-01&endDate=2035-12-31&limit=100')
  return (response.body.data.items as unknown[]).length
}

/** POST a charge with fetch; resolves with the answer, or 'reset' when the connection died without one. */
async function charge(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers } | 'reset'> {
  try {
    const response = await fetch(`${server.url}/v1/mobile/charge`, {
      method: 'POST', headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
    })
    return { status: response.status, body: await response.json(), headers: response.headers }
  } catch (error) {
    expect(String((error as Error).cause ?? error)).toMatch(/socket|closed|reset|terminated/i)
    return 'reset'
  }
}

describe('API faults', () => {
  it('are set per scope and environment, listed, validated and cleared', async () => {
    const state = await setApiFaults('money', { latency: { minMs: 10, maxMs: 20 }, errorRate: { rate: 0.25, status: 503 } })
    expect(state).toMatchObject({ active: true, api: [{ scope: 'money', faults: { latency: { minMs: 10, maxMs: 20 }, errorRate: { rate: 0.25, status: 503 } } }] })
    expect((await server.request('GET', '/console/faults', { headers: consoleAuth('live') })).body.data.api).toEqual([])
    for (const [faults, param] of [
      [{ errorRate: { rate: 2 } }, 'faults.errorRate.rate'],
      [{ errorRate: { rate: 1, status: 502 } }, 'faults.errorRate.status'],
      [{ outage: { from: 10, until: 5 } }, 'faults.outage.until'],
      [{ latency: { minMs: 60_001 } }, 'faults.latency.minMs'],
    ] as const) {
      const refused = await server.request('PUT', '/console/faults/api', { headers: consoleAuth(), body: { scope: 'money', faults } })
      expect(refused.status, JSON.stringify(faults)).toBe(400)
      expect(refused.body.error.param).toBe(param)
    }
    const badScope = await server.request('PUT', '/console/faults/api', { headers: consoleAuth(), body: { scope: 'console.faults.get', faults: {} } })
    expect(badScope.body.error.param).toBe('scope')
    expect((await setApiFaults('money', {})).api).toEqual([])
  })

  it('latency: the answer comes after the added time, and the request runs normally', async () => {
    await setApiFaults('money', { latency: { minMs: 300 } })
    const started = performance.now()
    const answer = await charge(chargeBody())
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    expect(answer !== 'reset' && answer.status).toBe(202)
  })

  it('errorRate 500: answered api_error without running the request; the Idempotency-Key stays unused', async () => {
    await setApiFaults('money', { errorRate: { rate: 1, status: 500 } })
    const before = await countTransactions()
    const key = randomUUID()
    const body = chargeBody()
    const answer = await charge(body, { 'idempotency-key': key })
    expect(answer !== 'reset' && answer.status).toBe(500)
    expect(answer !== 'reset' && answer.body.error).toMatchObject({ type: 'api_error', code: 'internal_error' })
    expect(await countTransactions()).toBe(before)
    // Reads are other routes: unaffected by the money scope.
    expect((await server.request('GET', '/v1/accounts')).status).toBe(200)
    await server.request('POST', '/console/faults/clear', { headers: consoleAuth() })
    const retry = await charge(body, { 'idempotency-key': key })
    expect(retry !== 'reset' && retry.status).toBe(202)
    expect(retry !== 'reset' && retry.headers.get('idempotent-replayed')).toBeNull()
  })

  it('errorRate 503 on one route only; other routes and the live environment are unaffected', async () => {
    await setApiFaults('accounts.list', { errorRate: { rate: 1, status: 503 } })
    const accounts = await server.request('GET', '/v1/accounts')
    expect(accounts.status).toBe(503)
    expect(accounts.body.error).toMatchObject({ type: 'api_error', code: 'internal_error' })
    expect(accounts.headers.get('retry-after')).toBe('1')
    expect((await server.request('GET', '/v1/accounts', { headers: live })).status).toBe(200)
    expect((await server.request('GET', '/v1/local-bank-codes?country=KE')).status).toBe(200)
    const answer = await charge(chargeBody())
    expect(answer !== 'reset' && answer.status).toBe(202)
  })

  it('errorRate 0.5 fails about half the requests', async () => {
    await setApiFaults('accounts.list', { errorRate: { rate: 0.5 } })
    const statuses: number[] = []
    for (let i = 0; i < 60; i++) statuses.push((await server.request('GET', '/v1/accounts')).status)
    const failed = statuses.filter((s) => s === 500).length
    expect(failed).toBeGreaterThan(10)
    expect(failed).toBeLessThan(50)
    expect(statuses.every((s) => s === 200 || s === 500)).toBe(true)
  })

  it('outage: 503 with Retry-After between two simulated-clock times, then normal again', async () => {
    const now = server.clock.now()
    await setApiFaults('money', { outage: { from: now, until: now + 60_000 } })
    const before = await countTransactions()
    const during = await charge(chargeBody())
    expect(during !== 'reset' && during.status).toBe(503)
    expect(during !== 'reset' && during.headers.get('retry-after')).toBe('60')
    server.clock.advance(45_000)
    const later = await charge(chargeBody())
    expect(later !== 'reset' && later.headers.get('retry-after')).toBe('15')
    expect(await countTransactions()).toBe(before)
    server.clock.advance(15_000)
    const after = await charge(chargeBody())
    expect(after !== 'reset' && after.status).toBe(202)
  })

  it('commit-then-drop + a keyed retry: the connection dies, the retry gets the original answer, one transaction', async () => {
    await setApiFaults('money', { commitThenDrop: {} })
    const body = chargeBody()
    const key = randomUUID()
    expect(await charge(body, { 'idempotency-key': key })).toBe('reset')
    const created = await transactionsWithReference(body['merchantTransactionId'] as string)
    expect(created).toHaveLength(1)
    const retry = await charge(body, { 'idempotency-key': key })
    expect(retry !== 'reset' && retry.status).toBe(202)
    expect(retry !== 'reset' && retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry !== 'reset' && retry.body.data.transactionId).toBe(created[0])
    expect(await transactionsWithReference(body['merchantTransactionId'] as string)).toEqual(created)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('commit-then-drop + an unkeyed retry: a second transaction, as production would (or 409 when the reference repeats)', async () => {
    await setApiFaults('mobile.charge', { commitThenDrop: { rate: 1 } })
    const before = await countTransactions()
    const body = chargeBody()
    expect(await charge(body)).toBe('reset')
    // The same reference again is refused (409 duplicate): nothing committed, so that answer is not dropped.
    const sameReference = await charge(body)
    expect(sameReference !== 'reset' && sameReference.status).toBe(409)
    // A client that retries without a key and makes up a new reference pays twice.
    expect(await charge(chargeBody())).toBe('reset')
    expect(await countTransactions()).toBe(before + 2)
  })

  it('the adapter names the faults applied to each request in one place', async () => {
    await setApiFaults('money', { latency: { minMs: 1 }, commitThenDrop: {} })
    const ctx = { bearer: TEST_KEY, requestId: 'req_test' }
    const first = await callWithFaults(server.service, 'mobile.charge', true, { body: chargeBody() }, ctx)
    expect(first).toMatchObject({ faults: ['latency', 'commit-then-drop'], drop: true })
    const refused = await callWithFaults(server.service, 'mobile.charge', true, { body: { amount: -1 } }, ctx)
    expect(refused).toMatchObject({ faults: ['latency'], drop: false })
    expect(refused.response.status).toBe(400)
    const consoleRoute = await callWithFaults(server.service, 'console.faults.get', false, {}, { ...ctx, bearer: undefined, trustedConsole: true })
    expect(consoleRoute.faults).toEqual([])
  })
})
