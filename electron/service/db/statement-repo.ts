import type { TransactionRow } from './rows'
import type { Db } from './connection'
import { timelineEntryIds } from './timeline-sql'

export interface StatementPostingRow {
  id: number
  transaction_id: number
  bucket: 'available' | 'pending'
  amount: number
  created_at: number
  public_id: string
  type: TransactionRow['type']
  status: TransactionRow['status']
  merchant_transaction_id: string | null
  processor_reference: string | null
  fees: number
  /** The transaction's amount (a fee is shown apart from it in bank-feed files). */
  transaction_amount: number
  phone_number: string | null
  narration: string | null
  /** metadata.taxInvoiceNumber when it is text (the tax-invoice convention, shared/tax-invoice.ts). */
  tax_invoice_number: string | null
  /** The id of the transaction's first posting in this account (its fee is shown on that line only). */
  first_posting_id: number
}

export interface BucketSums {
  available: number
  pending: number
}

/** A transaction's metadata.taxInvoiceNumber when it is text, else NULL (older metadata may hold a number). */
export const TAX_INVOICE_SQL = (alias: string) =>
  `CASE WHEN json_type(${alias}.metadata, '$.taxInvoiceNumber') = 'text' THEN json_extract(${alias}.metadata, '$.taxInvoiceNumber') END`

/**
 * An account's postings in a time range, each with the first posting of its transaction on the account (the
 * line that shows the fee). `+f.account_id`: else SQLite would read all of the account's postings through
 * ledger_postings_account_time instead of the transaction's few through its timeline (ledger-indexes.test.ts).
 */
const STATEMENT_POSTINGS_SELECT = `SELECT p.id, p.transaction_id, p.bucket, p.amount, p.created_at,
      t.public_id, t.type, t.status, t.merchant_transaction_id, t.processor_reference, t.fees, t.amount AS transaction_amount, t.phone_number, t.narration,
      ${TAX_INVOICE_SQL('t')} AS tax_invoice_number,
      (SELECT MIN(f.id) FROM ledger_postings f WHERE f.event_id IN (${timelineEntryIds('p.transaction_id')}) AND +f.account_id = p.account_id) AS first_posting_id
    FROM ledger_postings p JOIN transactions t ON t.id = p.transaction_id`
export const STATEMENT_POSTINGS_SQL = `${STATEMENT_POSTINGS_SELECT}
    WHERE p.account_id = ? AND p.created_at BETWEEN ? AND ? ORDER BY p.created_at, p.id`
/** The same rows a page at a time, after a (created_at, id) in the statement's own order (keyset). */
export const STATEMENT_POSTINGS_PAGE_SQL = `${STATEMENT_POSTINGS_SELECT}
    WHERE p.account_id = ? AND p.created_at BETWEEN ? AND ? AND (p.created_at, p.id) > (?, ?) ORDER BY p.created_at, p.id LIMIT ?`

/** Where a page of postings starts: after this posting (the first page: after nothing). */
export interface PostingCursor {
  at: number
  id: number
}

/**
 * Ledger reads for statements and the settlement report; all seek ledger_postings_account_time (migration 005).
 * A posting's fellow postings are found through its transaction's timeline (migration 014, ledger_postings_event).
 */
export function createStatementRepo(db: Db) {
  const sumsBefore = db.prepare<[number, number], { bucket: string; total: number }>(
    'SELECT bucket, SUM(amount) AS total FROM ledger_postings WHERE account_id = ? AND created_at < ? GROUP BY bucket',
  )
  const sumsAfter = db.prepare<[number, number], { bucket: string; total: number }>(
    'SELECT bucket, SUM(amount) AS total FROM ledger_postings WHERE account_id = ? AND created_at > ? GROUP BY bucket',
  )
  const postings = db.prepare<[number, number, number], StatementPostingRow>(STATEMENT_POSTINGS_SQL)
  const page = db.prepare<[number, number, number, number, number, number], StatementPostingRow>(STATEMENT_POSTINGS_PAGE_SQL)
  const countStmt = db.prepare<[number, number, number], { n: number }>(
    'SELECT COUNT(*) AS n FROM ledger_postings WHERE account_id = ? AND created_at BETWEEN ? AND ?',
  )
  const toSums = (rows: { bucket: string; total: number }[]): BucketSums => ({
    available: rows.find((r) => r.bucket === 'available')?.total ?? 0,
    pending: rows.find((r) => r.bucket === 'pending')?.total ?? 0,
  })
  return {
    /** Sum of the account's postings strictly before `ms`. */
    balanceBefore(accountId: number, ms: number): BucketSums {
      return toSums(sumsBefore.all(accountId, ms))
    },
    /** Sum of the account's postings strictly after `ms`. */
    movedAfter(accountId: number, ms: number): BucketSums {
      return toSums(sumsAfter.all(accountId, ms))
    },
    postings(accountId: number, fromMs: number, toMs: number): StatementPostingRow[] {
      return postings.all(accountId, fromMs, toMs)
    },
    /** The same rows one at a time (the settlement report walks busy accounts without holding them all). */
    iteratePostings(accountId: number, fromMs: number, toMs: number): IterableIterator<StatementPostingRow> {
      return postings.iterate(accountId, fromMs, toMs)
    },
    /** At most `limit` of the rows `postings` reads, those after `after` (the file downloads read a page at a time). */
    postingsPage(accountId: number, fromMs: number, toMs: number, after: PostingCursor | null, limit: number): StatementPostingRow[] {
      return page.all(accountId, fromMs, toMs, after?.at ?? Number.MIN_SAFE_INTEGER, after?.id ?? 0, limit)
    },
    postingCount(accountId: number, fromMs: number, toMs: number): number {
      return countStmt.get(accountId, fromMs, toMs)!.n
    },
  }
}
export type StatementRepo = ReturnType<typeof createStatementRepo>
