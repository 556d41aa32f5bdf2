import type Database from 'better-sqlite3'

type Db = Database.Database

/** Numbers the watches of connections in one process: each registers SQL functions of its own name. */
let watches = 0

/**
 * Values one memo keeps at most. Keys can come from requests (an API key's digest, a shortcode, an
 * organization header) and misses are remembered too, so a client sending endless made-up keys must not
 * grow it without end: past the bound it starts over (a few reads again, never a wrong answer).
 */
export const MAX_REMEMBERED = 1_024

/** What a remembered read depends on: a table, and for UPDATE only these columns (all when omitted). */
export interface WatchedTable {
  table: string
  /** Columns whose UPDATE changes what is remembered; `[]`: only INSERT and DELETE matter. */
  columns?: readonly string[]
}

/** `read(key)` remembered per key while `stamp()` stays the same, inside transactions only (the memos of createTableWatch below). */
function remembered<V>(db: Db, stamp: () => number, read: (key: string) => V): (key: string) => V {
  let filledAt = -1
  const values = new Map<string, V>()
  return (key) => {
    // Outside a transaction a read is its own snapshot: read through rather than pay a data_version
    // check for it (the webhook dispatcher's reads between batches). Every batch checks once.
    if (!db.inTransaction) return read(key)
    const current = stamp()
    if (current !== filledAt) {
      values.clear()
      filledAt = current
    } else if (values.has(key)) return values.get(key) as V
    const value = read(key)
    if (value !== null && typeof value === 'object') Object.freeze(value)
    if (values.size >= MAX_REMEMBERED) values.clear()
    values.set(key, value)
    return value
  }
}

/**
 * Remembered reads of tables that rarely change (API keys, organizations, account identities, webhook
 * endpoints, settings), so the hot path (a charge: authenticate, resolve accounts, find the endpoint, read
 * settings) asks SQLite only for what moves. A remembered value is used only while nothing it depends on
 * changed:
 * - every INSERT, DELETE and (watched columns') UPDATE of its tables through this connection, whatever code
 *   ran it (an operation, a snapshot restore, a sandbox reset, an organization delete), fires a temporary
 *   trigger that forgets it; temporary triggers live and die with the connection, never in the file;
 * - a rollback (the store calls `rolledBack` for every transaction or savepoint that ends in an error) may
 *   take back rows a value was read from inside it: everything is forgotten;
 * - a commit by another connection (another process on the same file) moves `PRAGMA data_version`, checked
 *   when a top-level transaction begins: everything is forgotten. Reads outside a transaction are not
 *   remembered (each is its own snapshot), so they never need the check.
 * Values are frozen: a caller that changed one would change it for every later reader.
 */
export function createTableWatch(db: Db) {
  const name = `paydesk_table_changed_${++watches}`
  const generations = new Map<string, number>()
  /** Moves on a rollback or another connection's commit: every memo depends on it. */
  let everything = 0
  const dataVersionStmt = db.prepare('PRAGMA data_version').pluck()
  let dataVersion = dataVersionStmt.get() as number
  db.function(name, { deterministic: false, varargs: false }, (table: unknown) => {
    generations.set(String(table), (generations.get(String(table)) ?? 0) + 1)
    return null
  })
  const triggered = new Set<string>()

  function watch({ table, columns }: WatchedTable): void {
    const key = `${table}:${columns?.join(',') ?? '*'}`
    if (triggered.has(key)) return
    triggered.add(key)
    const id = `${name}_${triggered.size}`
    const events = ['INSERT', 'DELETE']
    if (columns === undefined) events.push('UPDATE')
    else if (columns.length > 0) events.push(`UPDATE OF ${columns.join(', ')}`)
    events.forEach((event, i) => {
      db.exec(`CREATE TEMP TRIGGER ${id}_${i} AFTER ${event} ON main.${table} BEGIN SELECT ${name}('${table}'); END`)
    })
  }

  function otherConnectionsChecked(): boolean {
    const now = dataVersionStmt.get() as number
    if (now === dataVersion) return false
    dataVersion = now
    everything++
    return true
  }

  /**
   * A number that grows whenever one of `tables` changes through this connection (or anything rolls back,
   * or another connection committed, as `beginning` saw): equal stamps, nothing changed in between.
   */
  function changes(tables: readonly WatchedTable[]): () => number {
    for (const table of tables) watch(table)
    const names = tables.map((t) => t.table)
    return () => names.reduce((sum, table) => sum + (generations.get(table) ?? 0), everything)
  }

  return {
    changes,
    /**
     * `read(key)` remembered per key until one of `tables` changes. Keys are strings (callers join their
     * parts); a value of `undefined` (nothing found) is remembered too.
     */
    memo<V>(tables: readonly WatchedTable[], read: (key: string) => V): (key: string) => V {
      return remembered(db, changes(tables), read)
    },
    /** A top-level transaction begins: another connection may have committed since the last one (true: it did). */
    beginning(): boolean {
      return otherConnectionsChecked()
    },
    /** A transaction or savepoint rolled back: values read inside it may name rows that are gone. */
    rolledBack(): void {
      everything++
    },
  }
}
export type TableWatch = ReturnType<typeof createTableWatch>
