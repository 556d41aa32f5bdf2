import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { chargeBody } from './helpers'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// A reversal's audit entry in a team: the details name the charge and the narration, the actor names who
// did it (the signed-in user), both for the request held for approval and for the approved run.

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer({ team: true })
  for (const [name, role] of [['amina', 'maker'], ['bora', 'approver']] as const) {
    ids[name] = (await createUser(server, name, role)).id
    tokens[name] = await signIn(server, name)
  }
})
afterAll(() => server.close())

const as = (name: string) => asSession(tokens[name]!)

async function paidCharge(phoneNumber: string, amount: number): Promise<string> {
  const accepted = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ phoneNumber, amount, forceStatus: 'success' }) })
  expect(accepted.status).toBe(202)
  server.clock.advance(3_001)
  await server.service.tick()
  return accepted.body.data.transactionId as string
}

async function reversalEntries(): Promise<{ label: string; target: string; details: string | null; actor: { id: string; name: string; role: string } }[]> {
  return (await server.request('GET', '/console/audit?action=mobile.reverse', { headers: asAutomation })).body.data.items
}

describe('a reversal in the audit log of a team', () => {
  it('names the charge, the narration and the signed-in user who reversed it', async () => {
    const chargeId = await paidCharge('0711000333', 150_000)
    const reversed = await server.request('POST', '/v1/mobile/reverse', { headers: as('amina'), body: { transactionId: chargeId, narration: 'Double charged' } })
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(202)
    const [entry] = await reversalEntries()
    expect(entry).toMatchObject({
      label: 'Reversal requested', target: reversed.body.data.transactionId,
      details: `Reverses charge ${chargeId} of KES 1,500.00; narration “Double charged”.`,
      actor: { id: ids['amina'], name: 'amina', role: 'maker' },
    })
  })

  it('says the same of a reversal held for approval, and of its approved run (as the requester)', async () => {
    const policy = await server.request('PUT', '/console/approval-policy', {
      headers: asAutomation, body: { rules: [{ action: 'reversal', environment: 'any', minAmount: 0, approvals: 1 }] },
    })
    expect(policy.status).toBe(200)
    const chargeId = await paidCharge('0711000444', 90_000)
    const held = await server.request('POST', '/v1/mobile/reverse', { headers: as('amina'), body: { transactionId: chargeId } })
    expect(held.status, JSON.stringify(held.body)).toBe(202)
    const approvalId = held.body.data.approval.id as string
    const details = `Reverses charge ${chargeId} of KES 900.00; no narration typed.`
    expect((await reversalEntries())[0]).toMatchObject({
      label: 'Reversal requested: sent for approval', target: approvalId, details, actor: { id: ids['amina'], name: 'amina', role: 'maker' },
    })

    const approved = await server.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('bora') })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    const reversalId = approved.body.data.transactionId as string
    expect(reversalId).toMatch(/^txn_/)
    expect((await reversalEntries())[0]).toMatchObject({
      label: 'Reversal requested', target: reversalId, details, actor: { id: ids['amina'], name: 'amina', role: 'maker' },
    })
    const decision = (await server.request('GET', '/console/audit?action=console.approvals.approve', { headers: asAutomation })).body.data.items[0]
    expect(decision).toMatchObject({ target: approvalId, details: null, actor: { id: ids['bora'], name: 'bora', role: 'approver' } })
  })
})
