import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProviderClient } from '../../electron/service/upstream/client'
import { scanWindow } from '../../electron/service/upstream/window'
import { CONSOLE_TOKEN } from '../support/harness'
import { PROVIDER_KEY, startUpstreamPair, type UpstreamPair } from '../support/upstream-pair'
import { chargeBody } from './helpers'

/**
 * The provider's bad days, played by its fault lab: an outage, answers slower than --upstream-timeout,
 * 500s, a key revoked; and a reversal made upstream after the first sync. The mirror says what went wrong,
 * keeps what it has, and catches up once the provider answers again.
 */
let pair: UpstreamPair
const DAY = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const asProvider = { authorization: `Bearer ${PROVIDER_KEY}` }
const providerConsole = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' }

beforeAll(async () => {
  pair = await startUpstreamPair({ seedHistory: 400, upstream: { timeoutMs: 300 } })
  expect(await pair.sync()).toMatchObject({ status: 'done', error: null })
})
afterAll(async () => {
  await pair?.close()
})

async function providerFaults(scope: string, faults: Record<string, unknown>) {
  const answer = await pair.provider.request('PUT', '/console/faults/api', { headers: providerConsole, body: { scope, faults } })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}
const clearFaults = async () => expect((await pair.provider.request('POST', '/console/faults/clear', { headers: providerConsole })).status).toBe(200)
const status = async () => (await pair.console('GET', '/console/upstream')).body.data

