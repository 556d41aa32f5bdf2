import type { Db } from './connection'

export interface AuditRow {
  id: number
  at: number
  organization_id: string
  environment: 'test' | 'live'
  action: string
  label: string
  target: string | null
  request_id: string
  /** Who did it (migration 020): a user, `automation` (the console token) or the local console. */
  actor_id: string
  actor_name: string
  actor_role: string
  /** The action in words where its input tells more (migration 021); null for older rows and most actions. */
  details: string | null
  /** When it really happened: the host's real clock, epoch ms (migration 029); null for older rows (not recorded). */
  recorded_at: number | null
}

export interface AuditFilter {
  organizationId: string
  environment?: string
  action?: string
  target?: string
  before?: number
  limit: number
}

/** The append-only audit log (migration 005): insert and read; SQLite triggers refuse UPDATE and DELETE. */
export function createAuditRepo(db: Db) {
  const insertStmt = db.prepare(`INSERT INTO audit_log (at, organization_id, environment, action, label, target, request_id, actor_id, actor_name, actor_role, details, recorded_at)
    VALUES (@at, @organization_id, @environment, @action, @label, @target, @request_id, @actor_id, @actor_name, @actor_role, @details, @recorded_at)`)
  const actionsStmt = db.prepare<[string], { action: string }>('SELECT DISTINCT action FROM audit_log WHERE organization_id = ? ORDER BY action')
  return {
    /** `details` may be left out: most actions say all in their label and target. `recorded_at` never: every new entry has its real time. */
    append(row: Omit<AuditRow, 'id' | 'details' | 'recorded_at'> & { details?: string | null; recorded_at: number }): void {
      insertStmt.run({ ...row, details: row.details ?? null })
    },
    list(filter: AuditFilter): AuditRow[] {
      const where = ['organization_id = @organizationId']
      if (filter.environment !== undefined) where.push('environment = @environment')
      if (filter.action !== undefined) where.push('action = @action')
      if (filter.target !== undefined) where.push('target = @target')
      if (filter.before !== undefined) where.push('id < @before')
      return db.prepare<AuditFilter, AuditRow>(`SELECT * FROM audit_log WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT @limit`).all(filter)
    },
    actions(organizationId: string): string[] {
      return actionsStmt.all(organizationId).map((r) => r.action)
    },
  }
}
export type AuditRepo = ReturnType<typeof createAuditRepo>
