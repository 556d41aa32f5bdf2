import type { Db } from './connection'
import type { Setting } from './settings-registry'
import type { TableWatch } from './cache/table-watch'

/**
 * Small key/value settings (simulator mode, clock offset, console token, ...), JSON-encoded, read and
 * written only through their registry entry (settings-registry.ts). A missing, unreadable or invalid
 * stored value reads as the entry's default; writing an invalid value is a bug and throws.
 */
export function createSettingsRepo(db: Db, watch: TableWatch) {
  const getStmt = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?')
  const setStmt = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
  // Some settings are read per request and per finalization (mode, strict checks, settlement delay): the
  // stored text is read and decoded once, until the table changes (db/table-watch.ts).
  const stored = watch.memo([{ table: 'settings' }], (key) => getStmt.get(key)?.value)
  const decoded = new Map<string, { text: string; value: unknown }>()
  return {
    get<T>(setting: Setting<T>): T {
      const text = stored(setting.key)
      if (text === undefined) return setting.default
      const cached = decoded.get(setting.key)
      if (cached?.text === text) return cached.value as T
      let value = setting.default
      try {
        const parsed = setting.schema.safeParse(JSON.parse(text))
        if (parsed.success) value = parsed.data
      } catch {
        // Not JSON (hand-edited): the default, as for any invalid value.
      }
      decoded.set(setting.key, { text, value })
      return value
    },
    set<T>(setting: Setting<T>, value: T): void {
      setStmt.run(setting.key, JSON.stringify(setting.schema.parse(value)))
    },
  }
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>
