import { beforeEach, describe, expect, it } from 'vitest'
import type { Transaction } from '../../shared/schemas/transaction'
import { runUnit } from '../../electron/service/core/unit'
import { BROUGHT_FORWARD_NARRATION, reconcileBroughtForward } from '../../electron/service/lifecycle/brought-forward'
import { upsertPage, type MirrorScope } from '../../electron/service/upstream/mirror'
import { reconcileBalances, type SyncContext } from '../../electron/service/upstream/sync'
import { postUnpostedMirror } from '../../electron/service/upstream/catch-up'
import type { ProviderClient } from '../../electron/service/upstream/client'
import { testService, type TestService } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'

/**
 * The postings of a mirrored row are its lifecycle's, less what it already posted: posted once whether the
 * row arrives final or moves later, never twice on a re-scan; what history before the mirror must pay for is
 * brought forward in one entry, dated before the mirrored history.
 */
const DAY = 86_400_000
let service: TestService
let now: () => number
let scope: MirrorScope
let serial = 0

beforeEach(() => {
  const made = testService()
  service = made.service
  now = made.clock.now
  const { store, engine } = service.internals
  const organizationId = store.accounts.all().find((a) => a.environment === 'test' && a.kind === 'collections')!.organization_id
  scope = { organizationId, environment: 'test', connectedAt: now(), openingAt: now() - 40 * DAY }
  // A connected environment holds only the provider's rows (upstream/connection.ts erases the sandbox's).
  runUnit(engine, now(), (unit) => {
    unit.store.sandbox.purge(organizationId, 'test', unit.now)
    unit.store.sandbox.purgeOpeningFloats(organizationId, 'test', unit.now)
  })
})

function providerRow(fields: Partial<Transaction>): Transaction {
  serial++
  return {
    publicId: `txn_provider${String(serial).padStart(6, '0')}`, merchantTransactionId: null, status: 'pending', message: null, amount: 10_000,
    chargedAmount: 10_000, currency: 'KES', accountType: 'payouts', type: 'transfer', paymentMethod: 'mobile_money', processor: 'mobile',
    processorReference: null, phoneNumber: '254712345678', narration: null, customerId: null, customer: null, fees: 150, metadata: null,
    subMerchantId: null, subMerchantDetails: null, createdAt: now() - DAY, updatedAt: now() - DAY, ...fields,
  }
}

const mirror = (...rows: Transaction[]) => runUnit(service.internals.engine, now(), (unit) => upsertPage(unit, scope, rows))
const account = (kind: 'collections' | 'payouts') => service.internals.store.accounts.resolve(scope.organizationId, 'test', kind)
const rowOf = (t: Transaction) => service.internals.store.transactions.getByPublicId(scope.organizationId, 'test', t.publicId)!
const postingsOf = (t: Transaction) => service.internals.store.ledger.postingsOf(rowOf(t).id).map((p) => [p.bucket, p.amount, p.created_at])
const broughtForward = () => service.internals.store.transactions.getByPublicId(scope.organizationId, 'test', `bf_test_${scope.organizationId}`)

