import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../electron/service/db/connection'
import { newTransaction } from '../../electron/service/db/new-transaction'
import { createStore, type Store } from '../../electron/service/db/store'
import { createIds } from '../../electron/service/core/ids'
import { provisionOrganization } from '../../electron/service/seed/provisioning'

/** Repositories hand out records: JSON columns decoded once, in the repository; SQLite keeps text. */
describe('typed records out of db/', () => {
  let store: Store
  let organizationId: string
  const now = 1_700_000_000_000
  const ids = createIds(() => now)
  beforeEach(() => {
    store = createStore(openDatabase(':memory:'))
    organizationId = provisionOrganization({ store, ids, now, emit: () => undefined }, { name: 'Org', enterprise: false, openingFloatMinor: 0 }).organizationId
  })
  afterEach(() => store.db.close())

  it('transactions: metadata, sub-merchant details and counterparty go in as objects, are stored as JSON text and come out as objects', () => {
    const payouts = store.accounts.resolve(organizationId, 'test', 'payouts')
    const inserted = store.transactions.insert(newTransaction({
      public_id: 'txn_json', organization_id: organizationId, environment: 'test', type: 'payment', status: 'pending', account_id: payouts.id,
      account_type: 'payouts', amount: 100, created_at: now, metadata: { orderId: 'A-1', nested: { n: 1 } }, sub_merchant_details: { name: 'Shop' },
      counterparty: { kind: 'paybill', accountNumber: '555123', beneficiary: 'ACC-9' },
    }))
    const stored = store.db.prepare('SELECT metadata, sub_merchant_details, counterparty FROM transactions WHERE id = ?').get(inserted.id)
    expect(stored).toEqual({ metadata: '{"orderId":"A-1","nested":{"n":1}}', sub_merchant_details: '{"name":"Shop"}', counterparty: '{"kind":"paybill","accountNumber":"555123","beneficiary":"ACC-9"}' })
    const expected = { metadata: { orderId: 'A-1', nested: { n: 1 } }, sub_merchant_details: { name: 'Shop' }, counterparty: { kind: 'paybill', accountNumber: '555123', beneficiary: 'ACC-9' } }
    expect(store.transactions.get(inserted.id)).toMatchObject(expected)
    expect(store.transactions.getByPublicId(organizationId, 'test', 'txn_json')).toMatchObject(expected)
    const completed = store.transactions.setStatus(inserted, 'completed', now + 1, { message: 'done', result_code: '0' })
    expect(completed).toMatchObject({ status: 'completed', message: 'done', result_code: '0', updated_at: now + 1, ...expected })
    // The returned row is not read back: it must be exactly what SQLite now holds.
    expect(completed).toEqual(store.transactions.get(inserted.id))
    // A row read before someone else changed it is refused, not written over.
    expect(() => store.transactions.setStatus(inserted, 'failed', now + 2)).toThrow(/no longer pending/)
    expect(store.transactions.get(inserted.id)!.status).toBe('completed')
    const [listed] = store.transactions.list({ organizationId, environment: 'test', fromMs: now, toMs: now, type: 'payment', limit: 10 })
    expect(listed).toMatchObject({ metadata: expected.metadata, sub_merchant_details: expected.sub_merchant_details })
  })

  it('transactions: a whole row read by any of the repository\'s readers holds every column as SQLite has it (rows are read as arrays and assembled)', () => {
    const payouts = store.accounts.resolve(organizationId, 'test', 'payouts')
    const collections = store.accounts.resolve(organizationId, 'test', 'collections')
    // Every column set to a value of its own, so a column read from another's place cannot pass.
    const original = store.transactions.insert(newTransaction({
      public_id: 'txn_whole_1', organization_id: organizationId, environment: 'test', type: 'charge', status: 'completed', account_id: collections.id,
      account_type: 'collections', amount: 1_000, created_at: now - 5, merchant_transaction_id: 'ref-whole-1', charged_amount: 1_010, fees: 10,
      processor_reference: 'TKL0000001', phone_number: '+254712000001', narration: 'first words', message: 'done', customer_id: 'cus_1',
      metadata: { a: 1 }, sub_merchant_id: 'sub-1', sub_merchant_details: { name: 'Sub' }, shortcode: '600001', webhook_url: 'https://example.test/hook',
      result_code: '0', outcome: { result: 'success', resultCode: '0', message: 'done' }, settle_due_at: now + 50,
    }))
    const reversal = store.transactions.insert(newTransaction({
      public_id: 'txn_whole_2', organization_id: organizationId, environment: 'test', type: 'payment', status: 'pending', account_id: payouts.id,
      account_type: 'payouts', amount: 2_000, created_at: now - 4, related_id: original.id, due_at: now + 70, counterparty: { kind: 'till', accountNumber: '123456' },
    }))
    const stored = store.db.prepare('SELECT * FROM transactions WHERE id IN (?, ?) ORDER BY id').all(original.id, reversal.id) as Record<string, unknown>[]
    const asStored = (row: Record<string, unknown> | undefined) => row && {
      ...row, metadata: row['metadata'] === null ? null : JSON.stringify(row['metadata']), sub_merchant_details: row['sub_merchant_details'] === null ? null : JSON.stringify(row['sub_merchant_details']),
      counterparty: row['counterparty'] === null ? null : JSON.stringify(row['counterparty']),
      outcome: row['outcome'] === null ? null : JSON.stringify(row['outcome']),
    }
    expect(asStored(store.transactions.get(original.id) as unknown as Record<string, unknown>)).toEqual(stored[0])
    expect(asStored(store.transactions.get(reversal.id) as unknown as Record<string, unknown>)).toEqual(stored[1])
    expect(asStored(store.transactions.getByPublicId(organizationId, 'test', 'txn_whole_1') as unknown as Record<string, unknown>)).toEqual(stored[0])
    expect(asStored(store.transactions.getByMerchantRef(organizationId, 'test', 'ref-whole-1') as unknown as Record<string, unknown>)).toEqual(stored[0])
    expect(store.transactions.related(original.id).map((row) => asStored(row as unknown as Record<string, unknown>))).toEqual([stored[1]])
    expect(store.transactions.completedCharges(organizationId, 'test').map((row) => asStored(row as unknown as Record<string, unknown>))).toEqual([stored[0]])
    expect(store.transactions.get(987_654)).toBeUndefined()
  })

  it('organizations: the fee tariff is stored as JSON text and read as an object (null: the default tariff)', () => {
    expect(store.organizations.get(organizationId)!.fee_tariff).toBeNull()
    const tariff = { charge: { percent: 1.5 } } as never
    store.organizations.setFeeTariff(organizationId, tariff)
    expect(store.db.prepare('SELECT fee_tariff FROM organizations WHERE id = ?').get(organizationId)).toEqual({ fee_tariff: JSON.stringify(tariff) })
    expect(store.organizations.get(organizationId)!.fee_tariff).toEqual(tariff)
    expect(store.organizations.list().find((row) => row.id === organizationId)!.fee_tariff).toEqual(tariff)
  })
})
