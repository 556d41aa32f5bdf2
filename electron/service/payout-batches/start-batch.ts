import { formatMinor } from '../../../shared/money'
import { ApiError } from '../../../shared/errors'
import type { Actor } from '../../../shared/schemas/team'
import type { Unit } from '../core/unit'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import { announceBatch } from './finish-batch'

/** Refuses what the payouts float cannot cover, saying by how much it falls short. */
export function assertFloatCovers(unit: Unit, accountId: number, amount: number, fees: number): void {
  const account = unit.store.accounts.get(accountId)!
  const available = floatOf(unit, account)
  // The provider's balance was never read for this account: it cannot be checked here; the provider refuses what it cannot pay.
  if (available === null) return
  if (account.status !== 'active') throw new ApiError('validation_error', `Payouts account ${account.account_no} is ${account.status}.`)
  const needed = amount + fees
  if (available >= needed) return
  throw new ApiError('validation_error',
    `The payouts float cannot cover this batch: KES ${formatMinor(needed)} needed (KES ${formatMinor(amount)} + KES ${formatMinor(fees)} fees), ` +
    `KES ${formatMinor(available)} available in account ${account.account_no}; short by KES ${formatMinor(needed - available)}. Top up the float, then submit again.`)
}

/**
 * The float a batch is checked against: the account's own, or on an environment that sends to the provider,
 * the provider's balance of that account as last mirrored (null when the mirror has none for it).
 */
export function floatOf(unit: Pick<Unit, 'store'>, account: { organization_id: string; environment: 'test' | 'live'; account_no: string; available: number }): number | null {
  const connection = unit.store.upstream.connection(account.organization_id, account.environment)
  if (connection?.mode !== 'operate') return account.available
  const mirrored = (connection.balances ?? []).find((item) => item.accountNo === account.account_no)
  return mirrored ? mirrored.available : null
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
