import { TRANSACTION_COLUMNS, TRANSACTION_VIEW_COLUMNS, type TransactionViewRow } from './rows'
import type { Db } from './connection'
import type { NewTransaction, StoredTransactionRow, TransactionEventRow, TransactionRow, TransactionStatus, TransactionUpdate } from './rows'
import { decodeRow, decodeViewRow, encodeTransaction, encodeUpdate, type StoredViewRow } from './transaction-json'
import { createPageCache } from './cache/page-cache'
import { TRANSACTION_JSON_SQL } from './transaction-json-sql'
import { NEXT_TIMELINE_ID_SQL, TIMELINE_SQL } from './timeline-sql'

export type { NewTransaction, TransactionUpdate } from './rows'

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

type StoredColumn = keyof StoredTransactionRow

/**
 * A whole transaction from the values of a `SELECT *` (raw mode) and the position of each column in it.
 * An object literal for the reason of viewRow above: better-sqlite3 builds a row object one property at a
 * time, 33 shape transitions; a hot row by id took ~9.3 µs that way and ~5.4 µs this way (this machine),
 * and every finalization and settlement reads its row by id (docs/benchmarks.md, issue 15 session 9).
 */
function storedRow(v: unknown[], at: Record<StoredColumn, number>): StoredTransactionRow {
  const row: Record<StoredColumn, unknown> = {
    id: v[at.id], public_id: v[at.public_id], organization_id: v[at.organization_id], environment: v[at.environment], type: v[at.type],
    status: v[at.status], account_id: v[at.account_id], account_type: v[at.account_type], merchant_transaction_id: v[at.merchant_transaction_id],
    amount: v[at.amount], charged_amount: v[at.charged_amount], fees: v[at.fees], currency: v[at.currency], payment_method: v[at.payment_method],
    processor: v[at.processor], processor_reference: v[at.processor_reference], phone_number: v[at.phone_number], narration: v[at.narration],
    message: v[at.message], customer_id: v[at.customer_id], metadata: v[at.metadata], sub_merchant_id: v[at.sub_merchant_id],
    sub_merchant_details: v[at.sub_merchant_details], shortcode: v[at.shortcode], webhook_url: v[at.webhook_url], counterparty: v[at.counterparty],
    related_id: v[at.related_id], result_code: v[at.result_code], outcome: v[at.outcome], due_at: v[at.due_at], settle_due_at: v[at.settle_due_at],
    created_at: v[at.created_at], updated_at: v[at.updated_at], last_event_id: v[at.last_event_id],
  }
  return row as StoredTransactionRow
}

/**
 * Where each column sits in the table's `SELECT *`, read from the statement itself (a column added by a
 * later migration comes last). A column of the table that storedRow does not name, or the reverse, is a
 * programming error, refused when the repository is made rather than lost on a read.
 */
function columnPositions(columns: { name: string }[], named: readonly string[]): Record<StoredColumn, number> {
  const positions = Object.fromEntries(columns.map((column, index) => [column.name, index]))
  const missing = named.filter((name) => !(name in positions))
  const unnamed = columns.map((column) => column.name).filter((name) => !named.includes(name))
  if (missing.length > 0 || unnamed.length > 0) {
    throw new Error(`transactions-repo: SELECT * and storedRow disagree (not in the table: ${missing.join(', ') || 'none'}; not read: ${unnamed.join(', ') || 'none'})`)
  }
  return positions as Record<StoredColumn, number>
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
 * The simulator's due finalizations, by the second they are due, then by id (migration 009: neighbouring
 * rows and index pages); the second's bound lets SQLite stop at the first second not yet begun, and due_at
 * (in the index entry) picks what is due within it. Exported for the plan test (due-index.test.ts).
 */
export const DUE_SQL = `SELECT id FROM transactions WHERE due_at IS NOT NULL AND due_at / 1000 <= :now / 1000 AND due_at <= :now
  AND status = 'pending' ORDER BY due_at / 1000, id LIMIT :limit`

