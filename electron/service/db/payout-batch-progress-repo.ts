import type { Db } from './connection'
import { FINAL_DONE, FINAL_FAILED, PAYOUT_STATUS, ROWS_WITH_PAYOUT, RETRYABLE } from './payout-batch-rows-repo'

export interface PayoutBatchCounts {
  queued: number
  processing: number
  completed: number
  failed: number
}

/** Where a batch's run stands, from its rows and their payouts (migration 018): what the runner and the list read. */
export function createPayoutBatchProgressRepo(db: Db) {
  const failedTotalsStmt = db.prepare<[number], { amount: number; fees: number }>(`SELECT COALESCE(SUM(r.amount), 0) AS amount, COALESCE(SUM(r.fee), 0) AS fees
    FROM ${ROWS_WITH_PAYOUT} WHERE r.batch_id = ? AND ${RETRYABLE}`)
  const queuedTotalStmt = db.prepare<[number], { total: number }>(
    "SELECT COALESCE(SUM(amount + fee), 0) AS total FROM payout_batch_rows WHERE batch_id = ? AND state = 'queued'")
  const countsStmt = db.prepare<[number], PayoutBatchCounts>(`SELECT
      COALESCE(SUM(r.state = 'queued'), 0) AS queued,
      COALESCE(SUM(r.state = 'sent' AND ${PAYOUT_STATUS} NOT IN ${FINAL_DONE} AND ${PAYOUT_STATUS} NOT IN ${FINAL_FAILED}), 0) AS processing,
      COALESCE(SUM(r.state = 'sent' AND ${PAYOUT_STATUS} IN ${FINAL_DONE}), 0) AS completed,
      COALESCE(SUM(r.state = 'refused' OR (r.state = 'sent' AND ${PAYOUT_STATUS} IN ${FINAL_FAILED})), 0) AS failed
    FROM ${ROWS_WITH_PAYOUT} WHERE r.batch_id = ?`)
  const queuedByAccountStmt = db.prepare<[string, string], { account_id: number; total: number }>(`SELECT b.account_id, COALESCE(SUM(r.amount + r.fee), 0) AS total
    FROM payout_batches b JOIN payout_batch_rows r ON r.batch_id = b.id
    WHERE b.organization_id = ? AND b.environment = ? AND b.status IN ('scheduled', 'running') AND r.state = 'queued' GROUP BY b.account_id`)
  const anyQueuedStmt = db.prepare<[number], { n: number }>("SELECT EXISTS (SELECT 1 FROM payout_batch_rows WHERE batch_id = ? AND state = 'queued') AS n")
  // From a line on, the first row whose payout is not final yet: the runner asks on every tick while a
  // batch's payouts finish, each time from the line it found last (final rows stay final), so a batch's
  // rows are walked about once in all, not once per tick.
  const firstRunningStmt = db.prepare<[number, number], { line: number }>(`SELECT r.line FROM ${ROWS_WITH_PAYOUT}
    WHERE r.batch_id = ? AND r.line >= ? AND r.state = 'sent'
      AND ${PAYOUT_STATUS} NOT IN ${FINAL_DONE} AND ${PAYOUT_STATUS} NOT IN ${FINAL_FAILED} ORDER BY r.line LIMIT 1`)
  return {
    /** Amount and fees of the failed rows (what a retry needs from the float). */
    failedTotals(batchId: number): { amount: number; fees: number } {
      return failedTotalsStmt.get(batchId)!
    },
    /** Amount + fees of the rows still queued. */
    queuedTotal(batchId: number): number {
      return queuedTotalStmt.get(batchId)!.total
    },
    /** Per payouts account, amount + fees of the rows scheduled and running batches have still to send. */
    queuedByAccount(organizationId: string, environment: string): Map<number, number> {
      return new Map(queuedByAccountStmt.all(organizationId, environment).map((row) => [row.account_id, row.total]))
    },
    counts(batchId: number): PayoutBatchCounts {
      return countsStmt.get(batchId)!
    },
    anyQueued(batchId: number): boolean {
      return anyQueuedStmt.get(batchId)!.n === 1
    },
    /** The first line from `fromLine` on whose payout is still running, or null when every sent row is final. */
    firstRunningLine(batchId: number, fromLine: number): number | null {
      return firstRunningStmt.get(batchId, fromLine)?.line ?? null
    },
  }
}
export type PayoutBatchProgressRepo = ReturnType<typeof createPayoutBatchProgressRepo>
