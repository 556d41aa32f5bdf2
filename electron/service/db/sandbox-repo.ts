import type { Db } from './connection'
import { itemsOfReconciliationsSql } from './reconciliation-items-repo'
import { setAsideIndexes } from './set-aside-indexes'
import { timelineEntryIds } from './timeline-sql'

/** Cached balances from the postings; each sum seeks ledger_postings_account_time (test/service/ledger-indexes.test.ts). */
export const REBALANCE_SQL = `UPDATE accounts SET
      available = COALESCE((SELECT SUM(p.amount) FROM ledger_postings p WHERE p.account_id = accounts.id AND p.bucket = 'available'), 0),
      pending = COALESCE((SELECT SUM(p.amount) FROM ledger_postings p WHERE p.account_id = accounts.id AND p.bucket = 'pending'), 0),
      updated_at = @now
    WHERE organization_id = @org AND environment = @env`

/**
 * Erasing one environment of one organization's sandbox (console "reset"). Only the opening floats that
 * seed/provisioning.ts booked when the organization was created survive, so recomputing every account's
 * buckets from the remaining postings restores the opening balances and keeps guarantee 3 of
 * ledger/postings.ts (buckets = sum of postings) true without inventing new money movements.
 */
export function createSandboxRepo(db: Db) {
  // seed/provisioning.ts books each opening float as a `bank_deposit` narrated 'Opening float' at the
  // organization's creation time; console top-ups use another narration, so this never matches them.
  const doomed = `SELECT t.id FROM transactions t WHERE t.organization_id = @org AND t.environment = @env
    AND NOT (t.type = 'bank_deposit' AND t.narration = 'Opening float' AND t.merchant_transaction_id IS NULL
      AND t.created_at = (SELECT o.created_at FROM organizations o WHERE o.id = @org))`
  const events = "SELECT e.id FROM webhook_events e WHERE e.organization_id = @org AND e.environment = @env"
  const reconciliations = 'SELECT r.id FROM reconciliations r WHERE r.organization_id = @org AND r.environment = @env'
  const reconciliationNumbers = 'SELECT number FROM reconciliations WHERE organization_id = @org AND environment = @env'
  const batches = 'SELECT b.id FROM payout_batches b WHERE b.organization_id = @org AND b.environment = @env'
  const statements = [
    // Bulk payouts name the transactions they made: they go first (a reset also forgets every batch).
    `DELETE FROM payout_batch_rows WHERE batch_id IN (${batches})`,
    // A mirror's bookkeeping names its transactions too (the connection itself stays).
    'DELETE FROM upstream_changes WHERE organization_id = @org AND environment = @env',
    'DELETE FROM upstream_rows WHERE organization_id = @org AND environment = @env',
    'DELETE FROM payout_batches WHERE organization_id = @org AND environment = @env',
    `DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT d.id FROM webhook_deliveries d WHERE d.event_id IN (${events}))`,
    `DELETE FROM webhook_deliveries WHERE event_id IN (${events})`,
    'DELETE FROM webhook_events WHERE organization_id = @org AND environment = @env',
    `DELETE FROM ledger_postings WHERE event_id IN (${timelineEntryIds(doomed)})`,
    `DELETE FROM transaction_events WHERE id IN (${timelineEntryIds(doomed)})`,
    'DELETE FROM idempotency_keys WHERE organization_id = @org AND environment = @env',
    // The back office's records of the erased sandbox (its rules and remembered mappings stay, like settings).
    `DELETE FROM reconciliation_items WHERE id IN (${itemsOfReconciliationsSql(reconciliationNumbers)})`,
    `DELETE FROM reconciliation_matches WHERE reconciliation_id IN (${reconciliations})`,
    'DELETE FROM reconciliations WHERE organization_id = @org AND environment = @env',
    'DELETE FROM notifications WHERE organization_id = @org AND environment = @env',
    'DELETE FROM notification_marks WHERE organization_id = @org AND environment = @env',
  ].map((sql) => db.prepare(sql))
  const everyRow = 'SELECT t.id FROM transactions t WHERE t.organization_id = @org AND t.environment = @env'
  const openingFloatStatements = [
    `DELETE FROM ledger_postings WHERE event_id IN (${timelineEntryIds(everyRow)})`,
    `DELETE FROM transaction_events WHERE id IN (${timelineEntryIds(everyRow)})`,
    'DELETE FROM transactions WHERE organization_id = @org AND environment = @env',
  ].map((sql) => db.prepare(sql))
  const countStmt = db.prepare<{ org: string; env: string }, { n: number }>(`SELECT COUNT(*) AS n FROM (${doomed})`)
  const totalStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM transactions')
  const deleteTransactionsStmt = db.prepare(`DELETE FROM transactions WHERE id IN (${doomed})`)
  const rebalanceStmt = db.prepare(REBALANCE_SQL)
  return {
    /** Deletes the environment's sandbox data and rebalances its accounts; returns how many transactions went. Call inside a transaction. */
    purge(organizationId: string, environment: string, now: number): number {
      const scope = { org: organizationId, env: environment }
      const removed = countStmt.get(scope)!.n
      for (const statement of statements) statement.run(scope)
      // Erasing most of the table (a big QA sandbox is often most of the file): each row deleted would remove
      // about a dozen index entries; building the indexes again for the rows left costs less. A reset of 200,000 of
      // 200,000 transactions: 11.8 s -> 6.1 s, the transactions' DELETE ~6 s -> 1.75 s plus 75 ms to rebuild
      // (the rest: postings and timelines). The DELETE then finds its rows by one scan instead of transactions_list.
      const rebuild = removed * 2 > totalStmt.get()!.n ? setAsideIndexes(db, ['transactions']) : null
      deleteTransactionsStmt.run(scope)
      rebuild?.()
      rebalanceStmt.run({ ...scope, now })
      return removed
    },
    /**
     * Also erases the opening floats (after `purge`): an environment that mirrors a provider account holds only
     * the provider's rows, and its accounts' own buckets go to zero with their postings (guarantee 3 holds).
     */
    purgeOpeningFloats(organizationId: string, environment: string, now: number): void {
      const scope = { org: organizationId, env: environment }
      for (const statement of openingFloatStatements) statement.run(scope)
      rebalanceStmt.run({ ...scope, now })
    },
  }
}
export type SandboxRepo = ReturnType<typeof createSandboxRepo>
