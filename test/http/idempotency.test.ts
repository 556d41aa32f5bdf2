import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { ALL_TIME, b2cBody, bankTransferBody, bearer, chargeBody, createOrganization, defaultAccount, errorOf, live } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => server.request('POST', path, { body, headers })
const withKey = (key: string, headers: Record<string, string> = {}) => ({ 'idempotency-key': key, ...headers })

async function countByReference(reference: unknown, headers: Record<string, string> = {}): Promise<number> {
  const list = await server.request('GET', `/v1/transactions?${ALL_TIME}&type=charge`, { headers })
  return (list.body.data.items as { merchantTransactionId: string }[]).filter((t) => t.merchantTransactionId === reference).length
}

describe('Idempotency-Key', () => {
  it('is 1 to 255 printable ASCII characters: empty, longer or non-printable is 400 (a non-UUID key is accepted: idempotency-keys.test.ts)', async () => {
    for (const key of ['', 'x'.repeat(256), 'order\t42', 'clé-42']) {
      const response = await post('/v1/mobile/charge', chargeBody(), withKey(key))
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_parameter', param: 'Idempotency-Key' })
      expect(response.headers.get('paydesk-warning')).toBeNull()
    }
    for (const key of ['abc', '12345678-1234-1234-1234-12345678901', `${randomUUID()}x`, 'x'.repeat(255), ' ~!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}']) {
      expect((await post('/v1/mobile/charge', chargeBody(), withKey(key))).status).toBe(202)
    }
  })

  it('replays the stored status and body for the same request, creating one transaction', async () => {
    const key = randomUUID()
    const body = chargeBody()
    const first = await post('/v1/mobile/charge', body, withKey(key))
    const second = await post('/v1/mobile/charge', body, withKey(key))
    expect(first.status).toBe(202)
    expect(second.status).toBe(202)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
    expect(await countByReference(body['merchantTransactionId'])).toBe(1)
  })

  it('treats the key case-insensitively and the body by value, not by key order', async () => {
    const key = randomUUID()
    const body = chargeBody()
    const first = await post('/v1/mobile/charge', body, withKey(key))
    const reordered = Object.fromEntries(Object.entries(body).reverse())
    const second = await post('/v1/mobile/charge', reordered, withKey(key.toUpperCase()))
    expect(second.status).toBe(202)
    expect(second.body).toEqual(first.body)
  })

  it('answers 409 idempotency_error when the key comes back with a different body', async () => {
    const key = randomUUID()
    const body = chargeBody()
    expect((await post('/v1/mobile/charge', body, withKey(key))).status).toBe(202)
    const changed = await post('/v1/mobile/charge', { ...body, amount: 20_000 }, withKey(key))
    expect(changed.status).toBe(409)
    expect(errorOf(changed.body)).toMatchObject({ type: 'idempotency_error', code: 'duplicate', param: 'Idempotency-Key' })
  })

  it('answers 409 idempotency_error when the key comes back on another path', async () => {
    const key = randomUUID()
    expect((await post('/v1/mobile/charge', chargeBody(), withKey(key))).status).toBe(202)
    const elsewhere = await post('/v1/mobile/b2c', b2cBody(), withKey(key))
    expect(elsewhere.status).toBe(409)
    expect(errorOf(elsewhere.body).type).toBe('idempotency_error')
  })

  it('does not store requests refused before the operation ran (validation), so the key stays usable', async () => {
    const key = randomUUID()
    expect((await post('/v1/mobile/charge', chargeBody({ amount: 5 }), withKey(key))).status).toBe(400)
    expect((await post('/v1/mobile/charge', chargeBody(), withKey(key))).status).toBe(202)
  })

  it('replays a business error of the operation (a reused merchantTransactionId) like a success', async () => {
    const body = chargeBody()
    expect((await post('/v1/mobile/charge', body)).status).toBe(202)
    const key = randomUUID()
    const conflict = await post('/v1/mobile/charge', body, withKey(key))
    expect(conflict.status).toBe(409)
    expect(errorOf(conflict.body).type).toBe('conflict_error')
    const replay = await post('/v1/mobile/charge', body, withKey(key))
    expect(replay.status).toBe(409)
    expect(replay.body).toEqual(conflict.body)
  })

  it('is scoped per environment: the same key with the test and the live key makes two records', async () => {
    const key = randomUUID()
    const body = chargeBody()
    const testCharge = await post('/v1/mobile/charge', body, withKey(key))
    const liveCharge = await post('/v1/mobile/charge', body, withKey(key, live))
    expect(testCharge.status).toBe(202)
    expect(liveCharge.status).toBe(202)
    expect(liveCharge.headers.get('idempotent-replayed')).toBeNull()
    expect(liveCharge.body.data.transactionId).not.toBe(testCharge.body.data.transactionId)
    expect(await countByReference(body['merchantTransactionId'])).toBe(1)
    expect(await countByReference(body['merchantTransactionId'], live)).toBe(1)
  })

  it('is scoped per organization', async () => {
    const other = bearer((await createOrganization(server, 'Second Org')).testKey)
    const key = randomUUID()
    const mine = await post('/v1/mobile/charge', chargeBody(), withKey(key))
    const theirs = await post('/v1/mobile/charge', chargeBody(), withKey(key, other))
    expect(mine.status).toBe(202)
    expect(theirs.status).toBe(202)
    expect(theirs.body.data.transactionId).not.toBe(mine.body.data.transactionId)
  })

  it('forgets a key after 24 hours', async () => {
    const key = randomUUID()
    expect((await post('/v1/mobile/charge', chargeBody(), withKey(key))).status).toBe(202)
    server.clock.advance(24 * 60 * 60 * 1000 - 1)
    expect((await post('/v1/mobile/charge', chargeBody(), withKey(key))).status).toBe(409)
    server.clock.advance(1)
    expect((await post('/v1/mobile/charge', chargeBody(), withKey(key))).status).toBe(202)
  })

  it('is ignored on GET routes', async () => {
    expect((await server.request('GET', '/v1/accounts', { headers: withKey('not-a-uuid') })).status).toBe(200)
  })
})

describe('Idempotency-Key required with a live key', () => {
  it('on the bank transfer and the reversal (400 missing_header)', async () => {
    const payouts = await defaultAccount(server, 'payouts', live)
    const transfer = await post('/v1/local-bank-transfer', bankTransferBody(payouts.accountNo), live)
    expect(transfer.status).toBe(400)
    expect(errorOf(transfer.body)).toMatchObject({ type: 'invalid_request_error', code: 'missing_header', param: 'Idempotency-Key' })
    const reversal = await post('/v1/mobile/reverse', { transactionId: 'txn_whatever' }, live)
    expect(reversal.status).toBe(400)
    expect(errorOf(reversal.body)).toMatchObject({ code: 'missing_header', param: 'Idempotency-Key' })

    const withHeader = await post('/v1/local-bank-transfer', bankTransferBody(payouts.accountNo), withKey(randomUUID(), live))
    expect(withHeader.status).toBe(202)
  })

  it('but not with a test key, nor for the charge and b2c in live', async () => {
    const payouts = await defaultAccount(server, 'payouts')
    expect((await post('/v1/local-bank-transfer', bankTransferBody(payouts.accountNo))).status).toBe(202)
    expect((await post('/v1/mobile/charge', chargeBody(), live)).status).toBe(202)
    expect((await post('/v1/mobile/b2c', b2cBody(), live)).status).toBe(202)
  })
})
