import type { TransactionRow } from '../db/rows'
import type { Unit } from '../core/unit'
import { finalizeCharge } from './finalize-charge'
import { finalizePayout } from './finalize-payout'
import { finalizeReversal } from './finalize-reversal'
import { checkedOutcome } from './plan'

/**
 * Gives one transaction its planned final answer if it is due. Call inside the transaction's own SQLite
 * transaction. The row is re-read there: a previous tick, a process that crashed after committing, or a
 * console answer may already have finalized it, and then nothing happens (nothing finalizes twice).
 * Returns the finalized row, or null when there was nothing to do.
 */
export function finalizeIfDue(ctx: Unit, id: number): TransactionRow | null {
  const row = ctx.store.transactions.get(id)
  if (!row || row.status !== 'pending' || row.due_at === null || row.due_at > ctx.now) return null
  const outcome = checkedOutcome(row.outcome)
  if (!outcome || outcome.result === 'never') return null
  switch (row.type) {
    case 'charge':
      return finalizeCharge(ctx, row, outcome)
    case 'transfer':
    case 'payment':
    case 'bank_withdrawal':
      return finalizePayout(ctx, row, outcome)
    case 'reversal':
      return finalizeReversal(ctx, row, outcome)
    default:
      throw new Error(`transaction ${row.public_id} of type ${row.type} has no simulated processor`)
  }
}
