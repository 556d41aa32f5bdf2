import Database from 'better-sqlite3'
import { startCheckpointer, FALLBACK_AUTOCHECKPOINT_PAGES, type Checkpointer } from './cache/checkpointer'
import { restrictToOwner } from './file-access'
import { MIGRATIONS } from './migrations'

export type Db = Database.Database

export interface OpenOptions {
  /** Path of an Electron-ABI better_sqlite3.node; undefined = the Node build in node_modules. */
  nativeBinding?: string
}

/** Opens (or creates) the database with the pragmas the engine relies on, then migrates it. */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  restrictToOwner(file)
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  if (file !== ':memory:') db.pragma('journal_mode = WAL')
  // NORMAL in WAL mode survives a process crash (our kill -9 tests); only an OS crash can lose the last commits.
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  // Every unit of a batch runs in a SAVEPOINT (batcher.ts), so each page it changes first has its original
  // copied to the statement sub-journal. On files (the default) that journal spills to a new temp file past
  // 64 KiB: a unit cost ~80 pwrite calls and each batch an open/unlink (strace). In memory it is a memcpy; it lives only until the batch's COMMIT.
  db.pragma('temp_store = MEMORY')
  migrate(db)
  return db
}

/**
 * Moves WAL checkpoints of a file database to a worker thread (db/checkpointer.ts): the engine's own
 * connection then checkpoints only past a far threshold, never in an ordinary COMMIT. Hosts call it;
 * tests and tools keep SQLite's automatic checkpoint. Null for ':memory:' or when the worker cannot start.
 */
export function checkpointInBackground(db: Db, file: string, options: OpenOptions = {}): Checkpointer | null {
  if (file === ':memory:') return null
  const automatic = db.pragma('wal_autocheckpoint', { simple: true }) as number
  const checkpointer = startCheckpointer(file, options.nativeBinding, () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${automatic}`)
  })
  if (checkpointer) db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`)
  return checkpointer
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number
  const pending = MIGRATIONS.filter((m) => m.version > current)
  if (pending.length === 0) return
  db.transaction(() => {
    for (const migration of pending) {
      if ('sql' in migration) db.exec(migration.sql)
      else migration.up(db)
      db.pragma(`user_version = ${migration.version}`)
    }
  })()
}

/** Whether SQLite still answers on this connection (readiness: GET /healthz). */
export function databaseAnswers(db: Db): boolean {
  try {
    return db.prepare('SELECT 1 AS one').get() !== undefined
  } catch {
    return false
  }
}
