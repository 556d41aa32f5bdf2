import type { Db } from './connection'
import type { StoredTransactionRow, TransactionRow } from './rows'
import { decodeRow } from './transaction-json'

export interface SearchScope {
  organizationId: string
  environment: string
  /** Rows to return; callers ask for one more than they show to learn whether more exist. */
  limit: number
}

/** A charge's public id with its latest reversal (`related_id`). */
export interface ReversalOfChargeRow {
  charge_id: string
  public_id: string
  status: TransactionRow['status']
  created_at: number
  updated_at: number
}

/**
 * Support-desk lookups (console search, customer view). Each query seeks one index of migration 005
 * (or the unique public id / merchant reference indexes of 001); test/http/console-search.test.ts checks
 * with EXPLAIN QUERY PLAN that none of them scans `transactions`.
 */
function newestFirst(rows: TransactionRow[]): TransactionRow[] {
  return rows.sort((a, b) => b.created_at - a.created_at || b.id - a.id)
}

/** Every lookup, prepared once. */
function statements(db: Db) {
  const scope = 'organization_id = @organizationId AND environment = @environment'
  const byPublicId = db.prepare<Record<string, unknown>, StoredTransactionRow>(`SELECT * FROM transactions WHERE public_id = @value AND ${scope}`)
  const byReference = db.prepare<Record<string, unknown>, StoredTransactionRow>(
    `SELECT * FROM transactions WHERE ${scope} AND merchant_transaction_id = @value`,
  )
  const byReceipt = db.prepare<Record<string, unknown>, StoredTransactionRow>(
    // No ORDER BY: with one the planner prefers walking transactions_list (every row of the environment)
    // to sorting the few rows the receipt index finds. The caller sorts.
    `SELECT * FROM transactions WHERE ${scope} AND upper(processor_reference) = @value AND processor_reference IS NOT NULL LIMIT @limit`,
  )
  // The partial index of migration 024: its WHERE term is repeated so the planner may use it.
  const byTaxInvoice = db.prepare<Record<string, unknown>, StoredTransactionRow>(
    `SELECT * FROM transactions WHERE ${scope} AND upper(json_extract(metadata, '$.taxInvoiceNumber')) = @value
      AND json_extract(metadata, '$.taxInvoiceNumber') IS NOT NULL LIMIT @limit`,
  )
  // `+` keeps the organization and environment out of index seeks: the planner would otherwise walk
  // transactions_list (every row of the environment, newest first) for the ORDER BY, instead of seeking
  // the phone in transactions_phone (migration 012), which holds it by time too.
  const byPhone = db.prepare<Record<string, unknown>, StoredTransactionRow>(
    `SELECT * FROM transactions WHERE +organization_id = @organizationId AND +environment = @environment AND phone_number = @value
     ORDER BY created_at DESC LIMIT @limit`,
  )
  // One phone's rows of a time range, optionally of one amount: the same seek of transactions_phone, bounded by time.
  const byPhoneWithin = db.prepare<Record<string, unknown>, StoredTransactionRow>(
    `SELECT * FROM transactions WHERE +organization_id = @organizationId AND +environment = @environment AND phone_number = @value
       AND created_at BETWEEN @fromMs AND @toMs AND (@amount IS NULL OR amount = @amount)
     ORDER BY created_at DESC LIMIT @limit`,
  )
  const byAmount = db.prepare<Record<string, unknown>, StoredTransactionRow>(
    `SELECT * FROM transactions WHERE ${scope} AND amount = @value AND created_at BETWEEN @fromMs AND @toMs
     ORDER BY created_at DESC LIMIT @limit`,
  )
  // The FTS index yields row ids newest-inserted first and stops at the window; the rows are then read by
  // primary key (CROSS JOIN fixes that order). A word shared by a million narrations costs `window`
  // lookups, not a million. Rows of other environments inside the window are dropped, so a word that is far
  // more common elsewhere may find fewer rows here than exist.
  const byWords = db.prepare<Record<string, unknown>, StoredTransactionRow>(
    `SELECT t.* FROM (SELECT rowid AS id FROM transactions_fts WHERE transactions_fts MATCH @match ORDER BY rowid DESC LIMIT @window) f
     CROSS JOIN transactions t ON t.id = f.id
     WHERE t.organization_id = @organizationId AND t.environment = @environment LIMIT @limit`,
  )
  const phoneTotals = db.prepare<Record<string, unknown>, { type: string; status: string; n: number; total: number; first: number; last: number }>(
    `SELECT type, status, COUNT(*) AS n, SUM(amount) AS total, MIN(created_at) AS first, MAX(created_at) AS last
     FROM transactions WHERE ${scope} AND phone_number = @value GROUP BY type, status`,
  )
  const phoneFailures = db.prepare<Record<string, unknown>, { result_code: string | null; message: string | null; status: string; n: number; last: number }>(
    `SELECT result_code, message, status, COUNT(*) AS n, MAX(created_at) AS last FROM transactions
     WHERE ${scope} AND phone_number = @value AND status IN ('failed', 'rejected') GROUP BY result_code, message, status ORDER BY n DESC`,
  )
  // The charges of a time range (the rows a console list shows) that point at a reversal: one walk of
  // transactions_list over that range, the reversal read by its primary key.
  const reversalsOfCharges = db.prepare<Record<string, unknown>, ReversalOfChargeRow>(
    `SELECT c.public_id AS charge_id, r.public_id, r.status, r.created_at, r.updated_at
     FROM transactions c CROSS JOIN transactions r ON r.id = c.related_id
     WHERE c.organization_id = @organizationId AND c.environment = @environment AND c.created_at BETWEEN @fromMs AND @toMs
       AND c.type = 'charge' AND c.related_id IS NOT NULL`,
  )

  return { byPublicId, byReference, byReceipt, byTaxInvoice, byPhone, byPhoneWithin, byAmount, byWords, phoneTotals, phoneFailures, reversalsOfCharges }
}

