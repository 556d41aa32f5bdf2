import { MIGRATION_001 } from './001-initial'

/** Applied in order, each once, inside one transaction; `PRAGMA user_version` records the last applied. */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: MIGRATION_001 },
]
