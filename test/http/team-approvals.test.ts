import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { b2cBody, bankTransferBody } from './helpers'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// Maker-checker over real HTTP: the approval policy holds a signed-in user's money request (202,
// data.approval, no money moved); approvers decide; the last approval runs it once, as the requester's.

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}
let payoutsAccountNo: string

beforeAll(async () => {
  server = await startTestServer({ team: true })
  for (const [name, role] of [['amina', 'maker'], ['bora', 'approver'], ['chen', 'approver'], ['olivia', 'owner'], ['sam', 'support']] as const) {
    ids[name] = (await createUser(server, name, role)).id
    tokens[name] = await signIn(server, name)
  }
  const policy = await server.request('PUT', '/console/approval-policy', {
    headers: asAutomation,
    body: { rules: [
      { action: 'b2c', environment: 'test', minAmount: 50_000, approvals: 1 },
      { action: 'bank-transfer', environment: 'any', minAmount: 0, approvals: 2 },
      { action: 'reversal', environment: 'any', minAmount: 0, approvals: 1 },
    ] },
  })
  expect(policy.status).toBe(200)
  const accounts = (await server.request('GET', '/v1/accounts?scope=default')).body.data.items as { type: string; accountNo: string }[]
  payoutsAccountNo = accounts.find((a) => a.type === 'payouts')!.accountNo
})
afterAll(() => server.close())

const as = (name: string, extra: Record<string, string> = {}) => ({ ...asSession(tokens[name]!), ...extra })
const count = (sql: string): number => (server.service.internals.store.db.prepare(sql).get() as { n: number }).n
const payouts = () => count("SELECT COUNT(*) AS n FROM transactions WHERE type IN ('payment', 'transfer')")

async function hold(name: string, path: string, body: Record<string, unknown>, key = randomUUID()) {
  const held = await server.request('POST', path, { headers: as(name, { 'idempotency-key': key }), body })
  expect(held.status, JSON.stringify(held.body)).toBe(202)
  return { held, key, approval: held.body.data.approval as { id: string; status: string; action: string; amount: number; requestedBy: { id: string } } }
}

describe('the approval policy', () => {
  it('holds a matching request of a signed-in user: 202 with data.approval, no money moved, a retry is the same request', async () => {
    const before = payouts()
    const body = b2cBody({ amount: 100_000 })
    const { approval, key } = await hold('amina', '/v1/mobile/b2c', body)
    expect(approval).toEqual({ id: expect.stringMatching(/^apr_/), status: 'pending', action: 'b2c', amount: 100_000, requestedBy: { id: ids['amina'], name: 'amina', role: 'maker' } })
    expect(payouts()).toBe(before)
    const again = await hold('amina', '/v1/mobile/b2c', body, key)
    expect(again.approval.id).toBe(approval.id)
    const inbox = await server.request('GET', '/console/approvals?status=pending', { headers: as('bora') })
    expect(inbox.body.data.items.map((a: { id: string }) => a.id)).toContain(approval.id)
  })

  it('lets through what no rule matches, and never holds automation or API keys', async () => {
    const small = await server.request('POST', '/v1/mobile/b2c', { headers: as('amina'), body: b2cBody({ amount: 10_000 }) })
    expect(small.body.data.transactionId).toMatch(/^txn_/)
    const automation = await server.request('POST', '/v1/mobile/b2c', { headers: asAutomation, body: b2cBody({ amount: 100_000 }) })
    expect(automation.body.data.transactionId).toMatch(/^txn_/)
    const apiKey = await server.request('POST', '/v1/mobile/b2c', { body: b2cBody({ amount: 100_000 }) })
    expect(apiKey.body.data.transactionId).toMatch(/^txn_/)
  })

  it('is read by anyone signed in and changed only with settings.manage', async () => {
    expect((await server.request('GET', '/console/approval-policy', { headers: as('amina') })).body.data.rules).toHaveLength(3)
    expect((await server.request('PUT', '/console/approval-policy', { headers: as('bora'), body: { rules: [] } })).body.error.param).toBe('settings.manage')
  })

  it('refuses a minAmount on an action that moves no amount (it could never match)', async () => {
    for (const action of ['live-key', 'upstream-operate']) {
      const refused = await server.request('PUT', '/console/approval-policy', { headers: asAutomation, body: { rules: [{ action, environment: 'live', minAmount: 100, approvals: 2 }] } })
      expect(refused.status).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'invalid_parameter', param: 'rules.0.minAmount' })
    }
    expect((await server.request('GET', '/console/approval-policy', { headers: as('amina') })).body.data.rules).toHaveLength(3)
  })
})

