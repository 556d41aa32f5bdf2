import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { asAutomation, asSession, createUser, signIn } from './team-support'

// Bulk payouts in team mode, over real HTTP: the approval policy's `bulk-payout` rules hold a submitted
// batch as one approval for the whole batch; the approval (by someone else; two people when the rule asks
// for two) starts it once, and its rows are paid as the maker's payouts; a rejection or an expiry leaves
// it unsent. Roles: makers upload and submit, approvers and viewers read.

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer({ team: true })
  for (const [name, role] of [['amina', 'maker'], ['tariq', 'maker'], ['bora', 'approver'], ['chen', 'approver'], ['vera', 'viewer']] as const) {
    ids[name] = (await createUser(server, name, role)).id
    tokens[name] = await signIn(server, name)
  }
  const policy = await server.request('PUT', '/console/approval-policy', {
    headers: asAutomation,
    body: { rules: [
      { action: 'bulk-payout', environment: 'test', minAmount: 100_000, approvals: 1 },
      { action: 'bulk-payout', environment: 'test', minAmount: 1_000_000, approvals: 2 },
      { action: 'bulk-payout', environment: 'live', minAmount: 0, approvals: 1 },
    ] },
  })
  expect(policy.status).toBe(200)
})
afterAll(() => server.close())

const as = (name: string) => asSession(tokens[name]!)
const count = (sql: string, ...args: unknown[]): number => (server.service.internals.store.db.prepare(sql).get(...args) as { n: number }).n
const payouts = () => count("SELECT COUNT(*) AS n FROM transactions WHERE type IN ('payment', 'transfer')")
const get = async (id: string, who = 'amina') => (await server.request('GET', `/console/payout-batches/${id}`, { headers: as(who) })).body.data

/** A draft batch of `amounts` (shillings), uploaded by `who`. */
async function upload(who: string, amounts: number[]): Promise<string> {
  const csv = ['phoneNumber,amount,reference', ...amounts.map((amount, i) => `07123456${String(10 + i).padStart(2, '0')},${amount},${ref('team')}`)].join('\n')
  const created = await server.request('POST', '/console/payout-batches', { headers: as(who), body: { name: `Run of ${who}`, csv } })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.data.id as string
}

async function submit(who: string, id: string) {
  return server.request('POST', `/console/payout-batches/${id}/submit`, { headers: as(who), body: {} })
}

/** Ticks with the simulated clock moving until the batch finished (fast mode answers within 3 s). */
async function runToEnd(id: string): Promise<any> {
  for (let i = 0; i < 20; i++) {
    await server.service.tick()
    const batch = await get(id)
    if (batch.status === 'completed' || batch.status === 'completed_with_failures') return batch
    server.clock.advance(2_000)
  }
  throw new Error(`batch ${id} did not finish`)
}

/** A few ticks of the runner: a held batch must send nothing. */
async function idleTicks(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await server.service.tick()
    server.clock.advance(2_000)
  }
}

const approvalsOf = async (batchId: string) => ((await server.request('GET', '/console/approvals', { headers: as('bora') })).body.data.items as any[])
  .filter((approval) => approval.request.body?.batchId === batchId)

