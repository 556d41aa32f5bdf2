import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../electron/service/db/connection'
import { newTransaction } from '../../electron/service/db/new-transaction'

const named = {
  public_id: 'txn_1', organization_id: 'org_1', environment: 'test', type: 'bank_deposit', status: 'completed',
  account_id: 1, account_type: 'payouts', amount: 500, created_at: 1_700_000_000_000,
} as const

describe('newTransaction (the one place a transaction row is put together)', () => {
  it('gives every column of the migrated transactions table a value (a new column needs its default here)', () => {
    const db = openDatabase(':memory:')
    // The id and the timeline's link are the repository's to set (transactions-repo.ts insert).
    const columns = (db.prepare('PRAGMA table_info(transactions)').all() as { name: string }[]).map((c) => c.name).filter((name) => name !== 'id' && name !== 'last_event_id')
    const row = newTransaction(named)
    expect(Object.keys(row).sort()).toEqual(columns.sort())
    expect(Object.values(row)).not.toContain(undefined)
  })

  it('defaults: nothing planned, no fees, KES, updated when created; the processor follows the payment method; named fields win', () => {
    expect(newTransaction(named)).toMatchObject({
      fees: 0, currency: 'KES', payment_method: 'mobile_money', processor: 'mobile', outcome: null, due_at: null, settle_due_at: null,
      updated_at: named.created_at, merchant_transaction_id: null, metadata: null,
    })
    expect(newTransaction({ ...named, payment_method: 'bank' })).toMatchObject({ payment_method: 'bank', processor: 'partnerbank' })
    expect(newTransaction({ ...named, fees: 25, updated_at: 5, processor: 'mobile', payment_method: 'bank' })).toMatchObject({ fees: 25, updated_at: 5, processor: 'mobile' })
  })
})
