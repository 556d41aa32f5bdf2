import { TRANSACTION_COLUMNS } from './rows'
import type { Db } from './connection'
import type { NewTransaction, StoredTransactionRow, TransactionEventRow, TransactionRow, TransactionStatus, TransactionUpdate } from './rows'
import { decodeRow, encodeTransaction, encodeUpdate } from './transaction-json'
import { createTransactionPages } from './transaction-pages'
import { NEXT_TIMELINE_ID_SQL, TIMELINE_SQL } from './timeline-sql'

export type { NewTransaction, TransactionUpdate } from './rows'
export type { TransactionFilter } from './transaction-pages'

type StoredColumn = keyof StoredTransactionRow

/**
 * A whole transaction from the values of a `SELECT *` (raw mode) and the position of each column in it.
 * An object literal for the reason of viewRow (transaction-pages.ts): better-sqlite3 builds a row object one property at a
 * time, 33 shape transitions; a hot row by id took ~9.3 µs that way and ~5.4 µs this way (this machine),
 * and every finalization and settlement reads its row by id.
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

/**
 * The simulator's due finalizations, by the second they are due, then by id (migration 009: neighbouring
 * rows and index pages); the second's bound lets SQLite stop at the first second not yet begun, and due_at
 * (in the index entry) picks what is due within it. Exported for the plan test (due-index.test.ts).
 */
export const DUE_SQL = `SELECT id FROM transactions WHERE due_at IS NOT NULL AND due_at / 1000 <= :now / 1000 AND due_at <= :now
  AND status = 'pending' ORDER BY due_at / 1000, id LIMIT :limit`

/** Every statement prepared once, when the repository is made: single rows, timelines and the simulator's due work. */
function statements(db: Db) {
  return {
    // The row names the timeline entry written right after it (migration 013): its id, the next of the table,
    // is computed inside the INSERT and returned with the row's (no statement of its own; one cost ~1.5 us).
    insert: db.prepare<[Omit<StoredTransactionRow, 'id' | 'last_event_id'>], [number, number]>(
      `INSERT INTO transactions (${TRANSACTION_COLUMNS.join(', ')}) VALUES (${TRANSACTION_COLUMNS.map((column) =>
        (column === 'last_event_id' ? `(${NEXT_TIMELINE_ID_SQL})` : `@${column}`)).join(', ')}) RETURNING id, last_event_id`,
    ).raw(true),
    // Whole rows come back as arrays and are assembled by storedRow (its comment says why).
    byId: db.prepare<[number], unknown[]>('SELECT * FROM transactions WHERE id = ?').raw(true),
    byPublicId: db.prepare<[string, string, string], unknown[]>(
      'SELECT * FROM transactions WHERE public_id = ? AND organization_id = ? AND environment = ?',
    ).raw(true),
    byMerchantRef: db.prepare<[string, string, string], unknown[]>(
      'SELECT * FROM transactions WHERE organization_id = ? AND environment = ? AND merchant_transaction_id = ?',
    ).raw(true),
    // Timeline entries are chained (migration 013, timeline-sql.ts): the row names the newest, each entry the one before.
    insertEvent: db.prepare('INSERT INTO transaction_events (id, transaction_id, status, message, at, prev_id) VALUES (?, ?, ?, ?, ?, ?)'),
    events: db.prepare<[number], TransactionEventRow>(TIMELINE_SQL),
    related: db.prepare<[number], unknown[]>('SELECT * FROM transactions WHERE related_id = ? ORDER BY id').raw(true),
    // The simulator's due work: partial indexes on due_at / settle_due_at keep these cheap, and finalizing
    // clears the column, so only outstanding work is ever scanned (DUE_SQL: the order and why).
    due: db.prepare<{ now: number; limit: number }, { id: number }>(DUE_SQL),
    settleDue: db.prepare<[number, number], { id: number }>(
      "SELECT id FROM transactions WHERE settle_due_at IS NOT NULL AND settle_due_at <= ? AND status = 'completed' ORDER BY settle_due_at, id LIMIT ?",
    ),
    prompts: db.prepare<[string, string, number], unknown[]>(`SELECT * FROM transactions
    WHERE organization_id = ? AND environment = ? AND type = 'charge' AND status = 'pending' AND due_at > ?
      AND json_extract(outcome, '$.prompt') = 1 ORDER BY created_at, id`).raw(true),
    completedCharges: db.prepare<[string, string], unknown[]>(
      "SELECT * FROM transactions WHERE organization_id = ? AND environment = ? AND type = 'charge' AND status = 'completed' ORDER BY created_at, id",
    ).raw(true),
  }
}
type Statements = ReturnType<typeof statements>

/** A whole row from the values of a `SELECT *`, decoded (undefined when there was none). */
type Whole = (values: unknown[] | undefined) => TransactionRow | undefined

