import { randomBytes } from 'node:crypto'
import { existsSync, fsyncSync, closeSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { SNAPSHOT_NAME } from '../../../shared/schemas/snapshots'
import type { Db } from './connection'
import { migrate } from './connection'
import { ensurePrivateFolder } from './file-access'
import { MIGRATIONS } from './migrations'
import { setAsideIndexes } from './set-aside-indexes'
import { keepCredentials, type RestoreCredentials } from './snapshot-credentials'
import { CARRIED_TABLES, KEPT_SETTINGS, TABLES, TIMER_COLUMNS, schemaTables } from './table-catalogue'

/**
 * Snapshots of the whole sandbox: each is one self-contained SQLite file `<name>.sqlite` in the snapshots
 * folder, holding a consistent image of the database (SQLite's serialization API, read inside the
 * caller's transaction: never a copy of a file being written) plus a `paydesk_snapshot` table of facts
 * about it. Restoring replaces the `state` tables of table-catalogue.ts in the caller's transaction.
 */
const SUFFIX = '.sqlite'

export interface SnapshotFacts {
  name: string
  /** Real time the snapshot was written, ms. */
  createdAt: number
  /** The sandbox's simulated time when it was taken, ms. */
  takenAt: number
  sizeBytes: number
  paydeskVersion: string
  schemaVersion: number
}

export function isSnapshotName(name: string): boolean {
  return SNAPSHOT_NAME.test(name) && !name.includes('..')
}

function fileOf(folder: string, name: string): string {
  if (!isSnapshotName(name)) throw new Error(`not a snapshot name: ${name}`)
  return join(folder, `${name}${SUFFIX}`)
}

/**
 * The image SQLite serializes of a WAL database says "WAL" in its header (bytes 18-19); a lone file or an
 * in-memory copy must say "rollback journal", or SQLite looks for a -wal file that is not there.
 */
function asStandalone(image: Buffer): Buffer {
  image[18] = 1
  image[19] = 1
  return image
}

/** Writes a new file: created exclusively ('wx': never an existing file, never through a link), 0600, synced. */
function writeDurably(path: string, data: Buffer): void {
  const fd = openSync(path, 'wx', 0o600)
  try {
    let offset = 0
    while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

function readFacts(file: string, name: string): SnapshotFacts | null {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true })
    try {
      const rows = db.prepare('SELECT key, value FROM paydesk_snapshot').all() as { key: string; value: string }[]
      const facts = Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]))
      return {
        name, createdAt: Number(facts['createdAt']), takenAt: Number(facts['takenAt']), sizeBytes: statSync(file).size,
        paydeskVersion: String(facts['paydeskVersion']), schemaVersion: db.pragma('user_version', { simple: true }) as number,
      }
    } finally {
      db.close()
    }
  } catch {
    return null // not a snapshot of ours (or damaged): not listed, not restorable
  }
}

/**
 * Writes the image of `db` to `file` (replacing one of the same name atomically: temp file, fsync, rename)
 * with `facts` in its paydesk_snapshot table.
 */
function saveImage(db: Db, file: string, facts: { createdAt: number; takenAt: number; paydeskVersion: string }): void {
  // Unpredictable, so nothing can be waiting at that name (and 'wx' refuses anything that is).
  const temp = `${file}.${randomBytes(12).toString('hex')}.tmp`
  try {
    writeDurably(temp, asStandalone(db.serialize()))
    const image = new Database(temp)
    try {
      image.exec('CREATE TABLE paydesk_snapshot (key TEXT PRIMARY KEY, value TEXT NOT NULL)')
      const put = image.prepare('INSERT INTO paydesk_snapshot (key, value) VALUES (?, ?)')
      for (const [key, value] of Object.entries(facts)) put.run(key, JSON.stringify(value))
    } finally {
      image.close()
    }
    renameSync(temp, file)
  } finally {
    rmSync(temp, { force: true })
  }
}

