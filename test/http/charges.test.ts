import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TARIFF, computeFee } from '../../shared/fees'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { balanceOf, bearer, chargeBody, createOrganization, defaultAccount, errorOf, live } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const charge = (body: unknown, headers: Record<string, string> = {}) => server.request('POST', '/v1/mobile/charge', { body, headers })

describe('POST /v1/mobile/charge', () => {
  it('answers 202 with the references and records a pending charge', async () => {
    const body = chargeBody({ amount: 150_000, narration: 'Order 1001', customerId: 'cust-7' })
    const response = await charge(body)
    expect(response.status).toBe(202)
    expect(response.body).toEqual({
      status: 'success',
      message: 'Transaction initiated successfully',
      data: { merchantTransactionId: body['merchantTransactionId'], transactionId: expect.stringMatching(/^txn_/) },
    })
    const stored = await server.request('GET', `/v1/transaction?transactionId=${response.body.data.transactionId}`)
    expect(stored.status).toBe(200)
    expect(stored.body.data).toMatchObject({
      publicId: response.body.data.transactionId, merchantTransactionId: body['merchantTransactionId'], status: 'pending',
      amount: 150_000, chargedAmount: 150_000, currency: 'KES', accountType: 'collections', type: 'charge',
      paymentMethod: 'mobile_money', processor: 'mobile', phoneNumber: '+254712345678', narration: 'Order 1001',
      customerId: 'cust-7', fees: computeFee(DEFAULT_TARIFF, 'charge', 150_000),
    })
  })

  it('moves no money until the customer pays', async () => {
    const collections = await defaultAccount(server, 'collections')
    const before = await balanceOf(server, collections.accountNo)
    expect((await charge(chargeBody({ amount: 20_000 }))).status).toBe(202)
    expect(await balanceOf(server, collections.accountNo)).toEqual(before)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('accepts amounts of 1,000 to 25,000,000 minor units in whole shillings', async () => {
    for (const amount of [1_000, 25_000_000]) expect((await charge(chargeBody({ amount }))).status).toBe(202)
    for (const amount of [999, 900, 25_000_100, 0, -1_000, 1_050, 10_000.5]) {
      const response = await charge(chargeBody({ amount }))
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ code: 'invalid_parameter', param: 'amount' })
    }
  })

  it('requires phoneNumber, amount and merchantTransactionId', async () => {
    for (const field of ['phoneNumber', 'amount', 'merchantTransactionId']) {
      const body = chargeBody()
      delete body[field]
      const response = await charge(body)
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ code: 'missing_parameter', param: field })
    }
  })
})

describe('merchantTransactionId uniqueness', () => {
  it('answers 409 conflict_error for a reused reference and keeps the first transaction', async () => {
    const body = chargeBody()
    const first = await charge(body)
    expect(first.status).toBe(202)
    const again = await charge({ ...body, amount: 30_000 })
    expect(again.status).toBe(409)
    expect(errorOf(again.body)).toMatchObject({ type: 'conflict_error', code: 'duplicate', param: 'merchantTransactionId' })
    const stored = await server.request('GET', `/v1/transaction?merchantTransactionId=${body['merchantTransactionId']}`)
    expect(stored.body.data).toMatchObject({ publicId: first.body.data.transactionId, amount: body['amount'] })
  })

  it('counts a reference across operations (a b2c cannot reuse a charge reference)', async () => {
    const body = chargeBody()
    expect((await charge(body)).status).toBe(202)
    const payout = await server.request('POST', '/v1/mobile/b2c', { body: { phoneNumber: '0712345678', amount: 5_000, merchantTransactionId: body['merchantTransactionId'] } })
    expect(payout.status).toBe(409)
    expect(errorOf(payout.body).type).toBe('conflict_error')
  })

  it('scopes references per environment and per organization', async () => {
    const reference = ref('shared')
    expect((await charge(chargeBody({ merchantTransactionId: reference }))).status).toBe(202)
    expect((await charge(chargeBody({ merchantTransactionId: reference }), live)).status).toBe(202)
    const other = await createOrganization(server, 'Other Shop')
    expect((await charge(chargeBody({ merchantTransactionId: reference }), bearer(other.testKey))).status).toBe(202)
    expect((await charge(chargeBody({ merchantTransactionId: reference }), live)).status).toBe(409)
  })
})

describe('sandbox controls on a charge', () => {
  it('accepts forceStatus with a test key and refuses it with a live key', async () => {
    expect((await charge(chargeBody({ forceStatus: 'failed' }))).status).toBe(202)
    const refused = await charge(chargeBody({ forceStatus: 'failed' }), live)
    expect(refused.status).toBe(400)
    expect(errorOf(refused.body)).toMatchObject({ code: 'invalid_parameter', param: 'forceStatus' })
    const unknown = await charge(chargeBody({ forceStatus: 'maybe' }))
    expect(unknown.status).toBe(400)
    expect(errorOf(unknown.body).param).toBe('forceStatus')
  })
})