describe('a provider having a bad day', () => {
  it('an outage fails the sync, says so, keeps the mirror and its last sync; the next sync recovers', async () => {
    const before = await status()
    const now = pair.provider.clock.now()
    await providerFaults('transactions.list', { outage: { from: now - 1000, until: now + 3_600_000 } })
    const failed = await pair.sync()
    expect(failed.status).toBe('failed')
    expect(failed.error).toMatch(/503/)
    expect(await status()).toMatchObject({ connected: true, lastSyncAt: before.lastSyncAt, lastError: failed.error })
    await clearFaults()
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    expect((await status()).lastError).toBeNull()
  })

  it('an outage says in lastError why the mirror is not fresh, until a cycle after its end clears it', async () => {
    const before = await status()
    const now = pair.provider.clock.now()
    await providerFaults('accounts.list', { outage: { from: now - 1000, until: now + 600_000 } })
    await pair.advance(60_000)
    expect(await pair.sync()).toMatchObject({ status: 'failed' })
    const down = await status()
    expect(down).toMatchObject({ connected: true, lastSyncAt: before.lastSyncAt })
    expect(down.lagMs).toBeGreaterThanOrEqual(60_000)
    expect(down.lastError).toBe('The provider is unavailable (503 to the accounts list): The service is temporarily unavailable (scheduled maintenance). Retry after the time in Retry-After. (it asks to be tried again in 540 s)')
    // The outage ends on the provider's clock, nobody clears it: the next good cycle clears the error.
    await pair.advance(600_000)
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    expect(await status()).toMatchObject({ lastError: null, lagMs: 0, lastSyncAt: pair.paydesk.clock.now() })
    await clearFaults()
  })

  it('an answer slower than the timeout, and a 500, fail the sync with the reason', async () => {
    await providerFaults('accounts.list', { latency: { minMs: 1200 } })
    const slow = await pair.sync()
    expect(slow).toMatchObject({ status: 'failed', error: expect.stringMatching(/did not answer within 300 ms/) })
    await clearFaults()
    await providerFaults('accounts.list', { errorRate: { rate: 1, status: 500 } })
    expect(await pair.sync()).toMatchObject({ status: 'failed', error: expect.stringMatching(/500/) })
    await clearFaults()
    expect(await pair.sync()).toMatchObject({ status: 'done' })
  })

  it('a reversal made upstream after the first sync is mirrored within two polls', async () => {
    const charge = await pair.provider.request('POST', '/v1/mobile/charge', { headers: asProvider, body: chargeBody() })
    expect(charge.status).toBe(202)
    await pair.advance(120_000)
    await pair.sync()
    const reversal = await pair.provider.request('POST', '/v1/mobile/reverse', { headers: asProvider, body: { transactionId: charge.body.data.transactionId } })
    expect(reversal.status, JSON.stringify(reversal.body)).toBe(202)
    const reversalId = reversal.body.data.transactionId as string
    await pair.advance(120_000)
    const upstream = await pair.provider.request('GET', `/v1/transaction?transactionId=${reversalId}`, { headers: asProvider })
    await pair.sync()
    await pair.sync()
    const mirrored = await pair.paydesk.request('GET', `/v1/transaction?transactionId=${reversalId}`)
    expect(mirrored.status).toBe(200)
    expect(mirrored.body.data).toMatchObject({ type: 'reversal', status: upstream.body.data.status, amount: upstream.body.data.amount })
    const now = pair.paydesk.clock.now()
    const diff = await pair.console('GET', `/console/upstream/diff?from=${day(now - 30 * DAY)}&to=${day(now)}`)
    expect(diff.body.data.mismatches).toEqual([])
  })

  it('splits a window whose page is full, and reads every row once', async () => {
    const client = createProviderClient({ url: pair.provider.url, key: PROVIDER_KEY })
    const now = pair.provider.clock.now()
    const window = { fromMs: now - 30 * DAY, toMs: now }
    const whole = await scanWindow(client, 'sync', window, true)
    expect(whole.requests).toBe(1)
    const cut = await scanWindow(client, 'sync', window, true, 25)
    expect(cut.requests).toBeGreaterThan(whole.rows.length / 25)
    expect(cut.gap).toBe(false)
    expect(cut.rows.map((r) => r.publicId).sort()).toEqual(whole.rows.map((r) => r.publicId).sort())
    // A provider that takes whole days only: a full day cannot be cut, and says so.
    const days = await scanWindow(client, 'sync', window, false, 25)
    expect(days.gap).toBe(true)
    client.close()
  })

  it('flags rows the provider no longer lists, never deletes them, and says so in the changes feed', async () => {
    const now = pair.paydesk.clock.now()
    const before = await pair.paydesk.request('GET', `/v1/transactions?startDate=${day(now - 2 * DAY)}&endDate=${day(now)}&limit=1`)
    const kept = before.body.data.items[0].publicId as string
    // The provider loses its recent history (its own sandbox reset stands in for a row that disappears).
    expect((await pair.provider.request('POST', '/console/simulator/reset', { headers: providerConsole })).status).toBe(200)
    expect(await pair.sync()).toMatchObject({ status: 'done' })
    expect((await pair.paydesk.request('GET', `/v1/transaction?transactionId=${kept}`)).status).toBe(200)
    const changes = (await pair.console('GET', '/console/upstream/changes?limit=500')).body.data.items
    expect(changes).toContainEqual(expect.objectContaining({ transactionId: kept, field: 'presence', from: 'listed', to: 'vanished' }))
    // Flagged once: the next sync adds nothing for it.
    await pair.sync()
    const again = (await pair.console('GET', '/console/upstream/changes?limit=500')).body.data.items
    expect(again.filter((c: { transactionId: string; field: string }) => c.transactionId === kept && c.field === 'presence')).toHaveLength(1)
  })

  it('a revoked key pauses the connection, notifies once, and sends nothing more', async () => {
    const keys = await pair.provider.request('GET', '/console/keys', { headers: providerConsole })
    for (const key of keys.body.data.items.filter((k: { revokedAt: number | null }) => k.revokedAt === null)) {
      expect((await pair.provider.request('POST', `/console/keys/${key.id}/revoke`, { headers: providerConsole })).status).toBe(200)
    }
    expect(await pair.sync()).toMatchObject({ status: 'failed', error: expect.stringMatching(/refused the key/) })
    const sent = (await pair.console('GET', '/console/requests?source=provider&limit=200')).body.data.items.length
    expect(await pair.sync()).toMatchObject({ status: 'failed', requests: 0 })
    expect((await pair.console('GET', '/console/requests?source=provider&limit=200')).body.data.items.length).toBe(sent)
    expect(await status()).toMatchObject({ connected: false, lastError: expect.stringMatching(/refused the key/) })
    const bell = (await pair.console('GET', '/console/notifications')).body.data.items.filter((n: { kind: string }) => n.kind === 'provider_key_refused')
    expect(bell).toHaveLength(1)
  })
})
