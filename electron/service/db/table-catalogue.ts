import { SETTINGS } from './settings-registry'
import { itemsOfReconciliationsSql } from './reconciliation-items-repo'
import { timelineEntryIds } from './timeline-sql'

/**
 * Every table of the schema, classified once for the two operations that touch "all the data":
 *
 * - `snapshot`: `state` tables are the sandbox (a snapshot saves them, a restore replaces them);
 *   `kept` tables survive a restore untouched (logs of what happened, which a rewind must not erase);
 *   `derived` tables are kept in step with a state table by SQLite triggers (the narration word index),
 *   so a restore neither copies nor clears them: replacing the state table's rows updates them.
 * - `organization`: how deleting one organization (a per-worker sandbox) clears the table, as SQL with
 *   `@org`; or `null` when the table holds no organization's data, or is derived, or keeps an
 *   organization's rows on purpose (`organizationRowsKept` says why: the append-only audit log).
 *
 * The order is the delete order: children before the rows they reference. A restore inserts in reverse.
 * test/unit/table-catalogue.test.ts fails when a table of the schema is missing here (or listed but gone),
 * and when a table holding organization data (an `organization_id` column, or a foreign key into such a
 * table) has no delete statement. When you add a table, add it here and decide both. A `kept` table must
 * not have a foreign key into a `state` table (a restore would leave it pointing at rows that are gone).
 */
export interface TableClass {
  snapshot: 'state' | 'kept' | 'derived'
  organization: string | null
  /** Why an organization's rows stay when it is deleted (only for a table that may never lose rows). */
  organizationRowsKept?: string
}

/** The narration word index (migration 005): FTS5 and its shadow tables, maintained by triggers on transactions. */
const NARRATION_INDEX: TableClass = { snapshot: 'derived', organization: null }

const EVENTS = 'SELECT id FROM webhook_events WHERE organization_id = @org'
const DELIVERIES = `SELECT id FROM webhook_deliveries WHERE event_id IN (${EVENTS})`
const TRANSACTIONS = 'SELECT id FROM transactions WHERE organization_id = @org'
const RECONCILIATIONS = 'SELECT id FROM reconciliations WHERE organization_id = @org'
const RECONCILIATION_NUMBERS = 'SELECT number FROM reconciliations WHERE organization_id = @org'

