import { formatMinor } from '../../../shared/money'
import { ApiError } from '../../../shared/errors'
import type { Actor } from '../../../shared/schemas/team'
import type { Unit } from '../core/unit'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import { announceBatch } from './finish-batch'

/** Refuses what the payouts float cannot cover, saying by how much it falls short. */
export function assertFloatCovers(unit: Unit, accountId: number, amount: number, fees: number): void {
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
 * (`scheduled`). Its rows' payouts are `runAs`'s console payouts. What a submit the approval policy lets
 * through calls, and what the approval of a held batch calls (approval.ts).
 */
export function startBatch(unit: Unit, batch: PayoutBatchRecord, runAt: number | null, runAs: Actor): PayoutBatchRecord {
  unit.store.payoutBatchRows.queueValid(batch.id)
  const later = runAt !== null && runAt > unit.now
  const started = unit.store.payoutBatches.update({
    ...batch, status: later ? 'scheduled' : 'running', run_at: later ? runAt : null, run_as: runAs, submitted_at: batch.submitted_at ?? unit.now,
  }, unit.now)
  announceBatch(unit, started)
  return started
}
