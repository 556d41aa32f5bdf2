import type { PayoutBatch, PayoutBatchStatus, PayoutBatchSummary } from '../../../shared/schemas/payout-batches'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import type { PayoutBatchCounts } from '../db/payout-batch-progress-repo'
import type { Store } from '../db/store'
import { toPayoutBatch, toPayoutBatchSummary, type RowLike } from '../views/payout-batch'
import { approvalOf, currentStatus } from './approval'
import { floatOf } from './start-batch'

const NO_PROGRESS: PayoutBatchCounts = { queued: 0, processing: 0, completed: 0, failed: 0 }

/** What the float must still cover: every valid row until the batch runs, the queued rows while it runs, nothing once done. */
function neededOf(store: Store, batch: PayoutBatchRecord, status: PayoutBatchStatus): number {
  switch (status) {
    case 'draft':
    case 'invalid':
    case 'awaiting_approval':
      return batch.amount + batch.fees
    case 'scheduled':
    case 'running':
      return store.payoutBatchProgress.queuedTotal(batch.id)
    case 'completed':
    case 'completed_with_failures':
      return 0
  }
}

/** The batch as it stands at `now` (its approval's status decides whether a held batch still waits). */
function factsOf(store: Store, now: number, batch: PayoutBatchRecord) {
  const account = store.accounts.get(batch.account_id)!
  const approval = approvalOf(store, now, batch)
  const status = currentStatus(batch, approval)
  const float = floatOf({ store }, account)
  return { batch, status, approval, accountNo: account.account_no, floatAvailable: float ?? 0, floatChecked: float !== null, needed: neededOf(store, batch, status) }
}

/** One batch with every row, as GET /console/payout-batches/{id} and the write routes answer it. */
export function batchDetail(store: Store, now: number, batch: PayoutBatchRecord, rows: readonly RowLike[] = store.payoutBatchRows.rows(batch.id)): PayoutBatch {
  return toPayoutBatch(factsOf(store, now, batch), rows)
}

/** A batch in the list: a finished one's counts are kept on it; only scheduled and running ones are counted. */
export function batchSummary(store: Store, now: number, batch: PayoutBatchRecord): PayoutBatchSummary {
  const progress = batch.status === 'scheduled' || batch.status === 'running' ? store.payoutBatchProgress.counts(batch.id)
    : batch.status === 'completed' || batch.status === 'completed_with_failures' ? { ...NO_PROGRESS, completed: batch.completed_rows, failed: batch.failed_rows }
    : NO_PROGRESS
  return toPayoutBatchSummary({ ...factsOf(store, now, batch), progress })
}
