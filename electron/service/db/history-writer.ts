import type { Db } from './connection'
import { suspendNarrationIndex } from './narration-index'
import { TRANSACTION_COLUMNS, TRANSACTION_JSON_COLUMNS } from './rows'
import type { NewTransaction } from './rows'
import { NEXT_TIMELINE_ID_SQL } from './timeline-sql'

// TRANSACTION_COLUMNS (rows.ts) is the column order of the positional INSERT below; `values()` follows it.

/** Positions of the JSON columns in TRANSACTION_COLUMNS: their values are stored as text. */
const JSON_AT = TRANSACTION_JSON_COLUMNS.map((column) => TRANSACTION_COLUMNS.indexOf(column))

/** Rows per multi-row INSERT of the small history tables. */
const BATCH_ROWS = 64

/**
 * Buffers rows of one narrow table and inserts them BATCH_ROWS at a time (one multi-row VALUES): about a
 * third cheaper per row than a statement each. Call flush() before anything reads the table.
 */
function batchedInsert(db: Db, table: string, columns: readonly string[]) {
  const row = `(${columns.map(() => '?').join(', ')})`
  const sql = (rows: number) => `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: rows }, () => row).join(', ')}`
  const full = db.prepare(sql(BATCH_ROWS))
  const buffer: unknown[] = []
  return {
    add(values: readonly unknown[]): void {
      for (const value of values) buffer.push(value)
      if (buffer.length === BATCH_ROWS * columns.length) {
        full.run(buffer)
        buffer.length = 0
      }
    },
    flush(): void {
      if (buffer.length > 0) db.prepare(sql(buffer.length / columns.length)).run(buffer)
      buffer.length = 0
    },
  }
}

/** Page cache for the bulk load (KiB, negative = size not pages): index pages stay in memory instead of spilling to the WAL. */
const BULK_CACHE_KIB = 256 * 1024

/** The writer's statements of one row or one query, prepared once. */
function statements(db: Db) {
  return {
    insertTransaction: db.prepare(
      `INSERT INTO transactions (${TRANSACTION_COLUMNS.join(', ')}) VALUES (${TRANSACTION_COLUMNS.map(() => '?').join(', ')})`,
    ),
    nextEventId: db.prepare<[], number>(NEXT_TIMELINE_ID_SQL).pluck(true),
    relate: db.prepare('UPDATE transactions SET related_id = ? WHERE id = ?'),
    balance: db.prepare('UPDATE accounts SET available = available + ?, pending = pending + ?, updated_at = ? WHERE id = ?'),
    explicitIndexes: db.prepare<[], { name: string; sql: string }>(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('transactions', 'transaction_events', 'ledger_postings')`,
    ),
  }
}

/** The timeline entry a posting of the row last inserted names: its `step`-th (default: the newest). */
function postingEntry(last: { id: number; firstEventId: number; eventId: number }, transactionId: number, step: number | undefined): number {
  if (transactionId !== last.id || last.eventId < 1) throw new Error(`history-writer: postings of transaction ${transactionId} must follow its row and timeline`)
  const eventId = step === undefined ? last.eventId : last.firstEventId + step
  if (eventId < last.firstEventId || eventId > last.eventId) throw new Error(`history-writer: transaction ${transactionId} has no timeline step ${step}`)
  return eventId
}

/**
 * Bulk writer for historical data (seed/history.ts). Unlike the repositories it binds positional
 * parameters and never reads a row back, because at a million rows named binding and the read-back
 * `SELECT` of `transactions-repo.insert` would double the load time. It writes nothing a repository
 * could not: the caller keeps the ledger guarantees (postings sum to zero per transaction, cached
 * balances updated once per account with the sum of the postings written).
 */
export function createHistoryWriter(db: Db) {
  const stmt = statements(db)
  // Timeline entries get their ids here, so each row names its newest entry as it is written (migration 013).
  const events = batchedInsert(db, 'transaction_events', ['id', 'transaction_id', 'status', 'message', 'at', 'prev_id'])
  let nextEventId = 0
  const postings = batchedInsert(db, 'ledger_postings', ['transaction_id', 'account_id', 'bucket', 'amount', 'created_at', 'event_id'])
  /** The row last inserted and its timeline entries (first and newest), which its postings name (migration 014). */
  let last = { id: 0, firstEventId: 0, eventId: 0 }
  const values = new Array<unknown>(TRANSACTION_COLUMNS.length)

  return {
    /**
     * Runs `work` in one SQLite transaction with a large page cache (restored afterwards) and the history
     * tables' explicit indexes dropped and rebuilt before commit: nothing else reads them meanwhile, and a
     * failure rolls the whole load back, indexes included.
     */
    bulk<T>(work: () => T): T {
      const previous = db.pragma('cache_size', { simple: true }) as number
      db.pragma(`cache_size = -${BULK_CACHE_KIB}`)
      try {
        return db.transaction(() => {
          // Building the explicit indexes once at the end (sorted) costs less than maintaining them row by row.
          // Their definitions come from the schema itself, so a later migration's indexes are rebuilt as they are.
          const indexes = stmt.explicitIndexes.all()
          nextEventId = stmt.nextEventId.get()!
          for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`)
          const resumeNarrationIndex = suspendNarrationIndex(db)
          const result = work()
          events.flush()
          postings.flush()
          resumeNarrationIndex()
          for (const index of indexes) db.exec(index.sql)
          return result
        })()
      } finally {
        db.pragma(`cache_size = ${previous}`)
      }
    },
    /** Inserts the row and its timeline, each [status, message, at] in order. Only inside `bulk`. */
    insertTransaction(row: NewTransaction, timeline: readonly (readonly [status: string, message: string | null, at: number])[]): number {
      const first = nextEventId
      nextEventId += timeline.length
      const newest = timeline.length > 0 ? nextEventId - 1 : null
      const linked = { ...row, last_event_id: newest }
      for (let i = 0; i < TRANSACTION_COLUMNS.length; i++) values[i] = linked[TRANSACTION_COLUMNS[i]!]
      for (const i of JSON_AT) if (values[i] !== null) values[i] = JSON.stringify(values[i])
      const id = Number(stmt.insertTransaction.run(values).lastInsertRowid)
      last = { id, firstEventId: first, eventId: newest ?? 0 }
      timeline.forEach(([status, message, at], i) => events.add([first + i, id, status, message, at, i === 0 ? null : first + i - 1]))
      return id
    },
    /**
     * A posting of the row just inserted (history is written one transaction at a time, postings right after
     * it), naming the timeline entry at index `step` of its timeline (default: the newest) as the state change
     * that moved it.
     */
    insertPosting(transactionId: number, accountId: number, bucket: 'available' | 'pending', amount: number, at: number, step?: number): void {
      postings.add([transactionId, accountId, bucket, amount, at, postingEntry(last, transactionId, step)])
    },
    /** Links a charge to its reversal (the reversal row already names the charge). */
    relate(transactionId: number, relatedId: number): void {
      stmt.relate.run(relatedId, transactionId)
    },
    addToBalance(accountId: number, availableDelta: number, pendingDelta: number, at: number): void {
      stmt.balance.run(availableDelta, pendingDelta, at, accountId)
    },
  }
}
export type HistoryWriter = ReturnType<typeof createHistoryWriter>
