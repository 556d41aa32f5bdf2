import { afterAll, beforeAll, expect, it } from 'vitest'
import { CONSOLE_TOKEN } from '../support/harness'
import { PROVIDER_KEY, startUpstreamPair, type UpstreamPair } from '../support/upstream-pair'
import { b2cBody } from './helpers'

/**
 * The float desk of an environment connected to a provider account (a second Paydesk) shows the provider's
 * balances as the mirror last read them, with the time of that read, never the local ledger's; a low-float
 * threshold there is judged against the provider's balance when a sync reads it moving.
 */
let pair: UpstreamPair
const asProvider = { authorization: `Bearer ${PROVIDER_KEY}` }

beforeAll(async () => {
  pair = await startUpstreamPair({ upstream: { mode: 'operate', pollSeconds: 3_600 } })
  // Two fresh Paydesks number their accounts alike; a real provider's numbers are its own, and the desk and the
  // low-float rule must find its accounts by them.
  const renumber = pair.provider.service.internals.store.db.prepare("UPDATE accounts SET account_no = '9' || substr(account_no, 2) WHERE environment = 'test' AND kind IN ('collections', 'payouts')")
  expect(renumber.run().changes).toBeGreaterThan(1)
  await pair.sync()
})
afterAll(async () => {
  await pair?.close()
})

type DeskAccount = { accountNo: string; available: number; pendingPayouts: number; threshold: number | null; shortfall: number; suggestedMove: number }
type Desk = { source: string; readAt: number | null; accounts: DeskAccount[]; collections: { accountNo: string; available: number } | null }

async function desk(): Promise<Desk> {
  const answer = await pair.console('GET', '/console/float-desk')
  expect(answer.status).toBe(200)
  return answer.body.data
}

/** The provider's payouts account as the provider itself answers it. */
async function providerPayouts(): Promise<{ accountNo: string; available: number; pending: number }> {
  const listed = await pair.provider.request('GET', '/v1/accounts', { headers: asProvider })
  expect(listed.status).toBe(200)
  return (listed.body.data.items as { type: string; default: boolean; accountNo: string; available: number; pending: number }[]).find((a) => a.type === 'payouts' && a.default)!
}

/** A payout the merchant's own systems make at the provider directly: the provider's float moves, Paydesk's does not. */
async function payAtProvider(amount: number): Promise<void> {
  const paid = await pair.provider.request('POST', '/v1/mobile/b2c', { headers: asProvider, body: b2cBody({ amount }) })
  expect(paid.status).toBe(202)
}

/** The connected environment's own payouts account (its ledger), which is not the provider's account. */
function localPayouts(): { accountNo: string; available: number } {
  const store = pair.paydesk.service.internals.store
  const connection = store.upstream.all()[0]!
  const account = store.accounts.resolve(connection.organization_id, connection.environment, 'payouts')
  return { accountNo: account.account_no, available: account.available }
}

async function lowFloatNotifications(): Promise<{ kind: string; body: string }[]> {
  for (let i = 0; i < 3; i++) await pair.paydesk.service.tick()
  const listed = await pair.console('GET', '/console/notifications')
  expect(listed.status).toBe(200)
  return (listed.body.data.items as { kind: string; body: string }[]).filter((n) => n.kind === 'low_float')
}

it("shows the provider's balances as last read, with the time of the read, and nothing to sweep", async () => {
  const status = (await pair.console('GET', '/console/upstream')).body.data
  const upstream = await providerPayouts()
  const first = await desk()
  expect(first.source).toBe('provider')
  expect(first.readAt).toBe(status.lastSyncAt)
  expect(first.readAt).not.toBeNull()
  const line = first.accounts.find((a) => a.accountNo === upstream.accountNo)!
  expect(line).toMatchObject({ available: upstream.available, pendingPayouts: upstream.pending, suggestedMove: 0 })

  await payAtProvider(250_000)
  const moved = await providerPayouts()
  expect(moved.available).toBeLessThan(upstream.available)
  // Until the mirror reads them again, the desk says what it last read.
  expect((await desk()).accounts.find((a) => a.accountNo === upstream.accountNo)!.available).toBe(upstream.available)
  await pair.advance(1_000)
  await pair.sync()
  const after = await desk()
  expect(after.accounts.find((a) => a.accountNo === upstream.accountNo)!.available).toBe(moved.available)
  expect(after.readAt).toBeGreaterThan(first.readAt!)
  // The desk lists the provider's account by the provider's number, not the local ledger's account.
  expect(localPayouts().accountNo).not.toBe(upstream.accountNo)
  expect(after.accounts.map((a) => a.accountNo)).not.toContain(localPayouts().accountNo)
})

it("raises low float from the provider's balance when a sync reads it below the threshold, once", async () => {
  const upstream = await providerPayouts()
  const rules = (await pair.console('GET', '/console/notification-rules')).body.data
  // At the threshold is not below it.
  expect((await pair.console('PUT', '/console/notification-rules', { ...rules, lowFloat: [{ accountNo: upstream.accountNo, below: upstream.available }] })).status).toBe(200)
  expect(await lowFloatNotifications()).toEqual([])

  await payAtProvider(100_000)
  await pair.advance(1_000)
  expect(await lowFloatNotifications()).toEqual([]) // not read yet
  await pair.sync()
  const raised = await lowFloatNotifications()
  expect(raised).toHaveLength(1)
  expect(raised[0]!.body).toContain('at the provider')
  const line = (await desk()).accounts.find((a) => a.accountNo === upstream.accountNo)!
  expect(line.threshold).toBe(upstream.available)
  expect(line.shortfall).toBe(upstream.available - line.available)
  expect(line.suggestedMove).toBe(0)

  // Still below at the next read: the same crossing, no second notification.
  await payAtProvider(50_000)
  await pair.advance(1_000)
  await pair.sync()
  expect(await lowFloatNotifications()).toHaveLength(1)
})

it("a sandbox's float desk is its ledger's", async () => {
  const answer = await pair.provider.request('GET', '/console/float-desk', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` } })
  expect(answer.body.data).toMatchObject({ source: 'ledger', readAt: null })
})
