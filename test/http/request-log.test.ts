import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushEvent } from '../../shared/api/push-events'
import { REQUEST_LOG_QUEUE_LIMIT } from '../../electron/service/request-log/request-log'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, WEBHOOK_SECRET, startTestServer, type TestServer } from '../support/harness'
import { bearer, chargeBody, consoleAuth, createOrganization, live } from './helpers'

/**
 * The API request log (Developers → Requests): every /v1 request of both environments, refused ones
 * too, read back through the console routes as QA's scripts would.
 */
let server: TestServer
const pushed: PushEvent[] = []
beforeAll(async () => {
  server = await startTestServer()
  server.service.onEvent((event) => pushed.push(event))
})
afterAll(() => server.close())

type Entry = {
  requestId: string; environment: string; at: number; method: string; path: string; query: string; status: number; durationMs: number
  keyPrefix: string | null; idempotencyKey: string | null; replayed: boolean; warnings: { code: string; message: string }[]
  faults: string[]; transactionId: string | null
}
type Detail = Entry & {
  requestHeaders: Record<string, string>; requestBody: string | null; responseHeaders: Record<string, string>; responseBody: string | null
  webhookEvents: { id: string; type: string; createdAt: number }[]
}

async function log(query: Record<string, string> = {}, environment: 'test' | 'live' = 'test'): Promise<{ items: Entry[]; nextCursor: string | null }> {
  const response = await server.request('GET', `/console/requests?${new URLSearchParams(query)}`, { headers: consoleAuth(environment) })
  expect(response.status).toBe(200)
  return response.body.data
}

async function one(requestId: string, environment: 'test' | 'live' = 'test'): Promise<Detail> {
  const response = await server.request('GET', `/console/requests/${requestId}`, { headers: consoleAuth(environment) })
  expect(response.status).toBe(200)
  return response.body.data
}

const requestIdOf = (response: { headers: Headers }) => response.headers.get('x-request-id')!

