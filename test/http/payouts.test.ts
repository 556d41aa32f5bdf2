import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TARIFF, computeFee } from '../../shared/fees'
import { startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { b2bBody, b2cBody, balanceOf, bearer, createOrganization, defaultAccount, errorOf } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => server.request('POST', path, { body, headers })
const transaction = async (id: string, headers: Record<string, string> = {}) => (await server.request('GET', `/v1/transaction?transactionId=${id}`, { headers })).body.data

describe.each([
  ['/v1/mobile/b2c', 'b2c', 'transfer', b2cBody],
  ['/v1/mobile/b2b', 'b2b', 'payment', b2bBody],
] as const)('POST %s', (path, feeKind, type, body) => {
  it('answers 202, records a pending payout and reserves amount + fee from payouts available into pending', async () => {
    const payouts = await defaultAccount(server, 'payouts')
    const before = await balanceOf(server, payouts.accountNo)
    const amount = 250_000
    const fee = computeFee(DEFAULT_TARIFF, feeKind, amount)
    expect(fee).toBeGreaterThan(0)
    const response = await post(path, body({ amount }))
    expect(response.status).toBe(202)
    expect(response.body.message).toBe('Transaction initiated successfully')
    const stored = await transaction(response.body.data.transactionId)
    expect(stored).toMatchObject({ status: 'pending', type, accountType: 'payouts', amount, fees: fee, chargedAmount: amount + fee, paymentMethod: 'mobile_money', processor: 'mobile' })
    const after = await balanceOf(server, payouts.accountNo)
    expect(after.available).toBe(before.available - amount - fee)
    expect(after.pending).toBe(before.pending + amount + fee)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('accepts 1 to 15,000,000 minor units', async () => {
    for (const amount of [1, 15_000_000]) expect((await post(path, body({ amount }))).status).toBe(202)
    for (const amount of [0, 15_000_001, 1.5, '100']) {
      const response = await post(path, body({ amount }))
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ code: 'invalid_parameter', param: 'amount' })
    }
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })
})

describe('payouts beyond the float', () => {
  it('still answer 202 but record the payout as rejected, moving no money', async () => {
    const org = bearer((await createOrganization(server, 'Small Float Ltd')).testKey)
    const payouts = await defaultAccount(server, 'payouts', org)
    const opening = await balanceOf(server, payouts.accountNo, org)
    const big = 15_000_000
    const bigFee = computeFee(DEFAULT_TARIFF, 'b2c', big)
    const fits = Math.floor(opening.available / (big + bigFee))
    for (let i = 0; i < fits; i++) expect((await post('/v1/mobile/b2c', b2cBody({ amount: big }), org)).status).toBe(202)
    const before = await balanceOf(server, payouts.accountNo, org)
    expect(before.available).toBeLessThan(big + bigFee)

    const response = await post('/v1/mobile/b2c', b2cBody({ amount: big }), org)
    expect(response.status).toBe(202)
    const stored = await transaction(response.body.data.transactionId, org)
    expect(stored.status).toBe('rejected')
    expect(stored.message).toMatch(/Insufficient/)
    expect(await balanceOf(server, payouts.accountNo, org)).toEqual(before)

    const b2b = await post('/v1/mobile/b2b', b2bBody({ amount: big }), org)
    expect(b2b.status).toBe(202)
    expect((await transaction(b2b.body.data.transactionId, org)).status).toBe('rejected')

    // A refusal reserves nothing: a payout that fits is still accepted, and every minor unit is accounted for.
    const small = await post('/v1/mobile/b2c', b2cBody({ amount: 10_000 }), org)
    expect((await transaction(small.body.data.transactionId, org)).status).toBe('pending')
    const after = await balanceOf(server, payouts.accountNo, org)
    expect(after.available + after.pending).toBe(opening.available)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })
})

describe('POST /v1/mobile/b2b fields', () => {
  it('requires merchantTransactionId, amount, accountNumber and accountNumberType', async () => {
    for (const field of ['merchantTransactionId', 'amount', 'accountNumber', 'accountNumberType']) {
      const body = b2bBody()
      delete body[field]
      const response = await post('/v1/mobile/b2b', body)
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ code: 'missing_parameter', param: field })
    }
  })

  it('accepts till and paybill (with beneficiary), and refuses other account types and numbers', async () => {
    expect((await post('/v1/mobile/b2b', b2bBody({ accountNumberType: 'paybill', beneficiary: 'INV-2231' }))).status).toBe(202)
    const badType = await post('/v1/mobile/b2b', b2bBody({ accountNumberType: 'bank' }))
    expect(errorOf(badType.body)).toMatchObject({ code: 'invalid_parameter', param: 'accountNumberType' })
    const badNumber = await post('/v1/mobile/b2b', b2bBody({ accountNumber: '12AB' }))
    expect(errorOf(badNumber.body)).toMatchObject({ code: 'invalid_parameter', param: 'accountNumber' })
  })
})
