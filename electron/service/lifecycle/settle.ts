import type { TransactionRow } from '../db/rows'
import { settleCharge } from '../ledger/postings'
import { assertTransition } from '../domain/transaction-states'
import { moveMoney } from '../ledger/move-money'
import type { Unit } from '../core/unit'
import { announce } from './result'

/** What the timeline says when a charge settles on schedule (or by "Settle all now"). */
export const SETTLED_MESSAGE = 'Funds settled to the collections account'

/**
 * Moves a completed charge's net from collections pending to available and marks it `settled`. `message`
 * says why when it is not the schedule (a reversal settles its charge first).
 */
export function settleChargeNow(unit: Unit, charge: TransactionRow, message = SETTLED_MESSAGE): TransactionRow {
  const { store, now } = unit
  assertTransition(charge.public_id, charge.status, 'settled')
  const settled = store.transactions.setStatus(charge, 'settled', now, { settle_due_at: null, message })
  moveMoney(unit, settled, settleCharge(charge.account_id, charge.amount - charge.fees))
  announce(unit, settled)
  return settled
}

/**
 * Settles one charge if its settlement is due, re-reading it inside the SQLite transaction (a reversal or
 * the console's "settle now" may have settled it already). Returns the settled row or null.
 */
export function settleIfDue(ctx: Unit, id: number): TransactionRow | null {
  const row = ctx.store.transactions.get(id)
  if (!row || row.type !== 'charge' || row.status !== 'completed' || row.settle_due_at === null || row.settle_due_at > ctx.now) return null
  return settleChargeNow(ctx, row)
}
