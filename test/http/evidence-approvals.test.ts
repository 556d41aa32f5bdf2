import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EvidenceBundleSchema } from '../../shared/schemas/evidence'
import { startTestServer, type TestServer } from '../support/harness'
import { b2cBody, chargeBody } from './helpers'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// A transaction's evidence bundle in team mode: the approvals that let its money move, with who asked,
// every decision and its actor, read over HTTP by the support agent who hands the bundle on.

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer({ team: true })
  for (const [name, role] of [['amina', 'maker'], ['bora', 'approver'], ['chen', 'approver'], ['sam', 'support']] as const) {
    ids[name] = (await createUser(server, name, role)).id
    tokens[name] = await signIn(server, name)
  }
  const policy = await server.request('PUT', '/console/approval-policy', {
    headers: asAutomation,
    body: { rules: [
      { action: 'b2c', environment: 'test', minAmount: 50_000, approvals: 2 },
      { action: 'reversal', environment: 'any', minAmount: 0, approvals: 1 },
    ] },
  })
  expect(policy.status).toBe(200)
})
afterAll(() => server.close())

const as = (name: string, extra: Record<string, string> = {}) => ({ ...asSession(tokens[name]!), ...extra })
const evidence = (id: string, name = 'sam') => server.request('GET', `/console/transactions/${id}/evidence`, { headers: as(name) })

async function hold(name: string, path: string, body: Record<string, unknown>): Promise<string> {
  const held = await server.request('POST', path, { headers: as(name, { 'idempotency-key': randomUUID() }), body })
  expect(held.status, JSON.stringify(held.body)).toBe(202)
  return held.body.data.approval.id as string
}

async function decide(approvalId: string, name: string, decision: 'approve' | 'reject') {
  const answer = await server.request('POST', `/console/approvals/${approvalId}/${decision}`, { headers: as(name), body: decision === 'reject' ? { reason: 'Not this customer' } : undefined })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data as { status: string; transactionId: string | null }
}

const actor = (name: string, role: string) => ({ id: ids[name], name, role })

describe('evidence bundles in team mode', () => {
  it('hold the approvals that created the transaction: who asked, each decision and its actor, the result', async () => {
    const approvalId = await hold('amina', '/v1/mobile/b2c', b2cBody({ amount: 120_000 }))
    expect(await decide(approvalId, 'bora', 'approve')).toMatchObject({ status: 'pending', transactionId: null })
    const ran = await decide(approvalId, 'chen', 'approve')
    expect(ran).toMatchObject({ status: 'approved', transactionId: expect.stringMatching(/^txn_/) })
    // Another request, rejected: it created nothing, so no bundle names it.
    const rejected = await hold('amina', '/v1/mobile/b2c', b2cBody({ amount: 90_000 }))
    await decide(rejected, 'bora', 'reject')

    const answer = await evidence(ran.transactionId!)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="evidence-${ran.transactionId}.json"`)
    const bundle = answer.body
    expect(EvidenceBundleSchema.parse(bundle)).toEqual(bundle)
    expect(bundle.approvals).toHaveLength(1)
    const [approval] = bundle.approvals
    expect(approval).toMatchObject({
      id: approvalId, status: 'approved', action: 'b2c', amount: 120_000, environment: 'test', approvalsRequired: 2,
      requestedBy: actor('amina', 'maker'), transactionId: ran.transactionId, refusal: null,
      request: { routeId: 'mobile.b2c', idempotencyKey: expect.any(String) },
    })
    expect(approval.decisions).toEqual([
      { actor: actor('bora', 'approver'), decision: 'approve', at: expect.any(Number), reason: null },
      { actor: actor('chen', 'approver'), decision: 'approve', at: expect.any(Number), reason: null },
    ])
    // The approvals are covered by the digest like the rest of the document.
    const { sha256, ...rest } = bundle
    expect(createHash('sha256').update(JSON.stringify(rest)).digest('hex')).toBe(sha256)
    expect(bundle.transaction).toMatchObject({ publicId: ran.transactionId, amount: 120_000 })
  })

  it('hold a held reversal\'s approval in the bundle of the charge it reversed', async () => {
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ amount: 25_000, forceStatus: 'success' }) })
    const chargeId = charge.body.data.transactionId as string
    server.clock.advance(10_000)
    await server.service.tick()
    expect((await evidence(chargeId)).body.approvals).toEqual([])
    const approvalId = await hold('sam', '/v1/mobile/reverse', { transactionId: chargeId })
    // Pending: it has created nothing yet.
    expect((await evidence(chargeId)).body.approvals).toEqual([])
    const ran = await decide(approvalId, 'bora', 'approve')
    const bundle = (await evidence(chargeId)).body
    expect(bundle.related.map((story: { transaction: { publicId: string } }) => story.transaction.publicId)).toContain(ran.transactionId)
    expect(bundle.approvals).toEqual([expect.objectContaining({
      id: approvalId, action: 'reversal', amount: 25_000, requestedBy: actor('sam', 'support'), transactionId: ran.transactionId,
      decisions: [expect.objectContaining({ actor: actor('bora', 'approver'), decision: 'approve' })],
    })])
  })

  it('are refused without a signed-in user, in the error envelope (never an attachment)', async () => {
    const payout = await server.request('POST', '/v1/mobile/b2c', { headers: asAutomation, body: b2cBody({ amount: 10_000 }) })
    const refused = await server.request('GET', `/console/transactions/${payout.body.data.transactionId}/evidence`, { headers: { authorization: '' } })
    expect(refused.status).toBe(401)
    expect(refused.body.error).toMatchObject({ code: 'unauthorized', param: 'session' })
    expect(refused.headers.get('content-disposition')).toBeNull()
  })
})
