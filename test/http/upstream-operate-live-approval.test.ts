import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { PROVIDER_KEY } from '../support/upstream-pair'
import { ALL_TIME, b2cBody } from './helpers'
import { asAutomation, asSession, createUser, signIn } from './team-support'

/**
 * With a team, a live key's operate connection is itself an approval action: it runs as read (no money at
 * the provider) until an owner or admin asks and the policy's approvers approve, bound to the address, the
 * key and the mode. A restart with the same key stays approved; another key waits again.
 */
const PROVIDER_LIVE_KEY = 'sk_live_providerkey00000000000cd34'
let provider: TestServer
let paydesk: TestServer
let folder: string
const tokens: Record<string, string> = {}

async function startPaydesk(key: string, team = true): Promise<TestServer> {
  return startTestServer({
    team, dbPath: join(folder, team ? 'paydesk.db' : 'single.db'),
    upstream: { url: `${provider.url}/v1`, key, mode: 'operate', pollSeconds: 3_600, lookbackDays: 1, ratePerMinute: 6_000, timeoutMs: 5_000 },
  })
}

/** The ticks start the mirror's poll: a sync waited for runs after it, so nothing runs at close. */
async function closePaydesk(server: TestServer): Promise<void> {
  const headers = { ...asAutomation, 'paydesk-environment': 'live' }
  const started = await server.request('POST', '/console/upstream/sync', { headers, body: {} })
  for (let i = 0; i < 1_000 && started.status === 202; i++) {
    const job = await server.request('GET', `/console/upstream/sync/${started.body.data.jobId}`, { headers })
    if (['done', 'failed'].includes(job.body.data.status)) break
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  await server.close()
}

async function signInAll(): Promise<void> {
  for (const name of ['adam', 'amina', 'bora', 'chen', 'sam', 'vic']) tokens[name] = await signIn(paydesk, name)
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'paydesk-operate-'))
  provider = await startTestServer({ apiKey: PROVIDER_KEY, liveApiKey: PROVIDER_LIVE_KEY })
  paydesk = await startPaydesk(PROVIDER_LIVE_KEY)
  for (const [name, role] of [['adam', 'admin'], ['amina', 'maker'], ['bora', 'approver'], ['chen', 'approver'], ['sam', 'support'], ['vic', 'viewer']] as const) {
    await createUser(paydesk, name, role)
  }
  await signInAll()
  const policy = await paydesk.request('PUT', '/console/approval-policy', {
    headers: asAutomation, body: { rules: [{ action: 'upstream-operate', environment: 'live', minAmount: 0, approvals: 2 }] },
  })
  expect(policy.status).toBe(200)
})
afterAll(async () => {
  if (paydesk) await closePaydesk(paydesk)
  await provider?.close()
  rmSync(folder, { recursive: true, force: true })
})

const as = (name: string) => ({ ...asSession(tokens[name]!), 'paydesk-environment': 'live' })
const outboxRows = () => paydesk.service.internals.store.db.prepare('SELECT merchant_transaction_id AS ref, state FROM upstream_outbox').all() as { ref: string; state: string }[]
const operate = async () => (await paydesk.request('GET', '/console/upstream', { headers: as('vic') })).body.data.operate

/** The provider's live transactions: what it was asked to pay, in all. */
async function providerCount(reference?: string): Promise<number> {
  const listed = await provider.request('GET', `/v1/transactions?${ALL_TIME}&limit=10000`, { headers: { authorization: `Bearer ${PROVIDER_LIVE_KEY}` } })
  expect(listed.status).toBe(200)
  return (listed.body.data.items as { merchantTransactionId: string | null }[]).filter((t) => reference === undefined || t.merchantTransactionId === reference).length
}

async function untilAccepted(reference: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    await paydesk.service.tick()
    if (outboxRows().find((row) => row.ref === reference)?.state === 'accepted') return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`${reference} was not accepted`)
}

async function refusedPayout(pattern: RegExp): Promise<void> {
  const body = b2cBody({ amount: 5_000 })
  const refused = await paydesk.request('POST', '/v1/mobile/b2c', { headers: as('amina'), body })
  expect(refused.status, JSON.stringify(refused.body)).toBe(409)
  expect(refused.body.error.code).toBe('upstream_mode')
  expect(refused.body.error.message).toMatch(pattern)
  for (let i = 0; i < 3; i++) await paydesk.service.tick()
  expect(outboxRows().find((row) => row.ref === body['merchantTransactionId'])).toBeUndefined()
}

