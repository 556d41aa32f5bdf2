import { AccountSchema, type Account } from '../../../shared/schemas/account'
import type { Db } from './connection'

/** The connection of an organization's environment to its provider account (migration 025); never the key. */
export interface UpstreamConnectionRow {
  organization_id: string
  environment: 'test' | 'live'
  url: string
  key_fingerprint: string
  mode: 'read' | 'operate'
  connected_at: number
  /** The backfill goes down to this UTC day (YYYY-MM-DD). */
  since: string
  /** The next UTC day the backfill reads (going down), or null once it reached `since`. */
  backfill_next: string | null
  backfill_rows: number
  /** Whether the provider takes date-times in startDate/endDate (probed once): 1, 0, or null before the probe. */
  date_times: 0 | 1 | null
  last_sync_at: number | null
  last_error: string | null
  /** The provider's accounts as last read (JSON), decoded here: those that read as accounts. */
  balances: Account[] | null
  /** The last re-scan of days 4-35 (late reversals and settlements). */
  deep_scan_at: number | null
}
type StoredConnection = Omit<UpstreamConnectionRow, 'balances'> & { balances: string | null }

/** A mirrored transaction's provider bookkeeping, with the transaction's own keys. */
export interface UpstreamRowRecord {
  transaction_id: number
  public_id: string
  status: string
  amount: number
  created_at: number
  fingerprint: string
  first_seen_at: number
  vanished_at: number | null
}

export interface UpstreamChangeRecord {
  id: number
  public_id: string
  field: string
  from_value: string | null
  to_value: string | null
  seen_at: number
}

