import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { b2bBody, b2cBody } from './helpers'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// A held request reserves its merchantTransactionId at once, so the approved one can never fail "already
// exists" after two people approved it; and a request that could no longer run says so before anyone approves.

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer({ team: true })
  for (const [name, role] of [['amina', 'maker'], ['musa', 'maker'], ['bora', 'approver']] as const) {
    ids[name] = (await createUser(server, name, role)).id
    tokens[name] = await signIn(server, name)
  }
  const policy = { rules: [{ action: 'b2c', environment: 'any', minAmount: 50_000, approvals: 1 }] }
  expect((await server.request('PUT', '/console/approval-policy', { headers: asAutomation, body: policy })).status).toBe(200)
})
afterAll(() => server.close())

const as = (name: string) => asSession(tokens[name]!)
const pending = async () => (await server.request('GET', '/console/approvals?status=pending', { headers: as('bora') })).body.data.items as { id: string; cannotRun: string | null }[]

describe('a held request', () => {
  it('reserves its merchantTransactionId: another request with it is 409 duplicate naming the approval, and the approved one runs', async () => {
    const reference = ref('held')
    const held = await server.request('POST', '/v1/mobile/b2c', { headers: as('amina'), body: b2cBody({ amount: 80_000, merchantTransactionId: reference }) })
    expect(held.status).toBe(202)
    const approvalId = held.body.data.approval.id as string
    for (const [who, path, body] of [
      ['amina', '/v1/mobile/b2c', b2cBody({ amount: 1_000, merchantTransactionId: reference })],
      ['musa', '/v1/mobile/b2c', b2cBody({ amount: 90_000, merchantTransactionId: reference })],
      ['musa', '/v1/mobile/b2b', b2bBody({ merchantTransactionId: reference })],
    ] as const) {
      const refused = await server.request('POST', path, { headers: as(who), body })
      expect(refused.status, `${who} ${path}`).toBe(409)
      expect(refused.body.error).toMatchObject({ code: 'duplicate', param: 'merchantTransactionId', message: expect.stringContaining(approvalId) })
    }
    // An API key cannot take it either.
    expect((await server.request('POST', '/v1/mobile/b2c', { body: b2cBody({ merchantTransactionId: reference }) })).status).toBe(409)
    const approved = await server.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('bora'), body: {} })
    expect(approved.status).toBe(200)
    expect(approved.body.data).toMatchObject({ status: 'approved', transactionId: expect.stringMatching(/^txn_/), refusal: null })
  })

  it('says before anyone approves when it could no longer run', async () => {
    const held = await server.request('POST', '/v1/mobile/b2c', { headers: as('musa'), body: b2cBody({ amount: 70_000 }) })
    const approvalId = held.body.data.approval.id as string
    expect((await pending()).find((a) => a.id === approvalId)?.cannotRun).toBeNull()
    await server.request('PUT', `/console/users/${ids['musa']}`, { headers: asAutomation, body: { role: 'viewer' } })
    expect((await pending()).find((a) => a.id === approvalId)?.cannotRun).toMatch(/musa is now viewer.*payments\.create/)
    await server.request('PUT', `/console/users/${ids['musa']}`, { headers: asAutomation, body: { disabled: true } })
    expect((await pending()).find((a) => a.id === approvalId)?.cannotRun).toMatch(/musa has been disabled/)
  })
})
