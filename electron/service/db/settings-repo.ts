import type { Db } from './connection'

/** Small key/value settings (simulator mode, clock offset, console token, ...), JSON-encoded. */
export function createSettingsRepo(db: Db) {
  const getStmt = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?')
  const setStmt = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
  return {
    get<T>(key: string): T | undefined {
      const row = getStmt.get(key)
      return row ? (JSON.parse(row.value) as T) : undefined
    },
    set(key: string, value: unknown): void {
      setStmt.run(key, JSON.stringify(value))
    },
  }
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>
