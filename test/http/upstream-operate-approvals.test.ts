import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { PROVIDER_KEY } from '../support/upstream-pair'
import { ALL_TIME, b2cBody, chargeBody } from './helpers'
import { asAutomation, asSession, createUser, signIn } from './team-support'

/**
 * Approvals stay in front of the provider: in operate mode a maker's payout above the policy's threshold (or
 * reversal) is held, and its outbox row is written only when its last approval lands; a rejected one sends nothing.
 */
let provider: TestServer
let paydesk: TestServer
const tokens: Record<string, string> = {}

beforeAll(async () => {
  provider = await startTestServer({ apiKey: PROVIDER_KEY })
  paydesk = await startTestServer({
    team: true,
    upstream: { url: `${provider.url}/v1`, key: PROVIDER_KEY, mode: 'operate', pollSeconds: 3_600, lookbackDays: 1, ratePerMinute: 6_000, timeoutMs: 5_000 },
  })
  for (const [name, role] of [['amina', 'maker'], ['bora', 'approver'], ['chen', 'approver']] as const) {
    await createUser(paydesk, name, role)
    tokens[name] = await signIn(paydesk, name)
  }
  const policy = await paydesk.request('PUT', '/console/approval-policy', {
    headers: asAutomation, body: { rules: [
      { action: 'b2c', environment: 'test', minAmount: 50_000, approvals: 2 }, { action: 'bulk-payout', environment: 'test', minAmount: 0, approvals: 1 },
      { action: 'reversal', environment: 'test', minAmount: 0, approvals: 1 },
    ] },
  })
  expect(policy.status).toBe(200)
})
/** A whole sync cycle of the mirror, waited for. */
async function sync(): Promise<void> {
  const headers = { ...asAutomation, 'paydesk-environment': 'test' }
  const started = await paydesk.request('POST', '/console/upstream/sync', { headers, body: {} })
  for (let i = 0; i < 1_000; i++) {
    const job = await paydesk.request('GET', `/console/upstream/sync/${started.body.data.jobId}`, { headers })
    if (['done', 'failed'].includes(job.body.data.status)) break
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

afterAll(async () => {
  // The ticks started the mirror's poll too: a sync waited for runs after it, so nothing runs at close.
  await sync()
  await paydesk?.close()
  await provider?.close()
})

const as = (name: string) => ({ ...asSession(tokens[name]!), 'paydesk-environment': 'test' })
const outboxRows = () => paydesk.service.internals.store.db.prepare('SELECT merchant_transaction_id AS ref, state FROM upstream_outbox').all() as { ref: string; state: string }[]

async function atProvider(reference: string): Promise<number> {
  const listed = await provider.request('GET', `/v1/transactions?${ALL_TIME}&limit=10000`, { headers: { authorization: `Bearer ${PROVIDER_KEY}` } })
  return (listed.body.data.items as { merchantTransactionId: string | null }[]).filter((t) => t.merchantTransactionId === reference).length
}

async function untilAccepted(reference: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    await paydesk.service.tick()
    if (outboxRows().find((row) => row.ref === reference)?.state === 'accepted') return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`${reference} was not accepted`)
}

describe('operate mode behind the approval policy', () => {
  it('held, approved by two approvers, then written to the outbox and sent once', async () => {
    const body = b2cBody({ amount: 100_000 })
    const reference = body['merchantTransactionId'] as string
    const held = await paydesk.request('POST', '/v1/mobile/b2c', { headers: as('amina'), body })
    expect(held.status, JSON.stringify(held.body)).toBe(202)
    const approvalId = held.body.data.approval.id as string
    expect(outboxRows().find((row) => row.ref === reference)).toBeUndefined()

    expect((await paydesk.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('bora') })).status).toBe(200)
    expect(outboxRows().find((row) => row.ref === reference)).toBeUndefined()
    const last = await paydesk.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('chen') })
    expect(last.status, JSON.stringify(last.body)).toBe(200)
    expect(outboxRows().find((row) => row.ref === reference)?.state).toBe('queued')

    await untilAccepted(reference)
    expect(await atProvider(reference)).toBe(1)
  })

  it('rejected: no outbox row, nothing sent', async () => {
    const body = b2cBody({ amount: 90_000 })
    const reference = body['merchantTransactionId'] as string
    const held = await paydesk.request('POST', '/v1/mobile/b2c', { headers: as('amina'), body })
    const approvalId = held.body.data.approval.id as string
    const rejected = await paydesk.request('POST', `/console/approvals/${approvalId}/reject`, { headers: as('bora'), body: { reason: 'Not on the payroll' } })
    expect(rejected.status).toBe(200)
    for (let i = 0; i < 5; i++) await paydesk.service.tick()
    expect(outboxRows().find((row) => row.ref === reference)).toBeUndefined()
    expect(await atProvider(reference)).toBe(0)
  })

  it('a held bulk payout writes no outbox row until its approval lands; then each row is sent once', async () => {
    const [a, b] = [ref('hb'), ref('hb')]
    const created = await paydesk.request('POST', '/console/payout-batches', { headers: as('amina'), body: { name: 'Held run', csv: `phoneNumber,amount,reference\n0712345678,20,${a}\n0712345679,30,${b}\n` } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const submitted = await paydesk.request('POST', `/console/payout-batches/${created.body.data.id}/submit`, { headers: as('amina'), body: {} })
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
    expect(submitted.body.data.status).toBe('awaiting_approval')
    for (let i = 0; i < 3; i++) await paydesk.service.tick()
    expect(outboxRows().filter((row) => row.ref === a || row.ref === b)).toEqual([])

    const approval = submitted.body.data.approval.id as string
    expect((await paydesk.request('POST', `/console/approvals/${approval}/approve`, { headers: as('bora') })).status).toBe(200)
    await untilAccepted(a)
    await untilAccepted(b)
    expect([await atProvider(a), await atProvider(b)]).toEqual([1, 1])
  })

  it('a reversal: held, approved, then one outbox row for the charge, reversed once at the provider', async () => {
    const made = await provider.request('POST', '/v1/mobile/charge', { headers: { authorization: `Bearer ${PROVIDER_KEY}` }, body: chargeBody({ amount: 30_000 }) })
    const chargeId = made.body.data.transactionId as string
    provider.clock.advance(60_000)
    await provider.service.tick()
    await sync()
    const held = await paydesk.request('POST', '/v1/mobile/reverse', { headers: as('amina'), body: { transactionId: chargeId } })
    expect(held.status, JSON.stringify(held.body)).toBe(202)
    expect(outboxRows().find((row) => row.ref === `reversal:${chargeId}`)).toBeUndefined()
    const approved = await paydesk.request('POST', `/console/approvals/${held.body.data.approval.id}/approve`, { headers: as('bora') })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(outboxRows().filter((row) => row.ref === `reversal:${chargeId}`)).toEqual([{ ref: `reversal:${chargeId}`, state: 'queued' }])

    await untilAccepted(`reversal:${chargeId}`)
    const reversals = provider.service.internals.store.db.prepare(`SELECT COUNT(*) AS n FROM transactions r JOIN transactions c ON c.id = r.related_id
      WHERE r.type = 'reversal' AND c.public_id = ?`).get(chargeId) as { n: number }
    expect(reversals.n).toBe(1)
  })
})
