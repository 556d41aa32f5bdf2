import { TRANSACTION_VIEW_COLUMNS, type TransactionViewRow } from './rows'
import type { Db } from './connection'
import { decodeViewRow, type StoredViewRow } from './transaction-json'
import { createPageCache } from './cache/page-cache'
import { TRANSACTION_JSON_SQL } from './transaction-json-sql'

export interface TransactionFilter {
  organizationId: string
  environment: string
  fromMs: number
  toMs: number
  type?: string
  status?: string
  accountType?: string
  accountId?: number
  customerId?: string
  shortcode?: string
  limit: number
}

const LIST_SELECT = TRANSACTION_VIEW_COLUMNS.map((column) => `t.${column}`).join(', ')

type ViewColumn = (typeof TRANSACTION_VIEW_COLUMNS)[number]
/** Position of each view column in LIST_SELECT, so the literal below never depends on the list's order. */
const AT = Object.fromEntries(TRANSACTION_VIEW_COLUMNS.map((column, index) => [column, index])) as Record<ViewColumn, number>

/**
 * One list row from its values in LIST_SELECT order. An object literal, so V8 gives every row the same
 * fast shape (keyed stores in a loop were twice as slow); the compiler checks that it names every column.
 */
function viewRow(v: unknown[]): TransactionViewRow {
  const row: Record<ViewColumn, unknown> = {
    public_id: v[AT.public_id], merchant_transaction_id: v[AT.merchant_transaction_id], status: v[AT.status], message: v[AT.message],
    amount: v[AT.amount], charged_amount: v[AT.charged_amount], currency: v[AT.currency], account_type: v[AT.account_type], type: v[AT.type],
    payment_method: v[AT.payment_method], processor: v[AT.processor], processor_reference: v[AT.processor_reference],
    phone_number: v[AT.phone_number], narration: v[AT.narration], customer_id: v[AT.customer_id], fees: v[AT.fees],
    metadata: v[AT.metadata], sub_merchant_id: v[AT.sub_merchant_id], sub_merchant_details: v[AT.sub_merchant_details],
    created_at: v[AT.created_at], updated_at: v[AT.updated_at],
  }
  return decodeViewRow(row as StoredViewRow)
}

/** The WHERE clause of a list page: the filters that are set, as named parameters of `filter`. */
function listWhere(filter: TransactionFilter): string {
  const where = ['t.organization_id = @organizationId', 't.environment = @environment', 't.created_at >= @fromMs', 't.created_at <= @toMs']
  if (filter.type !== undefined) where.push('t.type = @type')
  if (filter.status !== undefined) where.push('t.status = @status')
  if (filter.accountId !== undefined) where.push('t.account_id = @accountId')
  if (filter.customerId !== undefined) where.push('t.customer_id = @customerId')
  if (filter.shortcode !== undefined) where.push('t.shortcode = @shortcode')
  if (filter.accountType !== undefined) where.push('t.account_type = @accountType')
  return where.join(' AND ')
}

/**
 * The transactions repository's list pages (console list, search by filters). `unrelatedChanges`: rows the
 * connection changed that no list page reads (the request log's), see db/page-cache.ts.
 */
export function createTransactionPages(db: Db, unrelatedChanges: () => number) {
  const listCache = new Map<string, ReturnType<Db['prepare']>>()
  const pages = createPageCache<{ json: string; count: number }>(db, unrelatedChanges)
  /** One prepared statement per list query text (one per set of filters). */
  function prepared(sql: string, setup: (stmt: ReturnType<Db['prepare']>) => ReturnType<Db['prepare']>): ReturnType<Db['prepare']> {
    let stmt = listCache.get(sql)
    if (!stmt) {
      stmt = setup(db.prepare(sql))
      listCache.set(sql, stmt)
    }
    return stmt
  }

  return {
    /**
     * Newest first, only the columns of the API's view. Rows come back as arrays and are assembled here:
     * better-sqlite3 building a 32-key object per row was most of the cost of a 10,000-row page.
     */
    list(filter: TransactionFilter): TransactionViewRow[] {
      const sql = `SELECT ${LIST_SELECT} FROM transactions t WHERE ${listWhere(filter)} ORDER BY t.created_at DESC, t.id DESC LIMIT @limit`
      return (prepared(sql, (stmt) => stmt.raw(true)).all(filter) as unknown[][]).map(viewRow)
    },
    /**
     * The same page as `list`, already as the JSON text of its `Transaction[]` (TRANSACTION_JSON_SQL), and
     * how many rows it holds: no row is read into JS values. SQLite writes each row's JSON (~600 bytes) and
     * JS joins them. Not one `group_concat` of the page: a 10,000-row page was then a 6 MB block SQLite
     * grew by realloc and copied once more for the brackets, and glibc kept such blocks resident after
     * they were freed (+35-40 MB of the server's memory after the search figures; joining in JS also
     * measured less CPU, 188 vs 228 us for 100 rows). docs/performance.md "List pages built in SQLite".
     */
    listJson(filter: TransactionFilter): { json: string; count: number } {
      const sql = `SELECT ${TRANSACTION_JSON_SQL} FROM transactions t WHERE ${listWhere(filter)}
        ORDER BY t.created_at DESC, t.id DESC LIMIT @limit`
      return pages.get(sql, filter, () => {
        const rows = prepared(sql, (stmt) => stmt.pluck(true)).all(filter) as string[]
        if (rows.length === 0) return { json: '[]', count: 0 }
        // The brackets go into the join, which writes one flat string: `[${rows.join(',')}]` was a rope that
        // V8 copied into a second string of the page's size the first time anything read it whole.
        rows[0] = `[${rows[0]}`
        rows[rows.length - 1] = `${rows[rows.length - 1]}]`
        return { json: rows.join(','), count: rows.length }
      })
    },
    /** A transaction (or savepoint) rolled back: data went back without any counter moving (db/page-cache.ts). */
    forgetPages(): void {
      pages.clear()
    },
  }
}