function decodeBalances(text: string): Account[] {
  const items: unknown = JSON.parse(text)
  return (Array.isArray(items) ? items : []).flatMap((item) => {
    const parsed = AccountSchema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}

const decode = (row: StoredConnection | undefined): UpstreamConnectionRow | undefined =>
  row && { ...row, balances: row.balances === null ? null : decodeBalances(row.balances) }

const ROW_SELECT = `SELECT u.transaction_id, t.public_id, t.status, t.amount, t.created_at, u.fingerprint, u.first_seen_at, u.vanished_at
  FROM upstream_rows u JOIN transactions t ON t.id = u.transaction_id`

function statements(db: Db) {
  return {
    all: db.prepare<[], StoredConnection>('SELECT * FROM upstream_connections'),
    connection: db.prepare<[string, string], StoredConnection>('SELECT * FROM upstream_connections WHERE organization_id = ? AND environment = ?'),
    insertConnection: db.prepare(`INSERT INTO upstream_connections (organization_id, environment, url, key_fingerprint, mode, connected_at, since, backfill_next)
      VALUES (@organization_id, @environment, @url, @key_fingerprint, @mode, @connected_at, @since, @backfill_next)`),
    row: db.prepare<[number], UpstreamRowRecord>(`${ROW_SELECT} WHERE u.transaction_id = ?`),
    insertRow: db.prepare('INSERT INTO upstream_rows (transaction_id, organization_id, environment, fingerprint, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)'),
    touchRow: db.prepare('UPDATE upstream_rows SET fingerprint = ?, last_seen_at = ?, vanished_at = NULL WHERE transaction_id = ?'),
    vanish: db.prepare('UPDATE upstream_rows SET vanished_at = ? WHERE transaction_id = ? AND vanished_at IS NULL'),
    inWindow: db.prepare<[string, string, number, number], UpstreamRowRecord>(
      `${ROW_SELECT} WHERE t.organization_id = ? AND t.environment = ? AND t.created_at BETWEEN ? AND ? ORDER BY t.created_at DESC`),
    open: db.prepare<[string, string, number, number, number, number], { transaction_id: number; public_id: string; created_at: number }>(
      `SELECT t.id AS transaction_id, t.public_id, t.created_at FROM transactions t JOIN upstream_rows u ON u.transaction_id = t.id
       WHERE t.organization_id = ? AND t.environment = ? AND t.status IN ('initiated', 'pending') AND t.created_at <= ? AND u.vanished_at IS NULL
         AND (t.created_at, t.id) > (?, ?) ORDER BY t.created_at, t.id LIMIT ?`),
    insertChange: db.prepare('INSERT INTO upstream_changes (organization_id, environment, transaction_id, field, from_value, to_value, seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    changes: db.prepare<[string, string, number], UpstreamChangeRecord>(
      `SELECT c.id, t.public_id, c.field, c.from_value, c.to_value, c.seen_at FROM upstream_changes c JOIN transactions t ON t.id = c.transaction_id
       WHERE c.organization_id = ? AND c.environment = ? ORDER BY c.id DESC LIMIT ?`),
  }
}

/** A connection's columns a sync may change. */
export type ConnectionUpdate = Partial<Pick<UpstreamConnectionRow, 'url' | 'key_fingerprint' | 'mode' | 'backfill_next' | 'backfill_rows' | 'date_times' | 'last_sync_at' | 'last_error' | 'deep_scan_at'>> & { balances?: Account[] }

export function createUpstreamRepo(db: Db) {
  const stmt = statements(db)
  return {
    connection: (organizationId: string, environment: string) => decode(stmt.connection.get(organizationId, environment)),
    /** Every environment that mirrors (or mirrored) a provider account. */
    all: () => stmt.all.all().map((row) => decode(row)!),
    insertConnection(row: Pick<UpstreamConnectionRow, 'organization_id' | 'environment' | 'url' | 'key_fingerprint' | 'mode' | 'connected_at' | 'since' | 'backfill_next'>): void {
      stmt.insertConnection.run(row)
    },
    updateConnection(organizationId: string, environment: string, fields: ConnectionUpdate): void {
      const entries = Object.entries(fields).map(([name, value]) => [name, name === 'balances' ? JSON.stringify(value) : value] as const)
      if (entries.length === 0) return
      const sets = entries.map(([name]) => `${name} = @${name}`).join(', ')
      db.prepare(`UPDATE upstream_connections SET ${sets} WHERE organization_id = @organization_id AND environment = @environment`)
        .run({ ...Object.fromEntries(entries), organization_id: organizationId, environment })
    },
    row: (transactionId: number) => stmt.row.get(transactionId),
    insertRow(transactionId: number, organizationId: string, environment: string, fingerprint: string, at: number): void {
      stmt.insertRow.run(transactionId, organizationId, environment, fingerprint, at, at)
    },
    touchRow(transactionId: number, fingerprint: string, at: number): void {
      stmt.touchRow.run(fingerprint, at, transactionId)
    },
    /** Flags a row the provider no longer lists; returns whether it was not flagged already. */
    vanish: (transactionId: number, at: number): boolean => stmt.vanish.run(at, transactionId).changes === 1,
    /** Mirrored rows created inside [fromMs, toMs], newest first. */
    inWindow: (organizationId: string, environment: string, fromMs: number, toMs: number) => stmt.inWindow.all(organizationId, environment, fromMs, toMs),
    /** Mirrored rows not final yet (initiated, pending) created at or before `beforeMs`, oldest first, after the cursor (created_at, id). */
    openRows: (organizationId: string, environment: string, beforeMs: number, after: { createdAt: number; id: number }, limit: number) =>
      stmt.open.all(organizationId, environment, beforeMs, after.createdAt, after.id, limit),
    insertChange(organizationId: string, environment: string, transactionId: number, field: string, from: string | null, to: string | null, at: number): void {
      stmt.insertChange.run(organizationId, environment, transactionId, field, from, to, at)
    },
    changes: (organizationId: string, environment: string, limit: number) => stmt.changes.all(organizationId, environment, limit),
  }
}
export type UpstreamRepo = ReturnType<typeof createUpstreamRepo>
