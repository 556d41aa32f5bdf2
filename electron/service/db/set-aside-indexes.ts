import type { Db } from './connection'

/**
 * Drops the explicit indexes of `tables` that no foreign-key check seeks, and returns the function that
 * builds them again from their own definitions. For work that rewrites most rows of a table: an index
 * built once at the end (sorted) costs less than one maintained row by row through the DELETEs and
 * INSERTs. A snapshot restore replaces every row (a 200,000-transaction sandbox, 1.2 million rows:
 * 51 s → 18 s); a sandbox reset that erases most transactions (db/sandbox-repo.ts). Kept: the narrowest
 * index led by each foreign key's child column, which SQLite seeks for every parent row deleted or
 * inserted (without it, each would scan the child table). Call inside the work's transaction: a failure
 * rolls the DROPs back with everything else. The schema has no planner statistics (no ANALYZE) that a
 * DROP would lose. Statements prepared before stay valid (SQLite re-prepares them on a schema change).
 */
export function setAsideIndexes(db: Db, tables: readonly string[]): () => void {
  const foreignKeyColumns = new Set<string>()
  for (const table of tables) {
    for (const key of db.pragma(`foreign_key_list(${table})`) as { from: string }[]) foreignKeyColumns.add(`${table}.${key.from}`)
  }
  const indexes = (db.prepare(`SELECT name, tbl_name AS tableName, sql FROM sqlite_master
      WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join(', ')}) ORDER BY name`)
    .all(...tables) as { name: string; tableName: string; sql: string }[])
    .map((index) => ({ ...index, columns: (db.pragma(`index_info("${index.name}")`) as { name: string | null }[]).map((c) => c.name) }))
    .sort((a, b) => a.columns.length - b.columns.length)
  const seeked = new Set<string>()
  const setAside = indexes.filter((index) => {
    const lead = `${index.tableName}.${index.columns[0]}`
    if (!foreignKeyColumns.has(lead) || seeked.has(lead)) return true
    seeked.add(lead)
    return false
  })
  for (const index of setAside) db.exec(`DROP INDEX "${index.name}"`)
  return () => {
    for (const index of setAside) db.exec(index.sql)
  }
}