/** The snapshot's image, open in memory and migrated to this schema; refused when a newer Paydesk made it. */
function openImage(file: string): Database.Database {
  const image = new Database(asStandalone(readFileSync(file)))
  try {
    const version = image.pragma('user_version', { simple: true }) as number
    const newest = MIGRATIONS[MIGRATIONS.length - 1]!.version
    if (version > newest) throw new SnapshotTooNewError(version, newest)
    migrate(image)
    return image
  } catch (error) {
    image.close()
    throw error
  }
}

/** Empties the `state` tables (settings: all but KEPT_SETTINGS). */
function clearState(db: Db, order: readonly string[]): void {
  const kept = KEPT_SETTINGS.map(() => '?').join(', ')
  for (const table of order) {
    if (table === 'settings') db.prepare(`DELETE FROM settings WHERE key NOT IN (${kept})`).run(...KEPT_SETTINGS)
    else db.prepare(`DELETE FROM ${table}`).run()
  }
}

/** Copies the image's rows of each `state` table it holds (`present`; settings: all but KEPT_SETTINGS); the rows per table. */
function copyState(db: Db, image: Database.Database, order: readonly string[], present: ReadonlySet<string>): Record<string, number> {
  const kept = KEPT_SETTINGS.map(() => '?').join(', ')
  const restored: Record<string, number> = {}
  for (const table of [...order].reverse()) {
    restored[table] = 0
    if (!present.has(table)) continue
    const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => `"${c.name}"`)
    const where = table === 'settings' ? ` WHERE key NOT IN (${kept})` : ''
    const select = image.prepare(`SELECT ${columns.join(', ')} FROM ${table}${where}`).raw()
    const rows = (table === 'settings' ? select.iterate(...KEPT_SETTINGS) : select.iterate()) as Iterable<unknown[]>
    restored[table] = copyRows(db, table, columns, rows)
  }
  return restored
}

/** The carried tables' rows of now (CARRIED_TABLES); the function that puts them back after the restore. */
function carryOver(db: Db): () => void {
  const held = CARRIED_TABLES.map((table) => {
    const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => `"${c.name}"`)
    return { table, columns, rows: db.prepare(`SELECT ${columns.join(', ')} FROM ${table}`).raw().all() as unknown[][] }
  })
  return () => {
    for (const { table, columns, rows } of held) {
      db.prepare(`DELETE FROM ${table}`).run()
      const org = columns.indexOf('"organization_id"')
      const exists = db.prepare<[unknown], { n: number }>('SELECT COUNT(*) AS n FROM organizations WHERE id = ?')
      copyRows(db, table, columns, rows.filter((row) => exists.get(row[org])!.n > 0))
    }
  }
}

/** Moves every pending timer forward by `shiftMs`. */
function shiftTimers(db: Db, shiftMs: number): void {
  for (const { table, column, where } of TIMER_COLUMNS) {
    db.prepare(`UPDATE ${table} SET ${column} = ${column} + ? WHERE ${column} IS NOT NULL${where ? ` AND ${where}` : ''}`).run(shiftMs)
  }
}

/** What `restore` of createSnapshotStore does (its comment says what and when), from the snapshot's file. */
function restoreImage(db: Db, file: string, shiftMs: number, credentials: RestoreCredentials): Record<string, number> {
  const image = openImage(file)
  try {
    const present = new Set(schemaTables(image))
    const order = Object.keys(TABLES).filter((table) => TABLES[table]!.snapshot === 'state')
    // Rows reference each other across tables; checked once, at commit, instead of per statement.
    db.pragma('defer_foreign_keys = ON')
    const putBackCarried = carryOver(db)
    const keepCredentialsOfNow = keepCredentials(db, credentials)
    const rebuildIndexes = setAsideIndexes(db, order)
    clearState(db, order)
    const restored = copyState(db, image, order, present)
    rebuildIndexes()
    putBackCarried()
    keepCredentialsOfNow()
    if (shiftMs > 0) shiftTimers(db, shiftMs)
    return restored
  } finally {
    image.close()
  }
}