describe('deciding', () => {
  it('runs the request once on approval, as the requester, under its Idempotency-Key', async () => {
    const body = b2cBody({ amount: 120_000 })
    const { approval, key } = await hold('amina', '/v1/mobile/b2c', body)
    const before = payouts()
    expect((await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: as('amina') })).body.error.param).toBe('approvals.decide')
    const approved = await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: as('bora') })
    expect(approved.status).toBe(200)
    expect(approved.body.data).toMatchObject({ status: 'approved', transactionId: expect.stringMatching(/^txn_/), refusal: null, decisions: [{ actor: { name: 'bora' }, decision: 'approve' }] })
    const transactionId = approved.body.data.transactionId as string
    expect(payouts()).toBe(before + 1)
    // The maker's retry replays what the approved run answered: the payout exists once.
    const retry = await server.request('POST', '/v1/mobile/b2c', { headers: as('amina', { 'idempotency-key': key }), body })
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.body.data.transactionId).toBe(transactionId)
    expect(payouts()).toBe(before + 1)
    expect((await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: as('chen') })).status).toBe(409)
    // The audit log names who did what: the payout is amina's, the approval bora's.
    const audit = (await server.request('GET', '/console/audit?limit=20', { headers: asAutomation })).body.data.items as { action: string; target: string; actor: { name: string } }[]
    expect(audit.find((e) => e.action === 'mobile.b2c' && e.target === transactionId)?.actor.name).toBe('amina')
    expect(audit.find((e) => e.action === 'console.approvals.approve' && e.target === approval.id)?.actor.name).toBe('bora')
    expect(audit.find((e) => e.action === 'mobile.b2c' && e.target === approval.id)?.actor.name).toBe('amina')
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('never lets the requester approve their own request, whatever their role', async () => {
    const { approval } = await hold('olivia', '/v1/mobile/b2c', b2cBody({ amount: 90_000 }))
    const own = await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: as('olivia') })
    expect(own.status).toBe(403)
    expect(own.body.error.message).toMatch(/your own request/)
  })

  it('needs two different approvers for approvals: 2', async () => {
    const { approval } = await hold('amina', '/v1/local-bank-transfer', bankTransferBody(payoutsAccountNo, { amount: 5_000 }))
    const first = await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: as('bora') })
    expect(first.body.data).toMatchObject({ status: 'pending', approvalsRequired: 2, transactionId: null })
    expect((await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: as('bora') })).status).toBe(409)
    const second = await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: asAutomation })
    expect(second.body.data).toMatchObject({ status: 'approved', transactionId: expect.stringMatching(/^txn_/) })
    expect(second.body.data.decisions.map((d: { actor: { name: string } }) => d.actor.name)).toEqual(['bora', 'automation'])
  })

  it('rejects with a reason, and a rejected request never runs', async () => {
    const before = payouts()
    const { approval } = await hold('amina', '/v1/mobile/b2c', b2cBody({ amount: 70_000 }))
    expect((await server.request('POST', `/console/approvals/${approval.id}/reject`, { headers: as('chen'), body: {} })).status).toBe(400)
    const rejected = await server.request('POST', `/console/approvals/${approval.id}/reject`, { headers: as('chen'), body: { reason: 'Not on the payroll' } })
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Not on the payroll', transactionId: null })
    expect((await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: as('bora') })).status).toBe(409)
    expect(payouts()).toBe(before)
  })

  it('records the refusal the approved request got; its reference stays reserved meanwhile', async () => {
    const uma = await createUser(server, 'uma', 'maker')
    tokens['uma'] = await signIn(server, 'uma')
    const body = b2cBody({ amount: 80_000 })
    const { approval } = await hold('uma', '/v1/mobile/b2c', body)
    // Meanwhile the same merchant reference cannot be used directly: the held request holds it.
    const direct = await server.request('POST', '/v1/mobile/b2c', { headers: asAutomation, body })
    expect(direct.status).toBe(409)
    expect(direct.body.error.message).toContain(approval.id)
    // The requester lost the permission since: the approved request is refused when it runs, and that is kept.
    expect((await server.request('PUT', `/console/users/${uma.id}`, { headers: asAutomation, body: { role: 'support' } })).status).toBe(200)
    const approved = await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: as('bora') })
    expect(approved.body.data).toMatchObject({ status: 'approved', transactionId: null, refusal: { status: 403, code: 'forbidden' } })
  })

  it('runs a request as its requester is now: not at all once they are disabled', async () => {
    const tom = await createUser(server, 'tom', 'maker')
    tokens['tom'] = await signIn(server, 'tom')
    const before = payouts()
    const { approval } = await hold('tom', '/v1/mobile/b2c', b2cBody({ amount: 95_000 }))
    expect((await server.request('PUT', `/console/users/${tom.id}`, { headers: asAutomation, body: { disabled: true } })).status).toBe(200)
    const approved = await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: as('bora') })
    expect(approved.body.data).toMatchObject({ status: 'approved', transactionId: null, refusal: { status: 403, code: 'forbidden', message: expect.stringMatching(/disabled/) } })
    expect(payouts()).toBe(before)
  })

  it('holds a support agent\'s reversal, judged by the charge it reverses', async () => {
    const charge = await server.request('POST', '/v1/mobile/charge', { body: { phoneNumber: '0712345678', amount: 25_000, merchantTransactionId: `rev-${randomUUID()}` } })
    server.clock.advance(10_000)
    await server.service.tick()
    const { approval } = await hold('sam', '/v1/mobile/reverse', { transactionId: charge.body.data.transactionId })
    expect(approval).toMatchObject({ action: 'reversal', amount: 25_000 })
    const approved = await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: as('bora') })
    expect(approved.body.data).toMatchObject({ status: 'approved', transactionId: expect.stringMatching(/^txn_/) })
  })

  it('expires a request after 24 simulated hours (a setting)', async () => {
    const { approval } = await hold('amina', '/v1/mobile/b2c', b2cBody({ amount: 60_000 }))
    const advanced = await server.request('POST', '/console/simulator/advance', { headers: asAutomation, body: { ms: 24 * 3_600_000 } })
    expect(advanced.status).toBe(200)
    const expired = await server.request('GET', '/console/approvals?status=expired', { headers: as('bora') })
    expect(expired.body.data.items.map((a: { id: string }) => a.id)).toContain(approval.id)
    expect((await server.request('POST', `/console/approvals/${approval.id}/approve`, { headers: as('bora') })).status).toBe(409)
    const team = await server.request('PUT', '/console/team', { headers: asAutomation, body: { approvalExpiryHours: 48 } })
    expect(team.body.data).toMatchObject({ approvalExpiryHours: 48, teamMode: true })
    const later = await hold('amina', '/v1/mobile/b2c', b2cBody({ amount: 60_000 }))
    const row = (await server.request('GET', '/console/approvals?status=pending', { headers: as('bora') })).body.data.items.find((a: { id: string }) => a.id === later.approval.id)
    expect(row.expiresAt - row.requestedAt).toBe(48 * 3_600_000)
  })

  it('lists pending first, with a count', async () => {
    const list = await server.request('GET', '/console/approvals', { headers: as('bora') })
    const statuses = list.body.data.items.map((a: { status: string }) => a.status) as string[]
    const firstDecided = statuses.findIndex((s) => s !== 'pending')
    expect(statuses.slice(firstDecided).every((s) => s !== 'pending')).toBe(true)
    expect(list.body.data.pendingCount).toBe(statuses.filter((s) => s === 'pending').length)
  })
})