describe('the ledger of mirrored rows', () => {
  it('reserves a payout first seen pending, posts only its completion later, and nothing on a re-scan', async () => {
    // The provider tells the merchant's systems itself: the mirror's movements send no balance.updated.
    const hook = service.call('console.webhooks.endpoint.update', { body: { defaultUrl: 'https://hooks.example.com/paydesk' } }, { trustedConsole: true, environment: 'test' })
    expect(hook.status).toBe(200)
    const pending = providerRow({})
    mirror(pending)
    expect(account('payouts')).toMatchObject({ available: 0, pending: 10_150 })
    // The float that paid for it was the provider's before the mirror began: brought forward, before the history.
    expect(broughtForward()).toMatchObject({ narration: BROUGHT_FORWARD_NARRATION, created_at: scope.openingAt })
    mirror(pending)
    expect(postingsOf(pending)).toHaveLength(2)
    const completed = { ...pending, status: 'completed' as const, updatedAt: pending.updatedAt + 60_000 }
    mirror(completed)
    mirror(completed)
    expect(account('payouts')).toMatchObject({ available: 0, pending: 0 })
    expect(postingsOf(pending)).toHaveLength(5)
    expect(postingsOf(pending).slice(2).every(([, , at]) => at === completed.updatedAt)).toBe(true)
    expect(service.internals.store.db.prepare("SELECT COUNT(*) AS n FROM webhook_events WHERE type = 'balance.updated'").get()).toEqual({ n: 0 })
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('posts a charge that arrives settled once, as completed and settled; a payout that arrives failed moves nothing', async () => {
    const charge = providerRow({ type: 'charge', accountType: 'collections', status: 'settled', amount: 50_000, fees: 750 })
    const failed = providerRow({ status: 'failed' })
    mirror(charge, failed)
    mirror(charge, failed)
    expect(account('collections')).toMatchObject({ available: 49_250, pending: 0 })
    expect(postingsOf(failed)).toEqual([])
    expect(broughtForward()).toBeUndefined()
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('reverses the net of the charge it names, and names that charge', async () => {
    const charge = providerRow({ type: 'charge', accountType: 'collections', status: 'settled', amount: 50_000, fees: 750 })
    mirror(charge)
    const reversal = providerRow({ type: 'reversal', accountType: 'collections', amount: 50_000, fees: 0, narration: `Reversal of ${charge.publicId}` })
    mirror(reversal)
    expect(account('collections')).toMatchObject({ available: 0, pending: 49_250 })
    expect(rowOf(reversal).related_id).toBe(rowOf(charge).id)
    expect(ledgerViolations(service.internals.store)).toEqual([])
    mirror({ ...reversal, status: 'completed', updatedAt: reversal.updatedAt + 1_000 })
    expect(account('collections')).toMatchObject({ available: 0, pending: 0 })
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('reserves a reversal whose charge the mirror does not hold at its own amount (exempt from guarantee 5 as such)', async () => {
    const reversal = providerRow({ type: 'reversal', accountType: 'collections', amount: 8_000, fees: 0, narration: 'Refund for a torn parcel' })
    mirror(reversal)
    expect(account('collections')).toMatchObject({ available: 0, pending: 8_000 })
    expect(rowOf(reversal).related_id).toBeNull()
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('raises no low float for history the backfill finds, and one for a movement seen as it happens', async () => {
    const trusted = { trustedConsole: true, environment: 'test' as const }
    const rules = service.call('console.notificationRules.get', {}, trusted).body as { data: Record<string, unknown> }
    const saved = service.call('console.notificationRules.update', { body: { ...rules.data, lowFloat: [{ accountNo: account('payouts').account_no, below: 1_000_000 }] } }, trusted)
    expect(saved.status).toBe(200)
    const lowFloats = async () => {
      await service.tick()
      const listed = service.call('console.notifications.list', { query: {} }, trusted).body as { data: { items: { kind: string }[] } }
      return listed.data.items.filter((n) => n.kind === 'low_float').length
    }
    mirror(providerRow({ type: 'bank_deposit', status: 'completed', amount: 2_000_000, fees: 0 }), providerRow({ status: 'completed', amount: 1_500_000 }))
    expect(account('payouts').available).toBeLessThan(1_000_000)
    expect(await lowFloats()).toBe(0)
    mirror(providerRow({ status: 'pending', amount: 50_000, createdAt: now(), updatedAt: now() }))
    expect(await lowFloats()).toBe(1)
  })

  it('posts a mirror an older Paydesk kept without postings once, at connect, as the sync would have', async () => {
    const charge = providerRow({ type: 'charge', accountType: 'collections', status: 'settled', amount: 30_000, fees: 450 })
    const payout = providerRow({ status: 'pending' })
    mirror(charge, payout)
    const balances = () => [account('collections'), account('payouts')].map((a) => [a.available, a.pending])
    const before = { balances: balances(), postings: [postingsOf(charge), postingsOf(payout)] }
    // As an older Paydesk left it: the rows, and no postings.
    service.internals.store.db.exec('DELETE FROM ledger_postings; UPDATE accounts SET available = 0, pending = 0')
    expect(postUnpostedMirror(service.internals.engine, scope)).toBe(2)
    expect({ balances: balances(), postings: [postingsOf(charge), postingsOf(payout)] }).toEqual(before)
    expect(postUnpostedMirror(service.internals.engine, scope)).toBe(0)
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('reconciles with the provider\'s balances by adjusting the one entry brought forward, and not again once they agree', async () => {
    mirror(providerRow({ type: 'charge', accountType: 'collections', status: 'completed', amount: 20_000, fees: 300 }))
    const theirs = [
      { type: 'collections' as const, available: 70_000, pending: 25_000 },
      { type: 'payouts' as const, available: 400_000, pending: 0 },
    ]
    const reconcile = () => runUnit(service.internals.engine, now(), (unit) => reconcileBroughtForward(unit, scope, theirs))
    expect(reconcile()).toBe(true)
    expect(account('collections')).toMatchObject({ available: 70_000, pending: 25_000 })
    expect(account('payouts')).toMatchObject({ available: 400_000, pending: 0 })
    expect(reconcile()).toBe(false)
    const entry = broughtForward()!
    expect(service.internals.store.ledger.postingsOf(entry.id).every((p) => p.created_at === scope.openingAt)).toBe(true)
    // Its amount is what it brought forward: the provider's balances less what the mirrored charge put there.
    expect(entry.amount).toBe(70_000 + 25_000 + 400_000 - (20_000 - 300))
    // Its pending part stands for unsettled history the mirror does not hold: exempt from guarantee 5.
    expect(ledgerViolations(service.internals.store)).toEqual([])
    theirs[0] = { type: 'collections', available: 60_000, pending: 25_000 }
    expect(reconcile()).toBe(true)
    expect(account('collections')).toMatchObject({ available: 60_000, pending: 25_000 })
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })
})

describe('reconciling a cycle with the provider\'s balances', () => {
  const account = (type: 'collections' | 'payouts', available: number, pending = 0) => ({
    type, currency: 'KES', available, pending, status: 'active' as const, default: true, accountNo: type === 'collections' ? '2100000001' : '3100000001',
    name: type, hostType: 'own' as const, shortcodeId: null,
  })

  /** A sync context whose provider answers each accounts read with the next of `answers`. */
  function context(answers: ReturnType<typeof account>[][]): { ctx: SyncContext; reads: () => number } {
    let reads = 0
    const client = {
      async request(_cls: string, _method: string, path: string) {
        if (path !== '/accounts') throw new Error(`unexpected ${path}`)
        return { status: 200, headers: {}, json: { data: { items: answers[Math.min(reads++, answers.length - 1)] } } }
      },
    } as unknown as ProviderClient
    runUnit(service.internals.engine, now(), (unit) => unit.store.upstream.insertConnection({
      organization_id: scope.organizationId, environment: 'test', url: 'http://127.0.0.1:1', key_fingerprint: '…ab12', mode: 'read',
      connected_at: now(), since: new Date(scope.openingAt + DAY).toISOString().slice(0, 10), backfill_next: null,
    }))
    return { ctx: { engine: service.internals.engine, client, scope, lookbackDays: 3, now, wallNow: now }, reads: () => reads }
  }
  const progress = () => ({ rows: 0, requests: 0, gaps: [] as string[] })
  const broughtForwardPostings = () => {
    const entry = service.internals.store.transactions.getByPublicId(scope.organizationId, 'test', `bf_test_${scope.organizationId}`)
    return entry ? service.internals.store.ledger.postingsOf(entry.id).length : 0
  }

  it('leaves the ledger alone when money moved while the cycle scanned, and reconciles in a quiet one', async () => {
    const before = [account('collections', 80_000), account('payouts', 500_000)]
    const moved = [account('collections', 80_000), account('payouts', 450_000, 50_000)]
    const { ctx, reads } = context([moved, moved])
    await reconcileBalances(ctx, progress(), before)
    expect(reads()).toBe(1)
    expect(broughtForwardPostings()).toBe(0)
    // The fresher balances are kept (the /v1 reads answer them), for the next cycle to start from.
    expect(service.internals.store.upstream.connection(scope.organizationId, 'test')!.balances).toEqual(moved)
    await reconcileBalances(ctx, progress(), moved)
    expect(reads()).toBe(2)
    expect(service.internals.store.accounts.resolve(scope.organizationId, 'test', 'payouts')).toMatchObject({ available: 450_000, pending: 50_000 })
    const posted = broughtForwardPostings()
    // Once the ledger holds them, a cycle neither reads again nor posts.
    await reconcileBalances(ctx, progress(), moved)
    expect(reads()).toBe(2)
    expect(broughtForwardPostings()).toBe(posted)
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })
})
