import Database from 'better-sqlite3'
import { MIGRATION_001 } from '../../electron/service/db/migrations/001-initial'

type Db = InstanceType<typeof Database>
interface SchemaObject { type: string; name: string; tbl_name: string; sql: string | null }

/** Every table, index, trigger and view of the schema as SQLite stores it, in a stable order (compare two with toEqual). */
export const schemaObjects = (db: Db): SchemaObject[] =>
  db.prepare<[], SchemaObject>("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all()
const columns = (db: Db, table: string): string[] =>
  db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all().map((c) => c.name)

/**
 * Turns a database of the newest schema back into what version 1 wrote, whatever migrations came since:
 * every trigger, index, table and column that migration 001 does not create is dropped, and 001's own
 * objects that later migrations dropped or redefined are created again as 001 wrote them. Rows of 001's
 * tables stay (minus new columns).
 * For tests of upgrades from old files, so each new migration needs no edit here. `keepTables`: tables that
 * are not the schema's (a snapshot's own facts table) and stay.
 */
export function rewindToVersion1(db: Db, keepTables: readonly string[] = []): void {
  const v1 = new Database(':memory:')
  v1.exec(MIGRATION_001)
  const wanted = new Map(schemaObjects(v1).map((o) => [`${o.type}:${o.name}`, o]))
  const present = () => schemaObjects(db).filter((o) => !wanted.has(`${o.type}:${o.name}`) && !keepTables.includes(o.tbl_name))
  db.pragma('foreign_keys = OFF')
  for (const o of present()) if (o.type === 'trigger' || o.type === 'view') db.exec(`DROP ${o.type.toUpperCase()} "${o.name}"`)
  for (const o of present()) if (o.type === 'index' && o.sql) db.exec(`DROP INDEX "${o.name}"`)
  // Virtual tables first: dropping one drops its shadow tables with it.
  for (const o of present()) if (o.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(o.sql ?? '')) db.exec(`DROP TABLE "${o.name}"`)
  for (const o of present()) if (o.type === 'table') db.exec(`DROP TABLE IF EXISTS "${o.name}"`)
  for (const o of wanted.values()) {
    if (o.type !== 'table') continue
    const keep = new Set(columns(v1, o.name))
    for (const column of columns(db, o.name)) if (!keep.has(column)) db.exec(`ALTER TABLE "${o.name}" DROP COLUMN "${column}"`)
  }
  // 001's indexes that a later migration rebuilt under the same name (011: ascending) go back to 001's definition.
  for (const o of schemaObjects(db)) {
    const original = wanted.get(`${o.type}:${o.name}`)
    if (o.type === 'index' && original?.sql && o.sql !== original.sql) db.exec(`DROP INDEX "${o.name}"`)
  }
  const existing = new Set(schemaObjects(db).map((o) => `${o.type}:${o.name}`))
  for (const [key, o] of wanted) if (!existing.has(key) && o.sql) db.exec(o.sql)
  v1.close()
  db.pragma('foreign_keys = ON')
  db.pragma('user_version = 1')
}