/** `unrelatedChanges`: rows the connection changed that no list page reads (the request log's), see db/page-cache.ts. */
export function createTransactionsRepo(db: Db, unrelatedChanges: () => number) {
  // The row names the timeline entry written right after it (migration 013): its id, the next of the table,
  // is computed inside the INSERT and returned with the row's (no statement of its own; one cost ~1.5 us).
  const insertStmt = db.prepare<[Omit<StoredTransactionRow, 'id' | 'last_event_id'>], [number, number]>(
    `INSERT INTO transactions (${TRANSACTION_COLUMNS.join(', ')}) VALUES (${TRANSACTION_COLUMNS.map((column) =>
      (column === 'last_event_id' ? `(${NEXT_TIMELINE_ID_SQL})` : `@${column}`)).join(', ')}) RETURNING id, last_event_id`,
  ).raw(true)
  // Whole rows come back as arrays and are assembled by storedRow (its comment says why).
  const byIdStmt = db.prepare<[number], unknown[]>('SELECT * FROM transactions WHERE id = ?').raw(true)
  const byPublicIdStmt = db.prepare<[string, string, string], unknown[]>(
    'SELECT * FROM transactions WHERE public_id = ? AND organization_id = ? AND environment = ?',
  ).raw(true)
  const byMerchantRefStmt = db.prepare<[string, string, string], unknown[]>(
    'SELECT * FROM transactions WHERE organization_id = ? AND environment = ? AND merchant_transaction_id = ?',
  ).raw(true)
  const at = columnPositions(byIdStmt.columns(), ['id', ...TRANSACTION_COLUMNS])
  const whole = (values: unknown[] | undefined): TransactionRow | undefined => (values === undefined ? undefined : decodeRow(storedRow(values, at)))
  // Timeline entries are chained (migration 013, timeline-sql.ts): the row names the newest, each entry the one before.
  const insertEventStmt = db.prepare('INSERT INTO transaction_events (id, transaction_id, status, message, at, prev_id) VALUES (?, ?, ?, ?, ?, ?)')
  const eventsStmt = db.prepare<[number], TransactionEventRow>(TIMELINE_SQL)
  const relatedStmt = db.prepare<[number], unknown[]>('SELECT * FROM transactions WHERE related_id = ? ORDER BY id').raw(true)
  // The simulator's due work: partial indexes on due_at / settle_due_at keep these cheap, and finalizing
  // clears the column, so only outstanding work is ever scanned (DUE_SQL: the order and why).
  const dueStmt = db.prepare<{ now: number; limit: number }, { id: number }>(DUE_SQL)
  const settleDueStmt = db.prepare<[number, number], { id: number }>(
    "SELECT id FROM transactions WHERE settle_due_at IS NOT NULL AND settle_due_at <= ? AND status = 'completed' ORDER BY settle_due_at, id LIMIT ?",
  )
  const promptsStmt = db.prepare<[string, string, number], unknown[]>(`SELECT * FROM transactions
    WHERE organization_id = ? AND environment = ? AND type = 'charge' AND status = 'pending' AND due_at > ?
      AND json_extract(outcome, '$.prompt') = 1 ORDER BY created_at, id`).raw(true)
  const completedChargesStmt = db.prepare<[string, string], unknown[]>(
    "SELECT * FROM transactions WHERE organization_id = ? AND environment = ? AND type = 'charge' AND status = 'completed' ORDER BY created_at, id",
  ).raw(true)
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

  // One prepared UPDATE per set of columns (a handful exist), instead of compiling SQL on every state change.
  const updateCache = new Map<string, ReturnType<Db['prepare']>>()

  /** `eventId`: the timeline entry this change writes (the row then names it), or null for none. */
  function update(row: TransactionRow, status: TransactionStatus, at: number, fields: TransactionUpdate, eventId: number | null): TransactionRow {
    const columns = Object.keys(fields) as (keyof TransactionUpdate)[]
    const sets = ['status = @status', 'updated_at = @updated_at', ...columns.map((c) => `${c} = @${c}`)]
    if (eventId !== null) sets.push('last_event_id = @last_event_id')
    // `previous`: the row must still be as the caller read it in this unit, else the change is refused.
    const sql = `UPDATE transactions SET ${sets.join(', ')} WHERE id = @id AND status = @previous`
    let stmt = updateCache.get(sql)
    if (!stmt) {
      stmt = db.prepare(sql)
      updateCache.set(sql, stmt)
    }
    const lastEventId = eventId ?? row.last_event_id
    const { changes } = stmt.run({ ...encodeUpdate(fields), status, updated_at: at, id: row.id, previous: row.status, ...(eventId === null ? {} : { last_event_id: eventId }) })
    if (changes !== 1) throw new Error(`transaction ${row.public_id} is no longer ${row.status}: not updated`)
    // Only the columns just set changed (no trigger or default rewrites a transaction), so the row is not read back.
    return { ...row, ...fields, status, updated_at: at, last_event_id: lastEventId }
  }

  return {
    /** Inserts the transaction and the first entry of its timeline. */
    insert(row: NewTransaction): TransactionRow {
      const [id, eventId] = insertStmt.get(encodeTransaction(row))!
      insertEventStmt.run(eventId, id, row.status, row.message, row.created_at, null)
      // Every column was just written from `row` (no defaults apply), so reading it back would only cost time.
      return { id, ...row, last_event_id: eventId }
    },
    get(id: number): TransactionRow | undefined {
      return whole(byIdStmt.get(id))
    },
    getByPublicId(organizationId: string, environment: string, publicId: string): TransactionRow | undefined {
      return whole(byPublicIdStmt.get(publicId, organizationId, environment))
    },
    getByMerchantRef(organizationId: string, environment: string, reference: string): TransactionRow | undefined {
      return whole(byMerchantRefStmt.get(organizationId, environment, reference))
    },
    related(id: number): TransactionRow[] {
      return relatedStmt.all(id).map((values) => whole(values)!)
    },
    /**
     * Changes the status (and any listed fields) of `row`, the transaction as read in this unit, and appends
     * to the timeline; returns the row as it now stands. Callers check the state machine first.
     */
    setStatus(row: TransactionRow, status: TransactionStatus, at: number, fields: TransactionUpdate = {}): TransactionRow {
      // The entry first (its id is the table's next), then the row naming it; a refused UPDATE throws, and the
      // unit's rollback takes the entry with it.
      const message = fields.message !== undefined ? fields.message : row.message
      const eventId = Number(insertEventStmt.run(null, row.id, status, message, at, row.last_event_id).lastInsertRowid)
      return update(row, status, at, fields, eventId)
    },
    /** Updates fields of `row` (as read in this unit) without a status change (no timeline entry). */
    patch(row: TransactionRow, at: number, fields: TransactionUpdate): TransactionRow {
      return update(row, row.status, at, fields, null)
    },
    /** Pending transactions whose simulated answer is due at `now`: earliest second first, by id within it. */
    dueIds(now: number, limit: number): number[] {
      return dueStmt.all({ now, limit }).map((r) => r.id)
    },
    /** Completed charges whose settlement is due at `now`. */
    settleDueIds(now: number, limit: number): number[] {
      return settleDueStmt.all(now, limit).map((r) => r.id)
    },
    /** Charges waiting for the customer's answer in the console (interactive mode) that have not yet expired. */
    awaitingPrompts(organizationId: string, environment: string, now: number): TransactionRow[] {
      return promptsStmt.all(organizationId, environment, now).map((values) => whole(values)!)
    },
    completedCharges(organizationId: string, environment: string): TransactionRow[] {
      return completedChargesStmt.all(organizationId, environment).map((values) => whole(values)!)
    },
    events(id: number): TransactionEventRow[] {
      return eventsStmt.all(id)
    },
    /**
     * Newest first, only the columns of the API's view. Rows come back as arrays and are assembled here:
     * better-sqlite3 building a 32-key object per row was most of the cost of a 10,000-row page
     * (docs/benchmarks.md).
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
     * measured less CPU, 188 vs 228 us for 100 rows). docs/benchmarks.md "Search, limit 100" and "Memory".
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
export type TransactionsRepo = ReturnType<typeof createTransactionsRepo>
