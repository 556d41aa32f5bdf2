import type { TransactionRow } from '../db/rows'
import { settleCharge } from '../ledger/postings'
import { assertTransition } from '../domain/transaction-states'
import { moveMoney } from '../ledger/move-money'
import type { Unit } from '../core/unit'
import { announce } from './result'

/** Moves a completed charge's net from collections pending to available and marks it `settled`. */
export function settleChargeNow(unit: Unit, charge: TransactionRow): TransactionRow {
  const { store, now } = unit
  assertTransition(charge.public_id, charge.status, 'settled')
  const settled = store.transactions.setStatus(charge, 'settled', now, { settle_due_at: null, message: 'Funds settled to the collections account' })
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