describe('a live operate connection behind its own approval', () => {
  it('refuses money until two approvers approve it, then sends a payout once', async () => {
    const before = await providerCount()
    expect(await operate()).toEqual({ state: 'not_requested', approvalId: null })
    expect((await paydesk.request('GET', '/console/upstream', { headers: as('vic') })).body.data).toMatchObject({ mode: 'operate', environment: 'live', connected: true })
    await refusedPayout(/sends no money until it is approved: no approval was asked/)

    for (const name of ['amina', 'sam', 'vic', 'bora']) {
      const denied = await paydesk.request('POST', '/console/upstream/operate', { headers: as(name) })
      expect(denied.status, name).toBe(403)
      expect(denied.body.error.param).toBe('settings.manage')
    }
    const asked = await paydesk.request('POST', '/console/upstream/operate', { headers: as('adam') })
    expect(asked.status, JSON.stringify(asked.body)).toBe(202)
    expect(asked.body.data).toEqual({ state: 'waiting_approval', approvalId: expect.stringMatching(/^apr_/), approvalsRequired: 2 })
    const approvalId = asked.body.data.approvalId as string
    expect((await paydesk.request('POST', '/console/upstream/operate', { headers: as('adam') })).body.data.approvalId).toBe(approvalId)
    expect(await operate()).toEqual({ state: 'waiting_approval', approvalId })
    await refusedPayout(new RegExp(`waits for approval ${approvalId}`))

    const inbox = await paydesk.request('GET', '/console/approvals?status=pending', { headers: as('bora') })
    const shown = inbox.body.data.items.find((item: { id: string }) => item.id === approvalId)
    expect(shown).toMatchObject({ action: 'upstream-operate', request: { body: { url: provider.url, keyFingerprint: '…cd34', mode: 'operate', environment: 'live' } } })
    expect(JSON.stringify(inbox.body)).not.toMatch(/identity|providerkey/)

    expect((await paydesk.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('amina') })).status).toBe(403)
    expect((await paydesk.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('adam') })).status).toBe(403)
    expect((await paydesk.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('bora') })).status).toBe(200)
    expect(await operate()).toEqual({ state: 'waiting_approval', approvalId })
    await refusedPayout(new RegExp(`waits for approval ${approvalId}`))
    const last = await paydesk.request('POST', `/console/approvals/${approvalId}/approve`, { headers: as('chen') })
    expect(last.status, JSON.stringify(last.body)).toBe(200)
    expect(await operate()).toEqual({ state: 'approved', approvalId })
    expect(await providerCount()).toBe(before)

    const body = b2cBody({ amount: 5_000 })
    const sent = await paydesk.request('POST', '/v1/mobile/b2c', { headers: as('amina'), body })
    expect(sent.status, JSON.stringify(sent.body)).toBe(202)
    expect(sent.body.data.upstream.outboxId).toBeTruthy()
    await untilAccepted(body['merchantTransactionId'] as string)
    expect(await providerCount(body['merchantTransactionId'] as string)).toBe(1)
    expect(await providerCount()).toBe(before + 1)

    const audit = await paydesk.request('GET', '/console/audit', { headers: asAutomation })
    const entries = (audit.body.data.items as { action: string; target: string | null; actor: { name: string } }[])
      .filter((entry) => entry.target === approvalId || entry.target?.startsWith(`${approvalId}/`))
      .map((entry) => `${entry.action} ${entry.actor.name}`)
    // Asked twice (the second answered the same approval), approved twice.
    expect(entries.sort()).toEqual(['console.approvals.approve bora', 'console.approvals.approve chen', 'console.upstream.operate adam', 'console.upstream.operate adam'])
  })

  it('stays approved after a restart with the same key; another key waits again, and a rejection keeps it read', async () => {
    await closePaydesk(paydesk)
    paydesk = await startPaydesk(PROVIDER_LIVE_KEY)
    await signInAll()
    expect((await operate()).state).toBe('approved')
    // Queued under the approved key and not sent yet (no tick) when the key changes.
    const body = b2cBody({ amount: 5_000 })
    expect((await paydesk.request('POST', '/v1/mobile/b2c', { headers: as('amina'), body })).status).toBe(202)
    const before = await providerCount()

    const minted = await provider.request('POST', '/console/keys', { headers: { ...asAutomation, 'paydesk-environment': 'live' }, body: { label: 'second' } })
    expect(minted.status).toBe(201)
    await closePaydesk(paydesk)
    paydesk = await startPaydesk(minted.body.data.key as string)
    await signInAll()
    expect(await operate()).toEqual({ state: 'not_requested', approvalId: null })
    await refusedPayout(/no approval was asked/)
    // The row queued before waits too: nothing leaves under a key nobody approved.
    for (let i = 0; i < 5; i++) await paydesk.service.tick()
    expect(outboxRows().find((row) => row.ref === body['merchantTransactionId'])?.state).toBe('queued')
    expect(await providerCount()).toBe(before)

    const asked = await paydesk.request('POST', '/console/upstream/operate', { headers: as('adam') })
    expect(asked.status).toBe(202)
    const rejected = await paydesk.request('POST', `/console/approvals/${asked.body.data.approvalId}/reject`, { headers: as('bora'), body: { reason: 'Not this key' } })
    expect(rejected.status).toBe(200)
    expect(await operate()).toEqual({ state: 'rejected', approvalId: asked.body.data.approvalId })
    await refusedPayout(/was rejected/)

    // A change at run time (the desktop's Settings connects this way) is judged the same: by the key it connects with.
    const settings = { url: `${provider.url}/v1`, mode: 'operate' as const, pollSeconds: 3_600, lookbackDays: 1, ratePerMinute: 6_000, timeoutMs: 5_000 }
    paydesk.service.connectUpstream({ ...settings, key: PROVIDER_LIVE_KEY })
    expect((await operate()).state).toBe('approved')
    paydesk.service.connectUpstream({ ...settings, key: minted.body.data.key as string })
    expect((await operate()).state).toBe('rejected')
  })

  it('needs no approval without a team: the flags are the consent', async () => {
    const single = await startPaydesk(PROVIDER_LIVE_KEY, false)
    try {
      const status = await single.request('GET', '/console/upstream', { headers: { ...asAutomation, 'paydesk-environment': 'live' } })
      expect(status.body.data.operate).toEqual({ state: 'not_required', approvalId: null })
      const asked = await single.request('POST', '/console/upstream/operate', { headers: { ...asAutomation, 'paydesk-environment': 'live' } })
      expect(asked.status).toBe(409)
    } finally {
      await closePaydesk(single)
    }
  })
})