/** Whole rows of `byId`'s columns, whose positions are read (and checked) once, here. */
function wholeRows(byId: Statements['byId']): Whole {
  const at = columnPositions(byId.columns(), ['id', ...TRANSACTION_COLUMNS])
  return (values) => (values === undefined ? undefined : decodeRow(storedRow(values, at)))
}

/** `eventId`: the timeline entry this change writes (the row then names it), or null for none. */
type Update = (row: TransactionRow, status: TransactionStatus, at: number, fields: TransactionUpdate, eventId: number | null) => TransactionRow

/** The UPDATE of a row's status and fields. */
function updater(db: Db): Update {
  // One prepared UPDATE per set of columns (a handful exist), instead of compiling SQL on every state change.
  const updateCache = new Map<string, ReturnType<Db['prepare']>>()
  return function update(row, status, at, fields, eventId) {
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
}

/** Inserting a transaction and changing it, each with its timeline entry. */
function writeMethods(stmt: Statements, update: Update) {
  return {
    /** Inserts the transaction and the first entry of its timeline. */
    insert(row: NewTransaction): TransactionRow {
      const [id, eventId] = stmt.insert.get(encodeTransaction(row))!
      stmt.insertEvent.run(eventId, id, row.status, row.message, row.created_at, null)
      // Every column was just written from `row` (no defaults apply), so reading it back would only cost time.
      return { id, ...row, last_event_id: eventId }
    },
    /**
     * Changes the status (and any listed fields) of `row`, the transaction as read in this unit, and appends
     * to the timeline; returns the row as it now stands. Callers check the state machine first.
     */
    setStatus(row: TransactionRow, status: TransactionStatus, at: number, fields: TransactionUpdate = {}): TransactionRow {
      // The entry first (its id is the table's next), then the row naming it; a refused UPDATE throws, and the
      // unit's rollback takes the entry with it.
      const message = fields.message !== undefined ? fields.message : row.message
      const eventId = Number(stmt.insertEvent.run(null, row.id, status, message, at, row.last_event_id).lastInsertRowid)
      return update(row, status, at, fields, eventId)
    },
    /** Updates fields of `row` (as read in this unit) without a status change (no timeline entry). */
    patch(row: TransactionRow, at: number, fields: TransactionUpdate): TransactionRow {
      return update(row, row.status, at, fields, null)
    },
  }
}

/** One transaction by its keys, its related ones, and its timeline. */
function readMethods(stmt: Statements, whole: Whole) {
  return {
    get(id: number): TransactionRow | undefined {
      return whole(stmt.byId.get(id))
    },
    getByPublicId(organizationId: string, environment: string, publicId: string): TransactionRow | undefined {
      return whole(stmt.byPublicId.get(publicId, organizationId, environment))
    },
    getByMerchantRef(organizationId: string, environment: string, reference: string): TransactionRow | undefined {
      return whole(stmt.byMerchantRef.get(organizationId, environment, reference))
    },
    related(id: number): TransactionRow[] {
      return stmt.related.all(id).map((values) => whole(values)!)
    },
    events(id: number): TransactionEventRow[] {
      return stmt.events.all(id)
    },
  }
}

/** What the simulator and the console's prompts wait on. */
function dueMethods(stmt: Statements, whole: Whole) {
  return {
    /** Pending transactions whose simulated answer is due at `now`: earliest second first, by id within it. */
    dueIds(now: number, limit: number): number[] {
      return stmt.due.all({ now, limit }).map((r) => r.id)
    },
    /** Completed charges whose settlement is due at `now`. */
    settleDueIds(now: number, limit: number): number[] {
      return stmt.settleDue.all(now, limit).map((r) => r.id)
    },
    /** Charges waiting for the customer's answer in the console (interactive mode) that have not yet expired. */
    awaitingPrompts(organizationId: string, environment: string, now: number): TransactionRow[] {
      return stmt.prompts.all(organizationId, environment, now).map((values) => whole(values)!)
    },
    completedCharges(organizationId: string, environment: string): TransactionRow[] {
      return stmt.completedCharges.all(organizationId, environment).map((values) => whole(values)!)
    },
  }
}

/** `unrelatedChanges`: rows the connection changed that no list page reads (the request log's), see db/page-cache.ts. */
export function createTransactionsRepo(db: Db, unrelatedChanges: () => number) {
  const stmt = statements(db)
  const whole = wholeRows(stmt.byId)
  return { ...writeMethods(stmt, updater(db)), ...readMethods(stmt, whole), ...dueMethods(stmt, whole), ...createTransactionPages(db, unrelatedChanges) }
}
export type TransactionsRepo = ReturnType<typeof createTransactionsRepo>
