import type { Db } from './connection'

const INSERT_TRIGGER = 'transactions_fts_insert'

/**
 * For bulk loads (db/history-writer.ts): the narration index (migration 005) is fed once, in one
 * INSERT ... SELECT, instead of by its per-row trigger, which more than doubled the time to seed a
 * million rows. Call inside the load's SQLite transaction; the returned function puts the trigger back
 * and indexes every row inserted since, so a failure rolls both back together.
 */
export function suspendNarrationIndex(db: Db): () => void {
  const trigger = db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?").get(INSERT_TRIGGER)
  if (!trigger) return () => {}
  const lastId = (db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM transactions').get() as { id: number }).id
  db.exec(`DROP TRIGGER ${INSERT_TRIGGER}`)
  return () => {
    db.prepare('INSERT INTO transactions_fts(rowid, narration) SELECT id, narration FROM transactions WHERE id > ? AND narration IS NOT NULL').run(lastId)
    db.exec(trigger.sql)
  }
}
