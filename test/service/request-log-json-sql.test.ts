import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { NewApiRequestRow } from '../../electron/service/db/api-requests-repo'
import { toRequestLogEntry } from '../../electron/service/request-log/view'
import { SETTINGS } from '../../electron/service/db/settings-registry'
import { testService } from '../support/harness'

/**
 * The console's request log pages are built as JSON in SQLite (REQUEST_LOG_ENTRY_JSON_SQL,
 * `apiRequests.listJson`); the detail view still goes through toRequestLogEntry. Both must write the same
 * entries for every row, and the page must end where `list` (limit + 1 rows) says the next one starts.
 */

let close: (() => void) | undefined
afterEach(() => close?.())

const text = fc.string({ unit: 'binary', maxLength: 12 })
const optionalText = fc.option(text, { nil: null })
// Lists of any JSON values (the repository stores an empty one as NULL), so the SQL reads every shape the text may hold.
const jsonList = fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }) as unknown as fc.Arbitrary<never[]>

const row = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT'),
  path: text,
  query: text,
  status: fc.integer({ min: 100, max: 599 }),
  // As the log writes it: rounded to hundredths of a millisecond, whole numbers included.
  duration_ms: fc.oneof(fc.nat({ max: 100_000 }), fc.double({ min: 0, max: 1e6, noNaN: true }).map((ms) => Math.round(ms * 100) / 100)),
  key_prefix: optionalText,
  idempotency_key: optionalText,
  replayed: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>,
  warnings: jsonList,
  faults: jsonList,
  transaction_id: optionalText,
  at: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  organization_id: fc.constantFrom<'own' | null>('own', null),
})

describe('request log pages built as JSON in SQLite', () => {
  it('write exactly what toRequestLogEntry writes, page by page, for random rows', () => {
    const { service } = testService()
    close = () => service.close()
    const store = service.internals.store
    const organizationId = store.settings.get(SETTINGS.demoOrganizationId)!
    let run = 0
    fc.assert(fc.property(fc.array(row, { maxLength: 7 }), fc.integer({ min: 1, max: 4 }), (rows, limit) => {
      // Each run reads only its own rows: they share a transaction id no other run uses.
      const transactionId = `txn_prop_${run++}`
      for (const [i, r] of rows.entries()) {
        const full: NewApiRequestRow = {
          ...r, request_id: `req_${run}_${i}`, environment: 'test', organization_id: r.organization_id === 'own' ? organizationId : null,
          transaction_id: transactionId, request_headers: {}, request_body: 'x'.repeat(100), response_headers: {}, response_body: 'y'.repeat(100),
        }
        store.apiRequests.insert(full)
      }
      let before: number | undefined
      let seen = 0
      for (;;) {
        const filter = { environment: 'test' as const, organizationId, transactionId, limit, before }
        const rowsRead = store.apiRequests.list(filter)
        const expected = rowsRead.slice(0, limit).map(toRequestLogEntry)
        const page = store.apiRequests.listJson(filter)
        expect(JSON.parse(page.json)).toStrictEqual(expected)
        expect(page.json).toBe(JSON.stringify(expected))
        seen += expected.length
        const next = rowsRead.length > limit ? rowsRead[limit - 1]!.seq : null
        expect(page.nextSeq).toBe(next)
        if (next === null) break
        before = next
      }
      expect(seen).toBe(rows.length)
    }), { numRuns: 200 })
  })
})
