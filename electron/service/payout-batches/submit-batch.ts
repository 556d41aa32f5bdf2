import { formatMinor } from '../../../shared/money'
import { ApiError } from '../../../shared/errors'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import type { EngineUnit } from '../unit'
import { approvalRequired } from './approval'
import { announceBatch } from './finish-batch'

/** Refuses what the payouts float cannot cover, saying by how much it falls short. */
export function assertFloatCovers(unit: EngineUnit, accountId: number, amount: number, fees: number): void {
  const account = unit.store.accounts.get(accountId)!
  if (account.status !== 'active') throw new ApiError('validation_error', `Payouts account ${account.account_no} is ${account.status}.`)
  const needed = amount + fees
  if (account.available >= needed) return
  throw new ApiError('validation_error',
    `The payouts float cannot cover this batch: KES ${formatMinor(needed)} needed (KES ${formatMinor(amount)} + KES ${formatMinor(fees)} fees), ` +
    `KES ${formatMinor(account.available)} available in account ${account.account_no}; short by KES ${formatMinor(needed - account.available)}. Top up the float, then submit again.`)
}

/**
 * Queues the valid rows: the batch runs at once, or waits for `runAt` on the simulated clock
 * (`scheduled`). Also what an approval of a held batch calls.
 */
export function startBatch(unit: EngineUnit, batch: PayoutBatchRecord, runAt: number | null): PayoutBatchRecord {
  unit.store.payoutBatchRows.queueValid(batch.id)
  const later = runAt !== null && runAt > unit.now
  const started = unit.store.payoutBatches.update({ ...batch, status: later ? 'scheduled' : 'running', run_at: later ? runAt : null, submitted_at: batch.submitted_at ?? unit.now }, unit.now)
  announceBatch(unit, started)
  return started
}

/**
 * POST /console/payout-batches/{id}/submit. Only a draft runs; a file uploaded before needs
 * `confirmDuplicate`; the float must cover every valid row's amount + fee now (each row is still checked
 * again when it is paid, like any payout). Then the approval policy decides whether it waits.
 */
export function submitBatch(unit: EngineUnit, batch: PayoutBatchRecord, body: { runAt?: string; confirmDuplicate?: boolean }): PayoutBatchRecord {
  if (batch.status === 'invalid') throw new ApiError('validation_error', `Batch ${batch.public_id} has no valid row: correct the file and upload it again.`)
  if (batch.status !== 'draft') throw new ApiError('conflict', `Batch ${batch.public_id} is ${batch.status}; only a draft batch can be submitted.`)
  if (batch.duplicate_of !== null && body.confirmDuplicate !== true) {
    throw new ApiError('conflict', `This file was already uploaded as batch ${batch.duplicate_of}; submit with confirmDuplicate: true to pay it again.`, 'confirmDuplicate')
  }
  assertFloatCovers(unit, batch.account_id, batch.amount, batch.fees)
  const runAt = body.runAt === undefined ? null : Date.parse(body.runAt)
  if (approvalRequired(unit, batch)) {
    const held = unit.store.payoutBatches.update({ ...batch, status: 'awaiting_approval', run_at: runAt, submitted_at: unit.now }, unit.now)
    announceBatch(unit, held)
    return held
  }
  return startBatch(unit, batch, runAt)
}

/**
 * POST /console/payout-batches/{id}/retry-failed: the failed rows run again, each as a new payout with a
 * reference derived from its own (`-R1`, `-R2`, …); completed rows are never touched.
 */
export function retryFailed(unit: EngineUnit, batch: PayoutBatchRecord): PayoutBatchRecord {
  if (batch.status !== 'completed_with_failures') {
    throw new ApiError('conflict', `Batch ${batch.public_id} is ${batch.status}; failed rows are retried once the batch finished with failures.`)
  }
  const failed = unit.store.payoutBatchProgress.failedTotals(batch.id)
  assertFloatCovers(unit, batch.account_id, failed.amount, failed.fees)
  unit.store.payoutBatchRows.requeueFailed(batch.id)
  const running = unit.store.payoutBatches.update({ ...batch, status: 'running', finished_at: null }, unit.now)
  announceBatch(unit, running)
  return running
}
