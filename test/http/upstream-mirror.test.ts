import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, TEST_KEY } from '../support/harness'
import { PROVIDER_KEY, startUpstreamPair, type UpstreamPair } from '../support/upstream-pair'
import { b2cBody, chargeBody } from './helpers'

/**
 * A Paydesk connected to a second Paydesk playing the merchant's provider account: the first sync mirrors the
 * account (diff = 0, no notifications for history), later changes upstream are seen at the next poll, and the
 * connected environment refuses the sandbox's controls and money.
 */
let pair: UpstreamPair
const DAY = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const asProvider = { authorization: `Bearer ${PROVIDER_KEY}` }

beforeAll(async () => {
  pair = await startUpstreamPair({ seedHistory: 1_500 })
})
afterAll(async () => {
  await pair?.close()
})

async function providerList(from: string, to: string): Promise<{ publicId: string; status: string; amount: number }[]> {
  const answer = await pair.provider.request('GET', `/v1/transactions?startDate=${from}&endDate=${to}`, { headers: asProvider })
  expect(answer.status).toBe(200)
  return answer.body.data.items
}

describe('the mirror of a provider account', () => {
  it('mirrors every transaction since the backfill start on the first sync, with a diff of zero and no notifications', async () => {
    const job = await pair.sync()
    expect(job).toMatchObject({ status: 'done', error: null })
    const now = pair.paydesk.clock.now()
    const since = day(now - 30 * DAY)
    const upstream = await providerList(since, day(now))
    expect(upstream.length).toBeGreaterThan(100)
    const mirrored = await pair.paydesk.request('GET', `/v1/transactions?startDate=${since}&endDate=${day(now)}`)
    expect(mirrored.status).toBe(200)
    expect(new Set(mirrored.body.data.items.map((t: { publicId: string }) => t.publicId))).toEqual(new Set(upstream.map((t) => t.publicId)))
    const diff = await pair.console('GET', `/console/upstream/diff?from=${since}&to=${day(now)}`)
    expect(diff.status, JSON.stringify(diff.body)).toBe(200)
    expect(diff.body.data.mismatches).toEqual([])
    expect(diff.body.data.local).toEqual(diff.body.data.upstream)
    const status = await pair.console('GET', '/console/upstream')
    expect(status.body.data).toMatchObject({
      connected: true, environment: 'test', mode: 'read', keyFingerprint: '…ab12', lastSyncAt: now, lagMs: 0, lastError: null,
      backfill: { from: since, done: true }, budget: { perMinute: 6000 },
    })
    expect(status.body.data.budget.usedLastMinute).toBeGreaterThan(0)
    expect(status.body.data.balances.length).toBeGreaterThan(0)
    const bell = await pair.console('GET', '/console/notifications')
    expect(bell.body.data.items).toEqual([])
  })

  it('files every provider call under its own source, without the key', async () => {
    const log = await pair.console('GET', '/console/requests?source=provider&limit=200')
    expect(log.status).toBe(200)
    const entries = log.body.data.items as { path: string; status: number }[]
    expect(entries.length).toBeGreaterThan(3)
    expect(entries.every((e) => e.path === '/v1/transactions' || e.path === '/v1/accounts')).toBe(true)
    const own = await pair.console('GET', '/console/requests?source=integration&limit=200')
    expect(own.body.data.items.some((e: { path: string }) => e.path === '/v1/accounts')).toBe(false)
    const detail = await pair.console('GET', `/console/requests/${log.body.data.items[0].requestId}`)
    const text = JSON.stringify(detail.body)
    expect(text).not.toContain(PROVIDER_KEY)
    expect(text).not.toContain(PROVIDER_KEY.slice('sk_test_'.length))
  })

  it('answers /v1 balance reads in the connected environment from the provider accounts as last synced', async () => {
    const theirs = await pair.provider.request('GET', '/v1/accounts', { headers: asProvider })
    const ours = await pair.paydesk.request('GET', '/v1/accounts')
    expect(ours.status).toBe(200)
    expect(ours.body.data.items).toEqual(theirs.body.data.items)
    const account = theirs.body.data.items[0]
    const balance = await pair.paydesk.request('GET', `/v1/balance?accountNo=${account.accountNo}`)
    expect(balance.body.data).toMatchObject({ accountNo: account.accountNo, available: account.available, pending: account.pending })
    expect((await pair.paydesk.request('GET', '/v1/balance?accountNo=999999999')).status).toBe(404)
  })

  it('sees a late failure and a new payment made upstream at the next poll, each notified once', async () => {
    const failing = await pair.provider.request('POST', '/v1/mobile/b2c', { headers: asProvider, body: b2cBody({ forceStatus: 'failed' }) })
    expect(failing.status, JSON.stringify(failing.body)).toBe(202)
    const paymentId = failing.body.data.transactionId as string
    await pair.advance(1_000)
    await pair.sync()
    const before = await pair.paydesk.request('GET', `/v1/transaction?transactionId=${paymentId}`)
    expect(before.body.data.status).toBe('pending')
    // The provider's simulator answers; a customer pays.
    await pair.advance(120_000)
    const paid = await pair.provider.request('POST', '/v1/mobile/charge', { headers: asProvider, body: chargeBody() })
    expect(paid.status).toBe(202)
    await pair.advance(120_000)
    await pair.sync()
    await pair.sync()
    const after = await pair.paydesk.request('GET', `/v1/transaction?transactionId=${paymentId}`)
    expect(after.body.data.status).toBe('failed')
    const changes = await pair.console('GET', '/console/upstream/changes')
    expect(changes.body.data.items).toContainEqual(expect.objectContaining({ transactionId: paymentId, field: 'status', from: 'pending', to: 'failed' }))
    const bell = await pair.console('GET', '/console/notifications')
    const kinds = bell.body.data.items.map((n: { kind: string; link: string }) => `${n.kind} ${n.link}`)
    expect(kinds.filter((k: string) => k === `payout_failed /transactions/${paymentId}`)).toHaveLength(1)
  })

  it('refuses the sandbox controls and money in the connected environment, with upstream_mode', async () => {
    const consoleAuth = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' }
    const charge = await pair.paydesk.request('POST', '/v1/mobile/charge', { headers: { authorization: `Bearer ${TEST_KEY}` }, body: chargeBody() })
    expect(charge.status).toBe(409)
    expect(charge.body.error).toMatchObject({ code: 'upstream_mode' })
    const advance = await pair.paydesk.request('POST', '/console/simulator/advance', { headers: consoleAuth, body: { ms: 1000 } })
    expect(advance.status).toBe(409)
    expect(advance.body.error.message).toContain(pair.provider.url)
    const faults = await pair.paydesk.request('PUT', '/console/faults/api', { headers: consoleAuth, body: { scope: 'money', faults: { errorRate: { rate: 1 } } } })
    expect(faults.status).toBe(409)
    // The other environment stays a sandbox.
    const live = await pair.paydesk.request('POST', '/console/simulator/advance', { headers: { ...consoleAuth, 'paydesk-environment': 'live' }, body: { ms: 1000 } })
    expect(live.status).not.toBe(409)
  })
})
