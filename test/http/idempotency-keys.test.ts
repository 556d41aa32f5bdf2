import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { ALL_TIME, b2cBody, bearer, chargeBody, consoleAuth, createOrganization, errorOf, live } from './helpers'

/**
 * Production integrations send their own order reference as the Idempotency-Key; the live service accepts
 * it, so Paydesk does too (DECISIONS "Idempotency"): a non-UUID key works exactly like a UUID key and is
 * answered with a Paydesk-Warning, unless the organization turned on strict request checks.
 */
const WARNING = 'idempotency-key-not-uuid; the API reference documents a UUID'
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => server.request('POST', path, { body, headers })
const withKey = (key: string, headers: Record<string, string> = {}) => ({ 'idempotency-key': key, ...headers })
let counter = 0
const orderKey = () => `order_7f3k2_${Date.now()}${++counter}`

async function countByReference(reference: unknown, headers: Record<string, string> = {}): Promise<number> {
  const list = await server.request('GET', `/v1/transactions?${ALL_TIME}&type=charge`, { headers })
  return (list.body.data.items as { merchantTransactionId: string }[]).filter((t) => t.merchantTransactionId === reference).length
}

async function setStrict(strict: boolean, headers: Record<string, string> = consoleAuth('test')) {
  const response = await server.request('PUT', '/console/developer-settings', { headers, body: { strictRequestChecks: strict } })
  expect(response.status).toBe(200)
  expect(response.body.data.strictRequestChecks).toBe(strict)
}

describe('a non-UUID Idempotency-Key (an order reference)', () => {
  it('is accepted with a Paydesk-Warning, and replays the stored answer creating one transaction', async () => {
    const key = orderKey()
    const body = chargeBody()
    const first = await post('/v1/mobile/charge', body, withKey(key))
    const second = await post('/v1/mobile/charge', body, withKey(key))
    expect(first.status).toBe(202)
    expect(first.headers.get('paydesk-warning')).toBe(WARNING)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(second.status).toBe(202)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(second.headers.get('paydesk-warning')).toBe(WARNING)
    expect(await countByReference(body['merchantTransactionId'])).toBe(1)
  })

  it('is case-sensitive (unlike a UUID, it is an opaque string)', async () => {
    const key = orderKey()
    expect((await post('/v1/mobile/charge', chargeBody(), withKey(`${key}a`))).status).toBe(202)
    expect((await post('/v1/mobile/charge', chargeBody(), withKey(`${key}A`))).status).toBe(202)
  })

  it('answers 409 idempotency_error with a different body or on another path', async () => {
    const key = orderKey()
    const body = chargeBody()
    expect((await post('/v1/mobile/charge', body, withKey(key))).status).toBe(202)
    const changed = await post('/v1/mobile/charge', { ...body, amount: 20_000 }, withKey(key))
    expect(changed.status).toBe(409)
    expect(errorOf(changed.body)).toMatchObject({ type: 'idempotency_error', code: 'duplicate', param: 'Idempotency-Key' })
    expect(changed.headers.get('paydesk-warning')).toBe(WARNING)
    const elsewhere = await post('/v1/mobile/b2c', b2cBody(), withKey(key))
    expect(elsewhere.status).toBe(409)
  })

  it('is scoped per organization and per environment', async () => {
    const other = bearer((await createOrganization(server, 'Order Ref Org')).testKey)
    const key = orderKey()
    const body = chargeBody()
    const mine = await post('/v1/mobile/charge', body, withKey(key))
    const theirs = await post('/v1/mobile/charge', body, withKey(key, other))
    const liveOne = await post('/v1/mobile/charge', body, withKey(key, live))
    expect([mine.status, theirs.status, liveOne.status]).toEqual([202, 202, 202])
    const ids = new Set([mine.body.data.transactionId, theirs.body.data.transactionId, liveOne.body.data.transactionId])
    expect(ids.size).toBe(3)
    for (const response of [theirs, liveOne]) expect(response.headers.get('idempotent-replayed')).toBeNull()
  })

  it('is forgotten after 24 hours', async () => {
    const key = orderKey()
    expect((await post('/v1/mobile/charge', chargeBody(), withKey(key))).status).toBe(202)
    server.clock.advance(24 * 60 * 60 * 1000 - 1)
    expect((await post('/v1/mobile/charge', chargeBody(), withKey(key))).status).toBe(409)
    server.clock.advance(1)
    expect((await post('/v1/mobile/charge', chargeBody(), withKey(key))).status).toBe(202)
  })

  it('a UUID key carries no warning', async () => {
    const response = await post('/v1/mobile/charge', chargeBody(), withKey(randomUUID()))
    expect(response.status).toBe(202)
    expect(response.headers.get('paydesk-warning')).toBeNull()
  })

  it('never lands in the database in clear (it could be a misplaced secret): it is stored hashed', async () => {
    const key = orderKey()
    expect((await post('/v1/mobile/charge', chargeBody(), withKey(key))).status).toBe(202)
    const keys = server.service.internals.store.db.prepare('SELECT key FROM idempotency_keys').all() as { key: string }[]
    expect(keys.some((row) => row.key.includes(key))).toBe(false)
    expect(keys.some((row) => row.key.startsWith('sha256:'))).toBe(true)
  })
})

describe('strict request checks', () => {
  it('turn the warning into the documented 400, for the organization that set them only', async () => {
    const otherOrg = await createOrganization(server, 'Lenient Org')
    await setStrict(true)
    try {
      const key = orderKey()
      const refused = await post('/v1/mobile/charge', chargeBody(), withKey(key))
      expect(refused.status).toBe(400)
      expect(errorOf(refused.body)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_parameter', param: 'Idempotency-Key' })
      expect(errorOf(refused.body).message).toContain('UUID')
      expect(refused.headers.get('paydesk-warning')).toBeNull()
      // Both environments of the organization; a UUID key still works.
      expect((await post('/v1/mobile/charge', chargeBody(), withKey(orderKey(), live))).status).toBe(400)
      expect((await post('/v1/mobile/charge', chargeBody(), withKey(randomUUID()))).status).toBe(202)
      // Another organization keeps the lenient default.
      const lenient = await post('/v1/mobile/charge', chargeBody(), withKey(orderKey(), bearer(otherOrg.testKey)))
      expect(lenient.status).toBe(202)
      expect(lenient.headers.get('paydesk-warning')).toBe(WARNING)
      // The refused request was not stored under its key: off again, the key works.
      await setStrict(false)
      expect((await post('/v1/mobile/charge', chargeBody(), withKey(key))).status).toBe(202)
    } finally {
      await setStrict(false)
    }
  })

  it('can be forced by the host (--strict / PAYDESK_STRICT=1), whatever the setting says', async () => {
    const strictServer = await startTestServer({ strictRequestChecks: true })
    try {
      const settings = await strictServer.request('GET', '/console/developer-settings', { headers: consoleAuth('test') })
      expect(settings.body.data).toMatchObject({ strictRequestChecks: false, strictForcedByHost: true, requestLogLimit: 50_000 })
      const refused = await strictServer.request('POST', '/v1/mobile/charge', { body: chargeBody(), headers: withKey(orderKey()) })
      expect(refused.status).toBe(400)
      expect(errorOf(refused.body).param).toBe('Idempotency-Key')
    } finally {
      await strictServer.close()
    }
  })
})
