import { ApiError } from '../../../shared/errors'
import type { Principal } from '../core/principal'
import type { Unit } from '../core/unit'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import { approvalOf, currentStatus, holdBatch } from './approval'
import { announceBatch } from './finish-batch'
import { assertFloatCovers, startBatch } from './start-batch'

/**
 * POST /console/payout-batches/{id}/submit. Only a draft runs; a file uploaded before needs
 * `confirmDuplicate`; the float must cover every valid row's amount + fee now (each row is still checked
 * again when it is paid, like any payout). Then the team's approval policy decides whether it waits
 * (approval.ts); otherwise it starts, its rows' payouts the caller's.
 */
export function submitBatch(unit: Unit, principal: Principal, batch: PayoutBatchRecord, body: { runAt?: string; confirmDuplicate?: boolean }): PayoutBatchRecord {
  const status = currentStatus(batch, approvalOf(unit.store, unit.now, batch))
  if (status === 'invalid') throw new ApiError('validation_error', `Batch ${batch.public_id} has no valid row: correct the file and upload it again.`)
  if (status !== 'draft') throw new ApiError('conflict', `Batch ${batch.public_id} is ${status}; only a draft batch can be submitted.`)
  if (batch.duplicate_of !== null && body.confirmDuplicate !== true) {
    throw new ApiError('conflict', `This file was already uploaded as batch ${batch.duplicate_of}; submit with confirmDuplicate: true to pay it again.`, 'confirmDuplicate')
  }
  assertFloatCovers(unit, batch.account_id, batch.amount, batch.fees)
  const runAt = body.runAt === undefined ? null : Date.parse(body.runAt)
  // A batch submitted again after its approval was turned down starts afresh: a new approval, or none.
  const draft: PayoutBatchRecord = { ...batch, approval_id: null }
  return holdBatch(unit, principal, draft, runAt) ?? startBatch(unit, draft, runAt, principal.actor)
}

/**
 * POST /console/payout-batches/{id}/retry-failed: the failed rows run again, each as a new payout with a
 * reference derived from its own (`-R1`, `-R2`, …), as the caller's payouts; completed rows are never
 * touched. Not held for approval again: the batch's approval (or the policy's pass) covered every row,
 * and a retry never pays more than the rows that did not complete.
 */
export function retryFailed(unit: Unit, principal: Principal, batch: PayoutBatchRecord): PayoutBatchRecord {
  if (batch.status !== 'completed_with_failures') {
    throw new ApiError('conflict', `Batch ${batch.public_id} is ${batch.status}; failed rows are retried once the batch finished with failures.`)
  }
  const failed = unit.store.payoutBatchProgress.failedTotals(batch.id)
  assertFloatCovers(unit, batch.account_id, failed.amount, failed.fees)
  unit.store.payoutBatchRows.requeueFailed(batch.id)
  const running = unit.store.payoutBatches.update({ ...batch, status: 'running', run_as: principal.actor, finished_at: null }, unit.now)
  announceBatch(unit, running)
  return running
}