export const TABLES: Record<string, TableClass> = {
  // A connected provider account (migration 025): its mirror's bookkeeping goes with its organization.
  upstream_changes: { snapshot: 'state', organization: 'DELETE FROM upstream_changes WHERE organization_id = @org' },
  upstream_rows: { snapshot: 'state', organization: 'DELETE FROM upstream_rows WHERE organization_id = @org' },
  upstream_connections: { snapshot: 'state', organization: 'DELETE FROM upstream_connections WHERE organization_id = @org' },
  // Logs: what happened stays through a restore. The request log of a deleted sandbox goes with it; the
  // audit log refuses deletes (SQLite triggers), and its record of the deletion names the organization.
  // The team belongs to this Paydesk, not to a sandbox: a restore or a sandbox deletion never signs anyone out.
  user_sessions: { snapshot: 'kept', organization: null },
  users: { snapshot: 'kept', organization: null },
  approvals: { snapshot: 'state', organization: 'DELETE FROM approvals WHERE organization_id = @org' },
  approval_rules: { snapshot: 'state', organization: 'DELETE FROM approval_rules WHERE organization_id = @org' },
  api_requests: { snapshot: 'kept', organization: 'DELETE FROM api_requests WHERE organization_id = @org' },
  // Requests sent to the real provider (migration 027): what left for real is never rewound by a restore.
  upstream_outbox_attempts: { snapshot: 'kept', organization: 'DELETE FROM upstream_outbox_attempts WHERE outbox_id IN (SELECT id FROM upstream_outbox WHERE organization_id = @org)' },
  upstream_outbox: { snapshot: 'kept', organization: 'DELETE FROM upstream_outbox WHERE organization_id = @org' },
  audit_log: { snapshot: 'kept', organization: null, organizationRowsKept: 'append-only: the audit log is never edited or deleted' },
  doctor_reports: { snapshot: 'state', organization: 'DELETE FROM doctor_reports WHERE organization_id = @org' },
  fault_rules: { snapshot: 'state', organization: 'DELETE FROM fault_rules WHERE organization_id = @org' },
  // The back office (migration 019): sandbox data of its organization, restored and deleted with it.
  reconciliation_items: { snapshot: 'state', organization: `DELETE FROM reconciliation_items WHERE id IN (${itemsOfReconciliationsSql(RECONCILIATION_NUMBERS)})` },
  reconciliation_matches: { snapshot: 'state', organization: `DELETE FROM reconciliation_matches WHERE reconciliation_id IN (${RECONCILIATIONS})` },
  reconciliations: { snapshot: 'state', organization: 'DELETE FROM reconciliations WHERE organization_id = @org' },
  reconciliation_mappings: { snapshot: 'state', organization: 'DELETE FROM reconciliation_mappings WHERE organization_id = @org' },
  notifications: { snapshot: 'state', organization: 'DELETE FROM notifications WHERE organization_id = @org' },
  notification_marks: { snapshot: 'state', organization: 'DELETE FROM notification_marks WHERE organization_id = @org' },
  notification_rules: { snapshot: 'state', organization: 'DELETE FROM notification_rules WHERE organization_id = @org' },
  webhook_attempts: { snapshot: 'state', organization: `DELETE FROM webhook_attempts WHERE delivery_id IN (${DELIVERIES})` },
  webhook_deliveries: { snapshot: 'state', organization: `DELETE FROM webhook_deliveries WHERE event_id IN (${EVENTS})` },
  webhook_events: { snapshot: 'state', organization: 'DELETE FROM webhook_events WHERE organization_id = @org' },
  webhook_endpoints: { snapshot: 'state', organization: 'DELETE FROM webhook_endpoints WHERE organization_id = @org' },
  // Bulk payouts: a batch's rows name the payouts they made, so they go before the transactions.
  payout_batch_rows: { snapshot: 'state', organization: 'DELETE FROM payout_batch_rows WHERE batch_id IN (SELECT id FROM payout_batches WHERE organization_id = @org)' },
  payout_batches: { snapshot: 'state', organization: 'DELETE FROM payout_batches WHERE organization_id = @org' },
  ledger_postings: { snapshot: 'state', organization: `DELETE FROM ledger_postings WHERE event_id IN (${timelineEntryIds(TRANSACTIONS)})` },
  transaction_events: { snapshot: 'state', organization: `DELETE FROM transaction_events WHERE id IN (${timelineEntryIds(TRANSACTIONS)})` },
  idempotency_keys: { snapshot: 'state', organization: 'DELETE FROM idempotency_keys WHERE organization_id = @org' },
  transactions: { snapshot: 'state', organization: 'DELETE FROM transactions WHERE organization_id = @org' },
  accounts: { snapshot: 'state', organization: 'DELETE FROM accounts WHERE organization_id = @org' },
  shortcodes: { snapshot: 'state', organization: 'DELETE FROM shortcodes WHERE organization_id = @org' },
  api_keys: { snapshot: 'state', organization: 'DELETE FROM api_keys WHERE organization_id = @org' },
  organizations: { snapshot: 'state', organization: 'DELETE FROM organizations WHERE id = @org' },
  bank_codes: { snapshot: 'state', organization: null },
  settings: { snapshot: 'state', organization: null },
  // Simulated customers are one registry for every organization (docs/simulator.md).
  customers: { snapshot: 'state', organization: null },
  transactions_fts: NARRATION_INDEX,
  transactions_fts_config: NARRATION_INDEX,
  transactions_fts_data: NARRATION_INDEX,
  transactions_fts_docsize: NARRATION_INDEX,
  transactions_fts_idx: NARRATION_INDEX,
}

/**
 * Settings rows a restore keeps as they are: the console token (the running hosts and their users hold
 * it), the team's sign-in and approval settings (how this Paydesk is run, not sandbox data) and the simulated clock's offset (simulated time never runs backwards: webhook signatures carry it,
 * and receivers check it against their own clock), and a seeded run's clock and id streams (reproducible.ts
 * keeps them in memory; the rows must agree, and a seeded clock never runs backwards either).
 */
export const KEPT_SETTINGS: readonly string[] = [SETTINGS.consoleToken.key, SETTINGS.teamRequireSignIn.key, SETTINGS.approvalExpiryHours.key, SETTINGS.clockOffsetMs.key, SETTINGS.seededNow.key, SETTINGS.seedGeneration.key]

/**
 * State tables whose rows of now a restore carries over instead of the snapshot's, for the organizations
 * that still exist after it: the team's approval policy and its approvals (what its people asked and
 * decided). A snapshot is the sandbox's data; rewinding it must never lift the policy or un-decide a request.
 */
export const CARRIED_TABLES: readonly string[] = ['approval_rules', 'approvals']

/**
 * Columns holding the due time of pending work (simulator timers, webhook retries). A restore moves them
 * forward by the time since the snapshot was taken, so each comes due after the delay it had left then.
 */
export const TIMER_COLUMNS: readonly { table: string; column: string; where?: string }[] = [
  { table: 'transactions', column: 'due_at' },
  { table: 'transactions', column: 'settle_due_at' },
  { table: 'webhook_deliveries', column: 'next_attempt_at', where: "status = 'pending'" },
  { table: 'payout_batches', column: 'run_at', where: "status = 'scheduled'" },
]

/** Tables of the schema, without SQLite's own. */
export function schemaTables(db: { prepare(sql: string): { all(): unknown[] } }, schema = 'main'): string[] {
  const rows = db.prepare(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as { name: string }[]
  return rows.map((row) => row.name)
}
