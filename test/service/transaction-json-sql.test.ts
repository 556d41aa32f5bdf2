import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { toTransaction } from '../../electron/service/views/transaction'
import type { NewTransaction } from '../../electron/service/db/transactions-repo'
import { SETTINGS } from '../../electron/service/db/settings-registry'
import { testService } from '../support/harness'

/**
 * List pages are built as JSON in SQLite (TRANSACTION_JSON_SQL, `transactions.listJson`); the single
 * transaction and everything else still go through toTransaction. The two must write the same thing for
 * every row SQLite can hold: same fields, order, values, types, null where a value is unknown.
 */

let close: (() => void) | undefined
afterEach(() => close?.())

// Text as clients send it: any code point (control characters, quotes, backslashes, emoji), empty strings included.
const text = fc.string({ unit: 'binary', maxLength: 12 })
const optionalText = fc.option(text, { nil: null })
const jsonObject = fc.option(fc.dictionary(text, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), { nil: null })
const integer = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })

const row = fc.record({
  status: fc.constantFrom('pending', 'completed', 'failed', 'settled', 'initiated', 'rejected'),
  type: fc.constantFrom('charge', 'transfer', 'payment', 'bank_withdrawal', 'bank_deposit', 'settlement', 'reversal'),
  account_type: fc.constantFrom('collections', 'payouts') as fc.Arbitrary<'collections' | 'payouts'>,
  merchant_transaction_id: optionalText,
  amount: integer,
  charged_amount: fc.option(integer, { nil: null }),
  fees: fc.nat(),
  currency: text,
  payment_method: fc.constantFrom('mobile_money', 'bank') as fc.Arbitrary<'mobile_money' | 'bank'>,
  processor: fc.constantFrom('mobile', 'partnerbank') as fc.Arbitrary<'mobile' | 'partnerbank'>,
  processor_reference: optionalText,
  phone_number: fc.oneof(optionalText, fc.constant(''), fc.constant('+254712345678')),
  narration: optionalText,
  message: optionalText,
  customer_id: fc.oneof(optionalText, fc.constant('')),
  metadata: jsonObject,
  sub_merchant_id: optionalText,
  sub_merchant_details: jsonObject,
  created_at: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  updated_at: fc.integer({ min: 0, max: 4_102_444_800_000 }),
})

describe('list pages built as JSON in SQLite', () => {
  it('write exactly what toTransaction writes, for random rows', () => {
    const { service } = testService()
    close = () => service.close()
    const store = service.internals.store
    const organizationId = store.settings.get(SETTINGS.demoOrganizationId)!
    const accountId = store.accounts.resolve(organizationId, 'test', 'collections').id
    let run = 0
    fc.assert(fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
      // Each run lists only its own rows: they share a shortcode no other run uses.
      const shortcode = `prop-${run++}`
      store.transaction(() => {
        rows.forEach((r, i) => {
          const full: NewTransaction = {
            ...r, public_id: `txn_prop_${run}_${i}`, organization_id: organizationId, environment: 'test', account_id: accountId,
            merchant_transaction_id: null, shortcode, webhook_url: null, counterparty: null, related_id: null, result_code: null,
            outcome: null, due_at: null, settle_due_at: null,
          }
          store.transactions.insert(full)
        })
      })
      const filter = { organizationId, environment: 'test', fromMs: 0, toMs: Number.MAX_SAFE_INTEGER, shortcode, limit: 100 }
      const expected = store.transactions.list(filter).map(toTransaction)
      const page = store.transactions.listJson(filter)
      expect(page.count).toBe(rows.length)
      expect(JSON.parse(page.json)).toStrictEqual(expected)
      // Not only equal once parsed: the very bytes JSON.stringify writes (metadata is stored as JSON.stringify wrote it).
      expect(page.json).toBe(JSON.stringify(expected))
    }), { numRuns: 300 })
  })

  it('is an empty array when nothing matches', () => {
    const { service } = testService()
    close = () => service.close()
    const store = service.internals.store
    const organizationId = store.settings.get(SETTINGS.demoOrganizationId)!
    expect(store.transactions.listJson({ organizationId, environment: 'test', fromMs: 0, toMs: 1, limit: 100 })).toEqual({ json: '[]', count: 0 })
  })
})
