import type { Db } from './connection'
import type { TableWatch } from './table-watch'

export interface FaultRuleRow {
  organization_id: string
  environment: string
  kind: 'webhook' | 'api'
  /** A webhook URL, or an API scope (`money` or a public route id). */
  target: string
  /** JSON of WebhookFaults or ApiFaults (shared/schemas/faults.ts). */
  config: string
  updated_at: number
}

export interface DoctorReportRow {
  organization_id: string
  environment: string
  url: string
  report: string
  created_at: number
}

/** Fault lab rules, the dispatcher's hold (postpone) of a delivery, and the doctor's last reports. */
export function createFaultsRepo(db: Db, watch: TableWatch) {
  const rulesStmt = db.prepare<[string, string], FaultRuleRow>('SELECT * FROM fault_rules WHERE organization_id = ? AND environment = ? ORDER BY kind, target')
  const ruleStmt = db.prepare<[string, string, string, string], FaultRuleRow>(
    'SELECT * FROM fault_rules WHERE organization_id = ? AND environment = ? AND kind = ? AND target = ?',
  )
  const anyStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM fault_rules')
  const upsertStmt = db.prepare(`INSERT INTO fault_rules (organization_id, environment, kind, target, config, updated_at)
    VALUES (@organization_id, @environment, @kind, @target, @config, @updated_at)
    ON CONFLICT(organization_id, environment, kind, target) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`)
  const deleteStmt = db.prepare('DELETE FROM fault_rules WHERE organization_id = ? AND environment = ? AND kind = ? AND target = ?')
  const deleteAllStmt = db.prepare('DELETE FROM fault_rules WHERE organization_id = ? AND environment = ?')
  const postponeStmt = db.prepare("UPDATE webhook_deliveries SET next_attempt_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'")
  const deliveryMetaStmt = db.prepare<[string], { created_at: number; rowid: number; url: string; transaction_id: number | null }>(
    `SELECT d.created_at, d.rowid, d.url, e.transaction_id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.id = ?`,
  )
  // A later, not yet attempted delivery to the same URL of an event about the same transaction: reorder sends it first.
  const newerOfTransactionStmt = db.prepare<[string, number, number], { next_attempt_at: number }>(
    `SELECT d.next_attempt_at FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
     WHERE d.url = ? AND e.transaction_id = ? AND d.rowid > ? AND d.status = 'pending' AND d.attempt_count = 0
     ORDER BY d.next_attempt_at DESC LIMIT 1`,
  )
  const reportStmt = db.prepare<[string, string, string], DoctorReportRow>('SELECT * FROM doctor_reports WHERE organization_id = ? AND environment = ? AND url = ?')
  const saveReportStmt = db.prepare(`INSERT INTO doctor_reports (organization_id, environment, url, report, created_at)
    VALUES (@organization_id, @environment, @url, @report, @created_at)
    ON CONFLICT(organization_id, environment, url) DO UPDATE SET report = excluded.report, created_at = excluded.created_at`)
  /**
   * Whether the committed table has any rule, remembered: every public request and every webhook attempt
   * asks, mostly outside a transaction, and each question was a read transaction of its own (issue 15,
   * docs/benchmarks.md). Forgotten when the table watch's stamp moves (any insert or delete of a rule
   * through this connection, whatever code ran it: db/table-watch.ts); an answer read inside a transaction
   * is never remembered, since it may see rows a rollback takes back.
   */
  const ruleChanges = watch.changes([{ table: 'fault_rules', columns: [] }])
  let anyCommitted: { stamp: number; any: boolean } | undefined
  return {
    rules(organizationId: string, environment: string): FaultRuleRow[] {
      return rulesStmt.all(organizationId, environment)
    },
    rule(organizationId: string, environment: string, kind: FaultRuleRow['kind'], target: string): FaultRuleRow | undefined {
      return ruleStmt.get(organizationId, environment, kind, target)
    },
    /** Whether any rule exists at all (a cheap check the hot paths make before looking further). */
    anyRule(): boolean {
      const stamp = ruleChanges()
      if (anyCommitted?.stamp === stamp) return anyCommitted.any
      const any = anyStmt.get()!.n > 0
      if (!db.inTransaction) anyCommitted = { stamp, any }
      return any
    },
    saveRule(row: FaultRuleRow): void {
      upsertStmt.run(row)
    },
    deleteRule(organizationId: string, environment: string, kind: FaultRuleRow['kind'], target: string): boolean {
      return deleteStmt.run(organizationId, environment, kind, target).changes > 0
    },
    deleteAll(organizationId: string, environment: string): number {
      return deleteAllStmt.run(organizationId, environment).changes
    },
    /** Holds a pending delivery until `at` without an attempt (delay, reorder). */
    postponeDelivery(id: string, at: number, now: number): void {
      postponeStmt.run(at, now, id)
    },
    deliveryMeta(id: string): { created_at: number; rowid: number; url: string; transaction_id: number | null } | undefined {
      return deliveryMetaStmt.get(id)
    },
    /** When the newest later unattempted delivery of the same transaction to `url` is due, or null. */
    newerOfTransaction(url: string, transactionId: number, rowid: number): number | null {
      return newerOfTransactionStmt.get(url, transactionId, rowid)?.next_attempt_at ?? null
    },
    report(organizationId: string, environment: string, url: string): DoctorReportRow | undefined {
      return reportStmt.get(organizationId, environment, url)
    },
    saveReport(row: DoctorReportRow): void {
      saveReportStmt.run(row)
    },
  }
}
export type FaultsRepo = ReturnType<typeof createFaultsRepo>