describe('a bulk payout under the approval policy', () => {
  it('runs at once below the rule\'s minimum, its rows paid as the maker\'s console payouts', async () => {
    const id = await upload('amina', [300, 200])
    const submitted = await submit('amina', id)
    expect(submitted.status).toBe(200)
    expect(submitted.body.data).toMatchObject({ status: 'running', approval: null, submittedBy: { id: ids['amina'], name: 'amina', role: 'maker' } })
    const done = await runToEnd(id)
    expect(done.status).toBe('completed')
    for (const row of done.rows) {
      expect(count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'mobile.b2c' AND target = ? AND actor_id = ?", row.transactionId, ids['amina'])).toBe(1)
    }
  })

  it('holds a batch over the minimum as one approval for the whole batch; the approval starts it exactly once', async () => {
    const id = await upload('amina', [1_000, 1_000, 1_000])
    const before = payouts()
    const held = await submit('amina', id)
    expect(held.status).toBe(200)
    expect(held.body.data).toMatchObject({ status: 'awaiting_approval', approval: { id: expect.stringMatching(/^apr_/), status: 'pending' } })
    const approvals = await approvalsOf(id)
    expect(approvals).toHaveLength(1)
    expect(approvals[0]).toMatchObject({ id: held.body.data.approval.id, action: 'bulk-payout', amount: 300_000, approvalsRequired: 1, requestedBy: { id: ids['amina'] } })
    // The approver sees the batch's totals (its rows: the batch the request names).
    const fees = (await get(id)).totals.fees as number
    expect(fees).toBeGreaterThan(0)
    expect(approvals[0].summary).toMatchObject({ rows: 3, total: 300_000, fees, amount: 300_000 })
    expect((await submit('amina', id)).status).toBe(409)
    await idleTicks()
    expect(payouts()).toBe(before)
    expect((await get(id)).rows.map((row: any) => row.status)).toEqual(['valid', 'valid', 'valid'])

    const approvalId = held.body.data.approval.id as string
    expect((await server.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('amina') })).body.error.param).toBe('approvals.decide')
    const approved = await server.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('bora') })
    expect(approved.status).toBe(200)
    expect(approved.body.data).toMatchObject({ status: 'approved', refusal: null })
    expect((await get(id)).status).toBe('running')
    expect((await server.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('chen') })).status).toBe(409)

    const done = await runToEnd(id)
    expect(done).toMatchObject({ status: 'completed', approval: { id: approvalId, status: 'approved' }, progress: { completed: 3, failed: 0 } })
    expect(new Set(done.rows.map((row: any) => row.transactionId)).size).toBe(3)
    expect(payouts()).toBe(before + 3)
    await idleTicks()
    expect(payouts()).toBe(before + 3)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('needs two different approvers where the rule asks for two', async () => {
    const id = await upload('amina', [6_000, 5_000])
    const held = (await submit('amina', id)).body.data
    const approvalId = held.approval.id as string
    expect((await approvalsOf(id))[0]).toMatchObject({ amount: 1_100_000, approvalsRequired: 2 })
    const first = await server.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('bora') })
    expect(first.body.data.status).toBe('pending')
    expect((await server.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('bora') })).status).toBe(409)
    await idleTicks()
    expect((await get(id))).toMatchObject({ status: 'awaiting_approval', progress: { queued: 0, completed: 0 } })
    const second = await server.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('chen') })
    expect(second.body.data.status).toBe('approved')
    expect((await runToEnd(id)).progress).toMatchObject({ completed: 2, failed: 0 })
  })

  it('leaves a rejected batch unsent: a draft again, which a new submit sends for a new approval', async () => {
    const id = await upload('amina', [2_000])
    const before = payouts()
    const first = (await submit('amina', id)).body.data.approval.id as string
    const rejected = await server.request('POST', `/console/approvals/${first}/reject`, { headers: as('bora'), body: { reason: 'Wrong month' } })
    expect(rejected.body.data.status).toBe('rejected')
    await idleTicks()
    expect(await get(id)).toMatchObject({ status: 'draft', approval: { id: first, status: 'rejected' } })
    expect(payouts()).toBe(before)
    const again = (await submit('amina', id)).body.data
    expect(again).toMatchObject({ status: 'awaiting_approval', approval: { status: 'pending' } })
    expect(again.approval.id).not.toBe(first)
    expect(await approvalsOf(id)).toHaveLength(2)
  })

  it('leaves an expired one unsent: its approval can no longer be given', async () => {
    const id = await upload('amina', [2_500])
    const before = payouts()
    const approvalId = (await submit('amina', id)).body.data.approval.id as string
    const advanced = await server.request('POST', '/console/simulator/advance', { headers: asAutomation, body: { ms: 24 * 3_600_000 } })
    expect(advanced.status).toBe(200)
    expect(await get(id)).toMatchObject({ status: 'draft', approval: { id: approvalId, status: 'expired' } })
    expect((await server.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('bora') })).status).toBe(409)
    await idleTicks()
    expect(payouts()).toBe(before)
  })

  it('is refused, unsent, when the maker lost the right to pay before the approval', async () => {
    const id = await upload('tariq', [1_500])
    const before = payouts()
    const approvalId = (await submit('tariq', id)).body.data.approval.id as string
    expect((await server.request('PUT', `/console/users/${ids['tariq']}`, { headers: asAutomation, body: { role: 'viewer' } })).status).toBe(200)
    const approved = await server.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('bora') })
    expect(approved.body.data).toMatchObject({ status: 'approved', refusal: { status: 403, code: expect.any(String) } })
    await idleTicks()
    expect((await get(id, 'vera')).status).toBe('draft')
    expect(payouts()).toBe(before)
  })
})

describe('roles on the bulk payout routes', () => {
  it('makers upload and submit; approvers and viewers read but never create or submit a batch', async () => {
    const id = await upload('amina', [100])
    for (const who of ['bora', 'vera']) {
      const created = await server.request('POST', '/console/payout-batches', { headers: as(who), body: { name: 'No', csv: 'phoneNumber,amount\n0712345678,100\n' } })
      expect([created.status, created.body.error.param]).toEqual([403, 'payments.create'])
      expect((await submit(who, id)).body.error.param).toBe('payments.create')
      expect((await server.request('POST', `/console/payout-batches/${id}/retry-failed`, { headers: as(who) })).body.error.param).toBe('payments.create')
      expect((await server.request('GET', '/console/payout-batches', { headers: as(who) })).status).toBe(200)
      expect((await get(id, who)).id).toBe(id)
      const results = await server.request('GET', `/console/payout-batches/${id}/results.csv`, { headers: as(who) })
      expect(results.status).toBe(200)
    }
  })
})
