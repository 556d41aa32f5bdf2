import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TARIFF, computeFee } from '../../shared/fees'
import { TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { b2bBody, b2cBody, bankTransferBody, bearer, chargeBody, consoleAuth, defaultAccount, errorOf, live } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const detail = (id: string, environment: 'test' | 'live' = 'test') => server.request('GET', `/console/transactions/${id}`, { headers: consoleAuth(environment) })
const system = () => {
  const accounts = server.service.internals.store.accounts.all()
  const demo = server.service.startup.demoOrganizationId
  const find = (kind: string) => accounts.find((a) => a.organization_id === demo && a.environment === 'test' && a.kind === kind)!.account_no
  return { external: find('external'), fees: find('fees') }
}

describe('GET /console/transactions/{transactionId}', () => {
  it('shows a b2c with its account, timeline and the reservation postings', async () => {
    const payouts = await defaultAccount(server, 'payouts')
    const amount = 120_000
    const fee = computeFee(DEFAULT_TARIFF, 'b2c', amount)
    const accepted = await server.request('POST', '/v1/mobile/b2c', { body: b2cBody({ amount }) })
    const id = accepted.body.data.transactionId as string
    const response = await detail(id)
    expect(response.status).toBe(200)
    expect(response.body.message).toBe('Transaction retrieved successfully')
    const data = response.body.data
    expect(data.transaction).toEqual((await server.request('GET', `/v1/transaction?transactionId=${id}`)).body.data)
    expect(data.accountNo).toBe(payouts.accountNo)
    expect(data.counterparty).toBeNull()
    const at = server.clock.now()
    expect(data.timeline).toEqual([{ status: 'pending', message: expect.any(String), at }])
    expect(data.postings).toEqual([
      { accountNo: payouts.accountNo, bucket: 'available', amount: -(amount + fee), at },
      { accountNo: payouts.accountNo, bucket: 'pending', amount: amount + fee, at },
    ])
    expect(data.related).toEqual([])
  })

  it('shows the counterparty of a b2b and of a bank transfer', async () => {
    const b2b = await server.request('POST', '/v1/mobile/b2b', { body: b2bBody({ accountNumber: '555123', accountNumberType: 'paybill', beneficiary: 'ACC-9' }) })
    expect((await detail(b2b.body.data.transactionId)).body.data.counterparty).toEqual({ kind: 'paybill', accountNumber: '555123', beneficiary: 'ACC-9' })

    const payouts = await defaultAccount(server, 'payouts')
    const bank = await server.request('POST', '/v1/local-bank-transfer', { body: bankTransferBody(payouts.accountNo, { beneficiaryBankCode: '68', beneficiaryBankName: 'Equity' }) })
    expect((await detail(bank.body.data.transactionId)).body.data.counterparty).toMatchObject({
      kind: 'bank', accountNumber: '1234567890', bankCode: '68', bankName: 'Equity', accountName: 'Jane Wanjiku', senderAddress: '1 Moi Avenue, Nairobi',
    })
  })

  it('shows a charge\'s whole life and links it with its reversal both ways', async () => {
    const collections = await defaultAccount(server, 'collections')
    const amount = 50_000
    const fee = computeFee(DEFAULT_TARIFF, 'charge', amount)
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ amount }) })
    const chargeId = charge.body.data.transactionId as string
    // The simulator answers a charge within 1-3 s in its default (fast) mode.
    server.clock.advance(3_001)
    await server.service.tick()

    const completed = (await detail(chargeId)).body.data
    expect(completed.timeline.map((e: { status: string }) => e.status)).toEqual(['pending', 'completed'])
    const { external, fees } = system()
    expect(completed.postings).toEqual([
      { accountNo: external, bucket: 'available', amount: -amount, at: server.clock.now() },
      { accountNo: collections.accountNo, bucket: 'pending', amount: amount - fee, at: server.clock.now() },
      { accountNo: fees, bucket: 'available', amount: fee, at: server.clock.now() },
    ])
    expect(completed.postings.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0)).toBe(0)

    const reversal = await server.request('POST', '/v1/mobile/reverse', { body: { transactionId: chargeId, narration: 'Customer refund' } })
    expect(reversal.status).toBe(202)
    const reversalId = reversal.body.data.transactionId as string

    const chargeDetail = (await detail(chargeId)).body.data
    expect(chargeDetail.related).toEqual([{ publicId: reversalId, type: 'reversal', status: 'pending', amount }])
    expect(chargeDetail.timeline.map((e: { status: string }) => e.status)).toEqual(['pending', 'completed', 'settled'])
    const reversalDetail = (await detail(reversalId)).body.data
    expect(reversalDetail.related).toEqual([{ publicId: chargeId, type: 'charge', status: 'settled', amount }])
    expect(reversalDetail.accountNo).toBe(collections.accountNo)
    expect(reversalDetail.transaction).toMatchObject({ publicId: reversalId, type: 'reversal', narration: 'Customer refund' })
  })

  it('uses the console environment: live with Paydesk-Environment: live', async () => {
    const liveCharge = await server.request('POST', '/v1/mobile/charge', { headers: live, body: chargeBody() })
    const id = liveCharge.body.data.transactionId as string
    expect((await detail(id, 'live')).status).toBe(200)
    expect((await detail(id, 'live')).body.data.accountNo).toBe((await defaultAccount(server, 'collections', live)).accountNo)
    const fromTest = await detail(id, 'test')
    expect(fromTest.status).toBe(404)
    expect(errorOf(fromTest.body)).toMatchObject({ type: 'not_found_error', code: 'resource_not_found', param: 'transactionId' })
  })

  it('answers 404 for an unknown id and 403 to an API key', async () => {
    const unknown = await detail('txn_nothing_here')
    expect(unknown.status).toBe(404)
    expect(errorOf(unknown.body).param).toBe('transactionId')
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    const withKey = await server.request('GET', `/console/transactions/${charge.body.data.transactionId}`, { headers: bearer(TEST_KEY) })
    expect(withKey.status).toBe(403)
    expect(errorOf(withKey.body)).toMatchObject({ type: 'authentication_error', code: 'forbidden' })
  })
})