export function createSnapshotStore(db: Db, folderOf: () => string) {
  /** The folder, made private before anything is read from or written to it (throws UnsafeFolderError). */
  function folder(): string {
    const path = folderOf()
    ensurePrivateFolder(path)
    return path
  }

  return {
    folder,
    list(): SnapshotFacts[] {
      const path = folder()
      return readdirSync(path)
        .filter((file) => file.endsWith(SUFFIX) && isSnapshotName(file.slice(0, -SUFFIX.length)))
        .map((file) => readFacts(join(path, file), file.slice(0, -SUFFIX.length)))
        .filter((facts): facts is SnapshotFacts => facts !== null)
        .sort((a, b) => a.name.localeCompare(b.name))
    },

    get(name: string): SnapshotFacts | null {
      const file = fileOf(folder(), name)
      return existsSync(file) ? readFacts(file, name) : null
    },

    /**
     * Writes the snapshot (replacing one of the same name atomically: temp file, fsync, rename). Call
     * inside a transaction that has written nothing, so the image is exactly the committed state.
     */
    save(name: string, facts: { createdAt: number; takenAt: number; paydeskVersion: string }): SnapshotFacts {
      const file = fileOf(folder(), name)
      saveImage(db, file, facts)
      return readFacts(file, name)!
    },

    remove(name: string): boolean {
      const file = fileOf(folder(), name)
      if (!existsSync(file)) return false
      rmSync(file)
      return true
    },

    /**
     * Replaces every `state` table with the snapshot's rows (settings: all but KEPT_SETTINGS), migrating
     * an older snapshot first, and moves pending timers forward by `shiftMs`. `kept` tables are not
     * touched; no revocation or rotation made since the snapshot is undone (snapshot-credentials.ts). Call inside a transaction: the sandbox is either wholly the old one or wholly the snapshot's.
     * Returns the rows restored per table.
     */
    restore(name: string, shiftMs: number, credentials: RestoreCredentials): Record<string, number> {
      return restoreImage(db, fileOf(folder(), name), shiftMs, credentials)
    },
  }
}
export type SnapshotStore = ReturnType<typeof createSnapshotStore>

/** Bound parameters in one statement: SQLite's SQLITE_MAX_VARIABLE_NUMBER (32,766 since 3.32). */
const MAX_PARAMETERS = 32_766

/**
 * Inserts rows with as many rows per INSERT as the parameter limit allows (about 1,000 transactions).
 * One INSERT per row was quadratic: a restore runs inside its unit's SAVEPOINT with the statement journal
 * in memory (temp_store = MEMORY), and there each statement that writes the narration word index (FTS5, by
 * trigger) cost more the more rows were already copied. Measured on 20,000 transactions, one row per
 * INSERT: 9.0 s; 1.4 s without the in-memory journal, 0.67 s without the savepoint, 0.46 s without the FTS
 * triggers; in chunks 0.74 s. A 60,000-transaction sandbox took ~290 s. Returns the rows inserted.
 */
function copyRows(db: Db, table: string, columns: string[], rows: Iterable<unknown[]>): number {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length))
  const tuple = `(${columns.map(() => '?').join(', ')})`
  const insertOf = (count: number) => db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(count).fill(tuple).join(', ')}`)
  let full: ReturnType<typeof insertOf> | null = null
  let values: unknown[] = []
  let pending = 0
  let inserted = 0
  for (const row of rows) {
    for (const value of row) values.push(value)
    pending += 1
    if (pending === perStatement) {
      ;(full ??= insertOf(perStatement)).run(values)
      inserted += pending
      values = []
      pending = 0
    }
  }
  if (pending > 0) insertOf(pending).run(values)
  return inserted + pending
}

export class SnapshotTooNewError extends Error {
  constructor(readonly version: number, readonly newest: number) {
    super(`the snapshot was made by a newer Paydesk (schema ${version}; this one has ${newest})`)
  }
}