describe('the request log', () => {
  it('records a request with its key prefix, Idempotency-Key, replay, warning, bodies, headers and transaction', async () => {
    const body = chargeBody()
    const key = `order_7f3k2_${Date.now()}`
    const first = await server.request('POST', '/v1/mobile/charge?source=checkout', { body, headers: { 'idempotency-key': key } })
    const second = await server.request('POST', '/v1/mobile/charge?source=checkout', { body, headers: { 'idempotency-key': key } })
    expect([first.status, second.status]).toEqual([202, 202])
    // Read straight away, without a tick: readers see everything answered so far.
    const detail = await one(requestIdOf(first))
    expect(detail).toMatchObject({
      requestId: requestIdOf(first), environment: 'test', method: 'POST', path: '/v1/mobile/charge', query: '?source=checkout', status: 202,
      keyPrefix: `${TEST_KEY.slice(0, 12)}…${TEST_KEY.slice(-4)}`, idempotencyKey: key, replayed: false,
      warnings: [{ code: 'idempotency-key-not-uuid', message: 'the API reference documents a UUID' }], faults: [],
      transactionId: first.body.data.transactionId,
    })
    expect(detail.at).toBe(server.service.internals.engine.now())
    expect(detail.durationMs).toBeGreaterThanOrEqual(0)
    expect(JSON.parse(detail.requestBody!)).toEqual(body)
    expect(JSON.parse(detail.responseBody!)).toEqual(first.body)
    expect(detail.requestHeaders).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': key, authorization: `Bearer ${detail.keyPrefix}` })
    expect(detail.responseHeaders).toMatchObject({ 'X-Request-Id': requestIdOf(first), 'Paydesk-Warning': first.headers.get('paydesk-warning') })
    const replay = await one(requestIdOf(second))
    expect(replay).toMatchObject({ replayed: true, status: 202, transactionId: first.body.data.transactionId })
    expect(replay.responseHeaders['Idempotent-Replayed']).toBe('true')
  })

  it('records refused requests (400, 401, 404, 405, 409, 413, 429) and never console routes', async () => {
    const refused = [
      await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ amount: 'lots' }) }),
      await server.request('POST', '/v1/mobile/charge', { rawBody: '{"amount": ', headers: { 'content-type': 'application/json' } }),
      await server.request('GET', '/v1/accounts', { headers: { authorization: '' } }),
      await server.request('GET', '/v1/accounts', { headers: bearer('sk_test_doesnotexist000000') }),
      await server.request('GET', '/v1/nowhere?x=1'),
      await server.request('DELETE', '/v1/accounts'),
      await server.request('POST', '/v1/mobile/charge', { rawBody: 'x'.repeat(1024 * 1024 + 1), headers: { 'content-type': 'application/json' } }),
    ]
    const key = randomUUID()
    const body = chargeBody()
    await server.request('POST', '/v1/mobile/charge', { body, headers: { 'idempotency-key': key } })
    refused.push(await server.request('POST', '/v1/mobile/charge', { body: { ...body, amount: 20_000 }, headers: { 'idempotency-key': key } }))
    expect(refused.map((r) => r.status)).toEqual([400, 400, 401, 401, 404, 405, 413, 409])
    for (const response of refused) {
      const found = await log({ requestId: requestIdOf(response) })
      expect(found.items.map((e) => [e.requestId, e.status])).toEqual([[requestIdOf(response), response.status]])
      expect(JSON.parse((await one(requestIdOf(response))).responseBody!)).toEqual(response.body)
    }
    // Refused before the engine authenticated it (bad JSON, too large): a known key still names itself.
    const testPrefix = `${TEST_KEY.slice(0, 12)}…${TEST_KEY.slice(-4)}`
    expect((await one(requestIdOf(refused[1]!))).keyPrefix).toBe(testPrefix)
    expect((await one(requestIdOf(refused[6]!))).keyPrefix).toBe(testPrefix)
    const unknownKey = await one(requestIdOf(refused[3]!))
    expect(unknownKey.keyPrefix).toBeNull()
    expect(unknownKey.requestHeaders['authorization']).toBe('Bearer [redacted]')
    expect((await one(requestIdOf(refused[4]!))).query).toBe('?x=1')

    const limited = await startTestServer({ rateLimitPerMinute: 1 })
    try {
      await limited.request('GET', '/v1/accounts')
      const tooMany = await limited.request('GET', '/v1/accounts')
      expect(tooMany.status).toBe(429)
      const found = await limited.request('GET', `/console/requests?requestId=${requestIdOf(tooMany)}`, { headers: consoleAuth('test') })
      expect(found.body.data.items.map((e: Entry) => [e.status, e.keyPrefix])).toEqual([[429, `${TEST_KEY.slice(0, 12)}…${TEST_KEY.slice(-4)}`]])
    } finally {
      await limited.close()
    }

    // A revoked key is refused (401) but named, so you can see which key your integration still sends.
    const created = await server.request('POST', '/console/keys', { headers: consoleAuth('test'), body: { label: 'to revoke' } })
    await server.request('POST', `/console/keys/${created.body.data.id}/revoke`, { headers: consoleAuth('test') })
    const revoked = await server.request('GET', '/v1/accounts', { headers: bearer(created.body.data.key) })
    expect(revoked.status).toBe(401)
    expect((await one(requestIdOf(revoked))).keyPrefix).toBe(created.body.data.prefix)

    const info = await server.request('GET', '/console/info', { headers: consoleAuth('test') })
    expect(info.status).toBe(200)
    expect((await log({ requestId: requestIdOf(info) })).items).toEqual([])
    expect((await log({ path: '/console' })).items).toEqual([])
  })

  it('keeps each environment apart, and each organization sees only its own requests (and unauthenticated ones)', async () => {
    const liveCall = await server.request('GET', '/v1/accounts', { headers: live })
    const liveRefused = await server.request('GET', '/v1/accounts', { headers: bearer('sk_live_doesnotexist000000') })
    expect((await log({ requestId: requestIdOf(liveCall) }, 'live')).items).toHaveLength(1)
    expect((await log({ requestId: requestIdOf(liveRefused) }, 'live')).items).toHaveLength(1)
    expect((await log({ requestId: requestIdOf(liveCall) }, 'test')).items).toHaveLength(0)

    const other = await createOrganization(server, 'Log Org')
    const theirs = await server.request('GET', '/v1/accounts', { headers: bearer(other.testKey) })
    expect((await log({ requestId: requestIdOf(theirs) })).items).toHaveLength(0)
    const theirLog = await server.request('GET', `/console/requests?requestId=${requestIdOf(theirs)}`, {
      headers: { ...consoleAuth('test'), 'paydesk-organization': other.id },
    })
    expect(theirLog.body.data.items).toHaveLength(1)
  })

  it('filters by status class, path, key, Idempotency-Key, transaction and time, newest first, and pages with a cursor', async () => {
    const from = server.service.internals.engine.now() + 1
    server.clock.advance(1_000)
    const key = `filter-${randomUUID()}`
    const created = await server.request('POST', '/v1/mobile/charge', { body: chargeBody(), headers: { 'idempotency-key': key } })
    const txId: string = created.body.data.transactionId
    const read = await server.request('GET', `/v1/transactions/${txId}`)
    const readOld = await server.request('GET', `/v1/transaction?transactionId=${txId}`)
    const bad = await server.request('POST', '/v1/mobile/b2c', { body: { amount: -1 } })
    expect([created.status, read.status, readOld.status, bad.status]).toEqual([202, 200, 200, 400])

    const recent = await log({ from: String(from) })
    expect(recent.items.map((e) => e.requestId)).toEqual([bad, readOld, read, created].map(requestIdOf))
    expect((await log({ from: String(from), status: '4xx' })).items.map((e) => e.requestId)).toEqual([requestIdOf(bad)])
    expect((await log({ from: String(from), status: '2xx', path: '/v1/transaction' })).items.map((e) => e.requestId)).toEqual([readOld, read].map(requestIdOf))
    expect((await log({ idempotencyKey: key })).items.map((e) => e.requestId)).toEqual([requestIdOf(created)])
    // Transaction detail's "requests": the one that created it and the ones that read it.
    expect((await log({ transactionId: txId })).items.map((e) => e.requestId)).toEqual([readOld, read, created].map(requestIdOf))
    expect((await log({ from: String(from), key: TEST_KEY.slice(0, 12) })).items).toHaveLength(4)
    expect((await log({ from: String(from), key: 'sk_live_' })).items).toHaveLength(0)
    expect((await log({ to: String(from - 1), requestId: requestIdOf(created) })).items).toHaveLength(0)

    const page1 = await log({ from: String(from), limit: '3' })
    expect(page1.items).toHaveLength(3)
    expect(page1.nextCursor).not.toBeNull()
    const page2 = await log({ from: String(from), limit: '3', cursor: page1.nextCursor! })
    expect(page2.items.map((e) => e.requestId)).toEqual([requestIdOf(created)])
    expect(page2.nextCursor).toBeNull()

    const badQuery = await server.request('GET', '/console/requests?status=6xx', { headers: consoleAuth('test') })
    expect(badQuery.status).toBe(400)
    expect((await server.request('GET', '/console/requests/req_nope', { headers: consoleAuth('test') })).status).toBe(404)
  })

  it('links a request to its transaction and the webhook events the transaction caused', async () => {
    const created = await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    const txId: string = created.body.data.transactionId
    server.clock.advance(10_000)
    await server.service.tick()
    const detail = await one(requestIdOf(created))
    expect(detail.transactionId).toBe(txId)
    expect(detail.webhookEvents.map((e) => e.type)).toContain('transaction.succeeded')
    const events = await server.request('GET', `/console/webhooks/events?transactionId=${txId}`, { headers: consoleAuth('test') })
    expect(detail.webhookEvents.map((e) => e.id).sort()).toEqual(events.body.data.items.map((e: { id: string }) => e.id).sort())
  })

  it('announces new entries with a push event, once per write batch', async () => {
    pushed.length = 0
    await server.request('GET', '/v1/accounts')
    await server.request('GET', '/v1/accounts', { headers: live })
    await server.service.tick()
    expect(pushed.filter((e) => e.type === 'requests.logged')).toEqual([
      { type: 'requests.logged', environment: 'test' }, { type: 'requests.logged', environment: 'live' },
    ])
  })

  it('is written with the next batch of requests (sharing its COMMIT); a log that cannot be written fails no request', async () => {
    const { db } = server.service.internals.store
    const count = () => db.prepare('SELECT COUNT(*) FROM api_requests').pluck().get() as number
    await server.service.tick()
    const before = count()
    const first = await server.request('GET', '/v1/accounts')
    expect(count()).toBe(before) // queued: nothing written on the request path
    await server.request('GET', '/v1/accounts')
    // The second request's batch wrote the first one's entry, no tick needed.
    expect(db.prepare('SELECT request_id FROM api_requests WHERE request_id = ?').pluck().get(requestIdOf(first))).toBe(requestIdOf(first))
    db.exec("CREATE TEMP TRIGGER refuse_log BEFORE INSERT ON main.api_requests BEGIN SELECT RAISE(ABORT, 'log refused'); END")
    try {
      const charges = await Promise.all([1, 2, 3].map((n) => server.request('POST', '/v1/mobile/charge', { body: chargeBody({ merchantTransactionId: `log-refused-${n}-${randomUUID()}` }) })))
      expect(charges.map((r) => r.status)).toEqual([202, 202, 202])
      const again = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ merchantTransactionId: `log-refused-4-${randomUUID()}` }) })
      expect(again.status).toBe(202)
      const stored = db.prepare('SELECT COUNT(*) FROM transactions WHERE merchant_transaction_id LIKE ?').pluck().get('log-refused-%')
      expect(stored).toBe(4)
    } finally {
      db.exec('DROP TRIGGER refuse_log')
    }
  })

  it('never stores a secret: keys in the body, the query, the Idempotency-Key or the Authorization header are redacted', async () => {
    const secrets = [TEST_KEY, LIVE_KEY, CONSOLE_TOKEN, WEBHOOK_SECRET]
    const sent = [
      await server.request('POST', '/v1/mobile/charge', { rawBody: `{"note": "${TEST_KEY} ${WEBHOOK_SECRET}"`, headers: { 'content-type': 'application/json' } }),
      await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ narration: `key ${LIVE_KEY}` }) }),
      await server.request('POST', '/v1/mobile/charge', { body: chargeBody(), headers: { 'idempotency-key': TEST_KEY } }),
      await server.request('GET', `/v1/accounts?api_key=${TEST_KEY}&token=${CONSOLE_TOKEN}`),
      await server.request('GET', '/v1/accounts', { headers: { authorization: `Basic ${LIVE_KEY}`, 'x-api-key': TEST_KEY, cookie: `s=${CONSOLE_TOKEN}` } }),
      await server.request('GET', '/v1/accounts', { headers: bearer(CONSOLE_TOKEN) }),
    ]
    const texts = [JSON.stringify(await log({ limit: '200' }))]
    for (const response of sent) texts.push(JSON.stringify(await one(requestIdOf(response))))
    for (const text of texts) for (const secret of secrets) expect(text.includes(secret), `${secret.slice(0, 8)}… in ${text.slice(0, 200)}`).toBe(false)
    expect((await one(requestIdOf(sent[2]!))).idempotencyKey).toBe('sk_test_[redacted]')
    expect((await one(requestIdOf(sent[5]!))).keyPrefix).toBe('console')
    const rows = server.service.internals.store.db.prepare('SELECT * FROM api_requests').all()
    const stored = JSON.stringify(rows)
    for (const secret of secrets) expect(stored.includes(secret)).toBe(false)
  })

  it('shows the API faults a host applied to a request (the fault lab fills ApiExchange.faults)', async () => {
    server.service.logRequest({
      requestId: 'req_faulted0001', method: 'POST', path: '/v1/mobile/charge', query: '', status: 503, durationMs: 1,
      requestHeaders: { authorization: `Bearer ${TEST_KEY}` }, requestBody: null, responseHeaders: {}, responseBody: '{}',
      bearer: TEST_KEY, notes: {}, faults: ['http-503', 'latency-2000ms'],
    })
    const detail = await one('req_faulted0001')
    const prefix = `${TEST_KEY.slice(0, 12)}…${TEST_KEY.slice(-4)}`
    expect(detail).toMatchObject({ status: 503, faults: ['http-503', 'latency-2000ms'], keyPrefix: prefix, environment: 'test' })
    expect(detail.requestHeaders['authorization']).toBe(`Bearer ${prefix}`)
  })

  it('is bounded per environment: the oldest requests are dropped in batches once the limit is passed', async () => {
    const bounded = await startTestServer()
    try {
      const settings = await bounded.request('PUT', '/console/developer-settings', { headers: consoleAuth('test'), body: { requestLogLimit: 10 } })
      expect(settings.body.data.requestLogLimit).toBe(10)
      const ids: string[] = []
      for (let i = 0; i < 30; i++) {
        ids.push(requestIdOf(await bounded.request('GET', '/v1/accounts')))
        if (i % 4 === 3) await bounded.service.tick()
      }
      await bounded.request('GET', '/v1/accounts', { headers: live })
      const page = (await bounded.request('GET', '/console/requests?limit=200', { headers: consoleAuth('test') })).body.data
      // The newest 10 always; at most 1% (at least one) more until the next batch is dropped.
      expect(page.items.length).toBeGreaterThanOrEqual(10)
      expect(page.items.length).toBeLessThanOrEqual(11)
      expect(page.items.slice(0, 10).map((e: Entry) => e.requestId)).toEqual(ids.slice(-10).reverse())
      for (const gone of ids.slice(0, 19)) expect(page.items.some((e: Entry) => e.requestId === gone)).toBe(false)
      // The other environment has its own bound.
      expect((await bounded.request('GET', '/console/requests', { headers: consoleAuth('live') })).body.data.items).toHaveLength(1)
      const refusedLimit = await bounded.request('PUT', '/console/developer-settings', { headers: consoleAuth('test'), body: { requestLogLimit: 3 } })
      expect(refusedLimit.status).toBe(400)
    } finally {
      await bounded.close()
    }
  })
  it('holds at most REQUEST_LOG_QUEUE_LIMIT exchanges in memory: with no tick, no reader and no batch, the one reaching it writes the queue', async () => {
    const busy = await startTestServer()
    const events: PushEvent[] = []
    busy.service.onEvent((event) => events.push(event))
    const logged = () => events.filter((event) => event.type === 'requests.logged').length
    try {
      const ids: string[] = []
      const send = async (count: number) => {
        for (let sent = 0; sent < count; sent += 50) {
          // Refused by the adapter (no such route): they run no batch, which would write the queue.
          const round = await Promise.all(Array.from({ length: Math.min(50, count - sent) }, () => busy.request('GET', '/v1/no-such-route')))
          ids.push(...round.map(requestIdOf))
        }
      }
      await send(REQUEST_LOG_QUEUE_LIMIT - 1)
      expect(logged()).toBe(0) // nothing ticks here: all of them still queued
      await send(1)
      expect(logged()).toBe(1)
      // Written, not dropped: every one of them is in the log.
      const stored = new Set<string>()
      let cursor: string | null = null
      do {
        const page: { items: Entry[]; nextCursor: string | null } = (await busy.request('GET', `/console/requests?limit=200${cursor ? `&cursor=${cursor}` : ''}`, { headers: consoleAuth('test') })).body.data
        for (const entry of page.items) stored.add(entry.requestId)
        cursor = page.nextCursor
      } while (cursor)
      expect(ids.filter((id) => !stored.has(id))).toEqual([])
      expect(stored.size).toBe(REQUEST_LOG_QUEUE_LIMIT)
    } finally {
      await busy.close()
    }
  })
})
