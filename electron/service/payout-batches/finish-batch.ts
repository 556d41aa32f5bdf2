import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import type { Unit } from '../core/unit'

/** Tells the console a batch changed (status, progress): it refetches what it shows. */
export function announceBatch(unit: Unit, batch: PayoutBatchRecord): void {
  unit.emit({ type: 'payoutBatch.changed', environment: batch.environment, batchId: batch.public_id, status: batch.status })
}

/**
 * The one event of a batch that finished, in the unit that finished it (published after its COMMIT):
 * what notifications of a finished batch hook into. Carries the organization and the counts so a
 * listener needs no read of its own.
 */
function batchFinished(unit: Unit, batch: PayoutBatchRecord): void {
  unit.emit({
    type: 'payoutBatch.finished', environment: batch.environment, organizationId: batch.organization_id, batchId: batch.public_id,
    name: batch.name, status: batch.status, completedRows: batch.completed_rows, failedRows: batch.failed_rows,
  })
}

/**
 * A running batch whose rows all reached a final state is `completed`, or `completed_with_failures` when
 * any failed; its counts are kept on the batch. Read again in the unit: a retry may have queued rows since.
 */
export function finishBatch(unit: Unit, batchId: number): PayoutBatchRecord | null {
  const batch = unit.store.payoutBatches.get(batchId)
  if (!batch || batch.status !== 'running') return null
  const counts = unit.store.payoutBatchProgress.counts(batch.id)
  if (counts.queued + counts.processing > 0) return null
  const finished = unit.store.payoutBatches.update({
    ...batch, status: counts.failed > 0 ? 'completed_with_failures' : 'completed', finished_at: unit.now,
    completed_rows: counts.completed, failed_rows: counts.failed,
  }, unit.now)
  announceBatch(unit, finished)
  batchFinished(unit, finished)
  return finished
}
