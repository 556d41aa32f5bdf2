import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import {
  completeCharge, completePayout, completeReversal, releasePayout, releaseReversal, reservePayout, reserveReversal, settleCharge, sweep, topUp,
  type Posting,
} from '../../electron/service/ledger/postings'
import { testService } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { acknowledgingTransport, reference, serviceDriver } from '../support/simulator-driver'
import { SETTINGS } from '../../electron/service/db/settings-registry'

/** One test per guarantee stated at the top of electron/service/ledger/postings.ts. */

const sum = (postings: readonly Posting[]) => postings.reduce((total, p) => total + p.amount, 0)
let close: (() => void) | undefined
afterEach(() => close?.())

function fresh() {
  const { service, clock } = testService({ webhookTransport: acknowledgingTransport })
  close = () => service.close()
  const drive = serviceDriver(() => service)
  const store = service.internals.store
  return { service, clock, drive, store }
}

describe('guarantee 1: the postings of every transaction sum to zero', () => {
  it('holds for every movement the ledger knows, whatever the amounts', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 0, max: 1e9 }), (amount, fees) => {
      const movements = [
        reservePayout(1, amount, fees), completePayout(1, 2, 3, amount, fees), releasePayout(1, amount, fees),
        completeCharge(1, 2, 3, amount, fees), settleCharge(1, amount), reserveReversal(1, amount),
        completeReversal(1, 2, 3, amount, fees), releaseReversal(1, amount), topUp(1, 2, amount), sweep(1, 4, amount),
      ]
      for (const postings of movements) expect(sum(postings)).toBe(0)
    }))
  })

  it('refuses to write postings that do not sum to zero', () => {
    const { store } = fresh()
    const account = store.accounts.resolve(store.settings.get(SETTINGS.demoOrganizationId)!, 'test', 'payouts')
    expect(() => store.transaction(() => store.ledger.post(store.transactions.get(1)!, [{ accountId: account.id, bucket: 'available', amount: 1 }], 0))).toThrow(/sum to 1/)
    expect(ledgerViolations(store)).toEqual([])
  })
})

describe('guarantee 2: no merchant account bucket is ever negative', () => {
  it('rejects a payout the float cannot cover, and leaves the float untouched', () => {
    const { drive, store } = fresh()
    const payouts = drive.account('payouts')
    const id = drive.ok(drive.api('mobile.b2c', { body: { phoneNumber: '0712345678', amount: 15_000_000, merchantTransactionId: reference('big') } })).transactionId
    drive.ok(drive.api('mobile.b2c', { body: { phoneNumber: '0712345678', amount: 15_000_000, merchantTransactionId: reference('big') } }))
    drive.ok(drive.api('mobile.b2c', { body: { phoneNumber: '0712345678', amount: 15_000_000, merchantTransactionId: reference('big') } }))
    // 50,000,000 opening float; each reserves 15,001,300: the fourth cannot be covered.
    const fourth = drive.ok(drive.api('mobile.b2c', { body: { phoneNumber: '0712345678', amount: 15_000_000, merchantTransactionId: reference('big') } })).transactionId
    expect(drive.transaction(id).status).toBe('pending')
    expect(drive.transaction(fourth).status).toBe('rejected')
    expect(drive.account('payouts')).toMatchObject({ available: payouts.available - 3 * 15_001_300, pending: 3 * 15_001_300 })
    expect(ledgerViolations(store)).toEqual([])
  })

  it('aborts the whole SQLite transaction if a bug tries to overdraw an account', () => {
    const { drive, store } = fresh()
    const payouts = drive.account('payouts')
    const account = store.accounts.getByNo(payouts.accountNo)!
    const external = store.accounts.resolve(account.organization_id, 'test', 'external')
    const before = store.db.prepare('SELECT COUNT(*) AS n FROM ledger_postings').get()
    expect(() => store.transaction(() => store.ledger.post(store.transactions.get(1)!, sweep(account.id, external.id, payouts.available + 1), 0))).toThrow(/CHECK constraint/)
    expect(drive.account('payouts').available).toBe(payouts.available)
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM ledger_postings').get()).toEqual(before)
  })
})

describe('guarantees 3-5: the invariant checker notices a broken ledger', () => {
  it('3: a bucket that differs from the sum of its postings', () => {
    const { store } = fresh()
    store.db.prepare("UPDATE accounts SET available = available + 1 WHERE kind = 'payouts' AND environment = 'test' AND shortcode IS NULL").run()
    expect(ledgerViolations(store)).toEqual([expect.stringMatching(/^account \d+ available is 50000001 but its postings sum to 50000000$/)])
  })

  it('4: payouts pending that is not exactly the reservations of pending payouts', () => {
    const { drive, store } = fresh()
    const id = drive.ok(drive.api('mobile.b2c', { body: { phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: reference('r') } })).transactionId
    expect(ledgerViolations(store)).toEqual([])
    // A payout marked failed without releasing its reservation.
    store.db.prepare("UPDATE transactions SET status = 'failed' WHERE public_id = ?").run(id)
    expect(ledgerViolations(store)).toEqual([expect.stringMatching(/^payouts \d+ pending 1000 != reservations 0$/)])
  })

  it('5: collections pending that is not the unsettled net of completed charges plus pending reversals', async () => {
    const { service, clock, drive, store } = fresh()
    const id = drive.ok(drive.api('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference('c') } })).transactionId
    clock.advance(3_000)
    await service.tick()
    expect(ledgerViolations(store)).toEqual([])
    // A charge marked settled without moving its net to available.
    store.db.prepare("UPDATE transactions SET status = 'settled' WHERE public_id = ?").run(id)
    expect(ledgerViolations(store)).toEqual([expect.stringMatching(/^collections \d+ pending 9945 != unsettled net 0$/)])
  })
})
