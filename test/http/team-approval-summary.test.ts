import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { computeFee, DEFAULT_TARIFF } from '../../shared/fees'
import { b2bBody, b2cBody, bankTransferBody } from './helpers'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// Approvers do not approve blind: GET /console/approvals answers, for each request, what the maker saw in
// the confirmation: the recipient and the name the name check gives it, amount, fee, reference, narration.

let server: TestServer
const tokens: Record<string, string> = {}
let payoutsAccountNo: string
beforeAll(async () => {
  server = await startTestServer({ team: true })
  for (const [name, role] of [['amina', 'maker'], ['bora', 'approver']] as const) {
    await createUser(server, name, role)
    tokens[name] = await signIn(server, name)
  }
  const rules = ['b2c', 'b2b', 'bank-transfer'].map((action) => ({ action, environment: 'any', minAmount: 0, approvals: 1 }))
  expect((await server.request('PUT', '/console/approval-policy', { headers: asAutomation, body: { rules } })).status).toBe(200)
  const accounts = (await server.request('GET', '/v1/accounts?scope=default')).body.data.items as { type: string; accountNo: string }[]
  payoutsAccountNo = accounts.find((a) => a.type === 'payouts')!.accountNo
})
afterAll(() => server.close())

async function heldSummary(path: string, body: Record<string, unknown>) {
  const held = await server.request('POST', path, { headers: asSession(tokens['amina']!), body })
  expect(held.status, JSON.stringify(held.body)).toBe(202)
  const inbox = await server.request('GET', '/console/approvals?status=pending', { headers: asSession(tokens['bora']!) })
  return inbox.body.data.items.find((a: { id: string }) => a.id === held.body.data.approval.id).summary
}
const nameOf = async (query: string) => (await server.request('GET', `/v1/account-name-validation?${query}`)).body.data.accountName as string

describe('an approval summary', () => {
  it('shows a B2C payout as confirmed: phone, registered name, amount, fee, reference, narration', async () => {
    const reference = ref('sum')
    const summary = await heldSummary('/v1/mobile/b2c', b2cBody({ phoneNumber: '0712345678', amount: 123_400, merchantTransactionId: reference, narration: 'March wages' }))
    expect(summary).toEqual({
      phoneNumber: '+254712345678', recipientName: await nameOf('country=KE&accountType=mobile_mobile&accountId=0712345678'),
      amount: 123_400, fee: computeFee(DEFAULT_TARIFF, 'b2c', 123_400), merchantTransactionId: reference, narration: 'March wages',
    })
    expect(summary.recipientName).toEqual(expect.any(String))
  })

  it('shows a B2B payment and a bank transfer by account', async () => {
    const b2b = await heldSummary('/v1/mobile/b2b', b2bBody({ accountNumber: '654321', accountNumberType: 'till', amount: 50_000 }))
    expect(b2b).toMatchObject({ accountId: '654321', recipientName: await nameOf('country=KE&accountType=mobile_till&accountId=654321'), amount: 50_000, fee: computeFee(DEFAULT_TARIFF, 'b2b', 50_000) })
    expect(b2b.phoneNumber).toBeUndefined()
    const transfer = await heldSummary('/v1/local-bank-transfer', bankTransferBody(payoutsAccountNo, { amount: 70_000 }))
    expect(transfer).toMatchObject({ accountId: expect.any(String), recipientName: expect.any(String), amount: 70_000, fee: computeFee(DEFAULT_TARIFF, 'bankTransfer', 70_000) })
  })
})
