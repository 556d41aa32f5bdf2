import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TARIFF, computeFee } from '../../shared/fees'
import { startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { DEMO_SHORTCODE, accounts, balanceOf, bankTransferBody, defaultAccount, errorOf } from './helpers'

let server: TestServer
let payoutsNo: string
beforeAll(async () => {
  server = await startTestServer()
  payoutsNo = (await defaultAccount(server, 'payouts')).accountNo
})
afterAll(() => server.close())

const transfer = (body: unknown) => server.request('POST', '/v1/local-bank-transfer', { body })
const REQUIRED = [
  'merchantTransactionId', 'senderAccountNo', 'senderAddress', 'beneficiaryBankCode', 'beneficiaryBankName', 'beneficiaryAccountId',
  'beneficiaryAccountCcy', 'beneficiaryName', 'amount', 'narration', 'paymentChannel',
]

async function expectInvalid(body: unknown, param: string, status = 400, code = 'invalid_parameter') {
  const response = await transfer(body)
  expect(response.status).toBe(status)
  expect(errorOf(response.body)).toMatchObject({ code, param })
}

describe('POST /v1/local-bank-transfer', () => {
  it('answers 202, records a pending bank_withdrawal and reserves amount + fee from the sender account', async () => {
    const before = await balanceOf(server, payoutsNo)
    const body = bankTransferBody(payoutsNo, { amount: 2_500_000, beneficiaryBranchCode: '', paymentPurposeId: 'SUPP' })
    const response = await transfer(body)
    expect(response.status).toBe(202)
    expect(response.body).toEqual({
      status: 'success', message: 'Bank transfer initiated successfully',
      data: { merchantTransactionId: body['merchantTransactionId'], transactionId: expect.stringMatching(/^txn_/) },
    })
    const fee = computeFee(DEFAULT_TARIFF, 'bankTransfer', 2_500_000)
    const stored = await server.request('GET', `/v1/transaction?transactionId=${response.body.data.transactionId}`)
    expect(stored.body.data).toMatchObject({
      status: 'pending', type: 'bank_withdrawal', accountType: 'payouts', paymentMethod: 'bank', processor: 'partnerbank',
      amount: 2_500_000, fees: fee, chargedAmount: 2_500_000 + fee, narration: 'Supplier invoice 42', phoneNumber: null,
    })
    const after = await balanceOf(server, payoutsNo)
    expect(after.available).toBe(before.available - 2_500_000 - fee)
    expect(after.pending).toBe(before.pending + 2_500_000 + fee)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('can be funded by the payouts account in shortcode scope', async () => {
    const scoped = (await accounts(server)).find((a) => a.type === 'payouts' && a.shortcodeId === DEMO_SHORTCODE)!
    const before = await balanceOf(server, scoped.accountNo)
    expect((await transfer(bankTransferBody(scoped.accountNo, { amount: 100 }))).status).toBe(202)
    expect((await balanceOf(server, scoped.accountNo)).pending).toBeGreaterThan(before.pending)
  })

  it('is rejected (still 202) when the sender account cannot cover amount + fee', async () => {
    const before = await balanceOf(server, payoutsNo)
    const response = await transfer(bankTransferBody(payoutsNo, { amount: 100_000_000 }))
    expect(response.status).toBe(202)
    const stored = await server.request('GET', `/v1/transaction?transactionId=${response.body.data.transactionId}`)
    expect(stored.body.data.status).toBe('rejected')
    expect(await balanceOf(server, payoutsNo)).toEqual(before)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('requires every field of the spec table', async () => {
    for (const field of REQUIRED) {
      const body = bankTransferBody(payoutsNo)
      delete body[field]
      await expectInvalid(body, field, 400, 'missing_parameter')
    }
  })

  it('accepts amounts of 1 to 100,000,000 minor units and a narration of at most 140 characters', async () => {
    expect((await transfer(bankTransferBody(payoutsNo, { amount: 1 }))).status).toBe(202)
    await expectInvalid(bankTransferBody(payoutsNo, { amount: 0 }), 'amount')
    await expectInvalid(bankTransferBody(payoutsNo, { amount: 100_000_001 }), 'amount')
    expect((await transfer(bankTransferBody(payoutsNo, { narration: 'n'.repeat(140) }))).status).toBe(202)
    await expectInvalid(bankTransferBody(payoutsNo, { narration: 'n'.repeat(141) }), 'narration')
  })

  it('supports only the INSTANTBANK channel', async () => {
    await expectInvalid(bankTransferBody(payoutsNo, { paymentChannel: 'RTGS' }), 'paymentChannel')
    await expectInvalid(bankTransferBody(payoutsNo, { paymentChannel: 'instantbank' }), 'paymentChannel')
  })

  it('checks the sender account: unknown is 404, a collections account is 400', async () => {
    await expectInvalid(bankTransferBody('2999999999'), 'senderAccountNo', 404, 'resource_not_found')
    const collections = await defaultAccount(server, 'collections')
    await expectInvalid(bankTransferBody(collections.accountNo), 'senderAccountNo')
  })

  it('checks the beneficiary bank code against the KE list and the currency against the sender account', async () => {
    await expectInvalid(bankTransferBody(payoutsNo, { beneficiaryBankCode: '99' }), 'beneficiaryBankCode')
    await expectInvalid(bankTransferBody(payoutsNo, { beneficiaryAccountCcy: 'USD' }), 'beneficiaryAccountCcy')
    await expectInvalid(bankTransferBody(payoutsNo, { beneficiaryAccountCcy: 'kes' }), 'beneficiaryAccountCcy')
    await expectInvalid(bankTransferBody(payoutsNo, { beneficiaryAccountId: 'has spaces 1' }), 'beneficiaryAccountId')
  })

  it('answers 409 for a reused merchantTransactionId', async () => {
    const body = bankTransferBody(payoutsNo)
    expect((await transfer(body)).status).toBe(202)
    const again = await transfer({ ...body, amount: 999 })
    expect(again.status).toBe(409)
    expect(errorOf(again.body)).toMatchObject({ type: 'conflict_error', param: 'merchantTransactionId' })
  })
})