export function createSearchRepo(db: Db) {
  const { byPublicId, byReference, byReceipt, byTaxInvoice, byPhone, byPhoneWithin, byAmount, byWords, phoneTotals, phoneFailures, reversalsOfCharges } = statements(db)
  return {
    /** The SQL of each lookup, for EXPLAIN QUERY PLAN in tests. */
    statements: { byPublicId, byReference, byReceipt, byTaxInvoice, byPhone, byPhoneWithin, byAmount, byWords, phoneTotals, phoneFailures, reversalsOfCharges },
    byPublicId(s: SearchScope, publicId: string): TransactionRow | undefined {
      const row = byPublicId.get({ ...s, value: publicId })
      return row && decodeRow(row)
    },
    byReference(s: SearchScope, reference: string): TransactionRow | undefined {
      const row = byReference.get({ ...s, value: reference })
      return row && decodeRow(row)
    },
    byReceipt(s: SearchScope, receipt: string): TransactionRow[] {
      return newestFirst(byReceipt.all({ ...s, value: receipt.toUpperCase() }).map(decodeRow))
    },
    /** Payments whose metadata.taxInvoiceNumber is `invoice` in any letter case, newest first. */
    byTaxInvoice(s: SearchScope, invoice: string): TransactionRow[] {
      return newestFirst(byTaxInvoice.all({ ...s, value: invoice.toUpperCase() }).map(decodeRow))
    },
    byPhone(s: SearchScope, phoneNumber: string): TransactionRow[] {
      return byPhone.all({ ...s, value: phoneNumber }).map(decodeRow)
    },
    /** A phone's rows created in [fromMs, toMs], of `amount` when it is not null. */
    byPhoneWithin(s: SearchScope, phoneNumber: string, amount: number | null, fromMs: number, toMs: number): TransactionRow[] {
      return byPhoneWithin.all({ ...s, value: phoneNumber, amount, fromMs, toMs }).map(decodeRow)
    },
    byAmount(s: SearchScope, amount: number, fromMs: number, toMs: number): TransactionRow[] {
      return byAmount.all({ ...s, value: amount, fromMs, toMs }).map(decodeRow)
    },
    /**
     * `words` are letters and digits only (the caller strips everything else), so quoting them is safe.
     * Whole words, except the last, which may be the start of one (typed as far as the agent got): a
     * prefix term merges every matching term's row list, which made two-prefix queries several times slower.
     */
    byWords(s: SearchScope, words: readonly string[]): TransactionRow[] {
      const match = words.map((word, index) => (index === words.length - 1 ? `"${word}"*` : `"${word}"`)).join(' AND ')
      return newestFirst(byWords.all({ ...s, match, window: s.limit * 4 }).map(decodeRow))
    },
    phoneTotals(s: Omit<SearchScope, 'limit'>, phoneNumber: string) {
      return phoneTotals.all({ ...s, value: phoneNumber })
    },
    phoneFailures(s: Omit<SearchScope, 'limit'>, phoneNumber: string) {
      return phoneFailures.all({ ...s, value: phoneNumber })
    },
    /** The latest reversal of every charge created in [fromMs, toMs] that has one. */
    reversalsOfCharges(s: Omit<SearchScope, 'limit'>, fromMs: number, toMs: number): ReversalOfChargeRow[] {
      return reversalsOfCharges.all({ ...s, fromMs, toMs })
    },
  }
}
export type SearchRepo = ReturnType<typeof createSearchRepo>
