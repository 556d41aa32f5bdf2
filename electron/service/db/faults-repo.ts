import { ApiFaultsSchema, DoctorReportSchema, WebhookFaultsSchema, type ApiFaults, type DoctorReport, type WebhookFaults } from '../../../shared/schemas/faults'
import type { Db } from './connection'
import type { TableWatch } from './cache/table-watch'

interface RuleBase {
  organization_id: string
  environment: string
  /** A webhook URL, or an API scope (`money` or a public route id). */
  target: string
  updated_at: number
}
/** A fault rule, its configuration decoded (stored as JSON text). */
export type FaultRuleRow = RuleBase & ({ kind: 'webhook'; config: WebhookFaults } | { kind: 'api'; config: ApiFaults })
type StoredRuleRow = RuleBase & { kind: FaultRuleRow['kind']; config: string }

export interface DoctorReportRow {
  organization_id: string
  environment: string
  url: string
  report: DoctorReport
  created_at: number
}
type StoredReportRow = Omit<DoctorReportRow, 'report'> & { report: string }

/** A stored rule -> its record; the schema of its kind checks the configuration (the table may be older than this code). */
function decodeRule(row: StoredRuleRow): FaultRuleRow {
  return row.kind === 'webhook'
    ? { ...row, kind: 'webhook', config: WebhookFaultsSchema.parse(JSON.parse(row.config)) }
    : { ...row, kind: 'api', config: ApiFaultsSchema.parse(JSON.parse(row.config)) }
}

/** Every statement of the repository, prepared once. */
function statements(db: Db) {
  return {
    rules: db.prepare<[string, string], StoredRuleRow>('SELECT * FROM fault_rules WHERE organization_id = ? AND environment = ? ORDER BY kind, target'),
    rule: db.prepare<[string, string, string, string], StoredRuleRow>(
      'SELECT * FROM fault_rules WHERE organization_id = ? AND environment = ? AND kind = ? AND target = ?',
    ),
    any: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM fault_rules'),
    upsert: db.prepare(`INSERT INTO fault_rules (organization_id, environment, kind, target, config, updated_at)
    VALUES (@organization_id, @environment, @kind, @target, @config, @updated_at)
    ON CONFLICT(organization_id, environment, kind, target) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`),
    delete: db.prepare('DELETE FROM fault_rules WHERE organization_id = ? AND environment = ? AND kind = ? AND target = ?'),
    deleteAll: db.prepare('DELETE FROM fault_rules WHERE organization_id = ? AND environment = ?'),
    postpone: db.prepare("UPDATE webhook_deliveries SET next_attempt_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'"),
    deliveryMeta: db.prepare<[string], { created_at: number; rowid: number; url: string; transaction_id: number | null }>(
      `SELECT d.created_at, d.rowid, d.url, e.transaction_id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.id = ?`,
    ),
    // A later, not yet attempted delivery to the same URL of an event about the same transaction: reorder sends it first.
    newerOfTransaction: db.prepare<[string, number, number], { next_attempt_at: number }>(
      `SELECT d.next_attempt_at FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
     WHERE d.url = ? AND e.transaction_id = ? AND d.rowid > ? AND d.status = 'pending' AND d.attempt_count = 0
     ORDER BY d.next_attempt_at DESC LIMIT 1`,
    ),
    report: db.prepare<[string, string, string], StoredReportRow>('SELECT * FROM doctor_reports WHERE organization_id = ? AND environment = ? AND url = ?'),
    saveReport: db.prepare(`INSERT INTO doctor_reports (organization_id, environment, url, report, created_at)
    VALUES (@organization_id, @environment, @url, @report, @created_at)
    ON CONFLICT(organization_id, environment, url) DO UPDATE SET report = excluded.report, created_at = excluded.created_at`),
  }
}
type Statements = ReturnType<typeof statements>

/** The fault lab's rules. */
function ruleMethods(db: Db, watch: TableWatch, stmt: Statements) {
  /**
   * Whether the committed table has any rule, remembered: every public request and every webhook attempt
   * asks, mostly outside a transaction, and each question was a read transaction of its own. Forgotten
   * when the table watch's stamp moves (any insert or delete of a rule through this connection, whatever
   * code ran it: db/table-watch.ts); an answer read inside a transaction is never remembered, since it may
   * see rows a rollback takes back.
   */
  const ruleChanges = watch.changes([{ table: 'fault_rules', columns: [] }])
  let anyCommitted: { stamp: number; any: boolean } | undefined
  return {
    rules(organizationId: string, environment: string): FaultRuleRow[] {
      return stmt.rules.all(organizationId, environment).map(decodeRule)
    },
    /** The webhook faults switched on for `url`, or null. */
    webhookRule(organizationId: string, environment: string, url: string): WebhookFaults | null {
      const row = stmt.rule.get(organizationId, environment, 'webhook', url)
      return row ? WebhookFaultsSchema.parse(JSON.parse(row.config)) : null
    },
    /** The API faults of a scope (`money` or a route id), or null. */
    apiRule(organizationId: string, environment: string, target: string): ApiFaults | null {
      const row = stmt.rule.get(organizationId, environment, 'api', target)
      return row ? ApiFaultsSchema.parse(JSON.parse(row.config)) : null
    },
    /** Whether any rule exists at all (a cheap check the hot paths make before looking further). */
    anyRule(): boolean {
      const stamp = ruleChanges()
      if (anyCommitted?.stamp === stamp) return anyCommitted.any
      const any = stmt.any.get()!.n > 0
      if (!db.inTransaction) anyCommitted = { stamp, any }
      return any
    },
    saveRule(row: FaultRuleRow): void {
      stmt.upsert.run({ ...row, config: JSON.stringify(row.config) })
    },
    deleteRule(organizationId: string, environment: string, kind: FaultRuleRow['kind'], target: string): boolean {
      return stmt.delete.run(organizationId, environment, kind, target).changes > 0
    },
    deleteAll(organizationId: string, environment: string): number {
      return stmt.deleteAll.run(organizationId, environment).changes
    },
  }
}

/** The dispatcher's hold of a delivery, and the doctor's last reports. */
function deliveryAndReportMethods(stmt: Statements) {
  return {
    /** Holds a pending delivery until `at` without an attempt (delay, reorder). */
    postponeDelivery(id: string, at: number, now: number): void {
      stmt.postpone.run(at, now, id)
    },
    deliveryMeta(id: string): { created_at: number; rowid: number; url: string; transaction_id: number | null } | undefined {
      return stmt.deliveryMeta.get(id)
    },
    /** When the newest later unattempted delivery of the same transaction to `url` is due, or null. */
    newerOfTransaction(url: string, transactionId: number, rowid: number): number | null {
      return stmt.newerOfTransaction.get(url, transactionId, rowid)?.next_attempt_at ?? null
    },
    report(organizationId: string, environment: string, url: string): DoctorReport | null {
      const row = stmt.report.get(organizationId, environment, url)
      return row ? DoctorReportSchema.parse(JSON.parse(row.report)) : null
    },
    saveReport(row: DoctorReportRow): void {
      stmt.saveReport.run({ ...row, report: JSON.stringify(row.report) })
    },
  }
}

/** Fault lab rules, the dispatcher's hold (postpone) of a delivery, and the doctor's last reports. */
export function createFaultsRepo(db: Db, watch: TableWatch) {
  const stmt = statements(db)
  return { ...ruleMethods(db, watch, stmt), ...deliveryAndReportMethods(stmt) }
}
export type FaultsRepo = ReturnType<typeof createFaultsRepo>
