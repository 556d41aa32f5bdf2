import type { PushEvent } from '../../../shared/api/push-events'
import type { TransactionRow } from '../db/rows'
import type { Store } from '../db/store'
import { settleCharge } from '../domain/ledger'
import { assertTransition } from '../domain/transaction-states'
import type { Ids } from '../ids'
import { moveMoney } from '../move-money'
import type { SimulatorContext } from './context'
import { announce } from './result'

/** Moves a completed charge's net from collections pending to available and marks it `settled`. */
export function settleChargeNow(store: Store, ids: Ids, emit: (event: PushEvent) => void, charge: TransactionRow, now: number): TransactionRow {
  assertTransition(charge.public_id, charge.status, 'settled')
  const settled = store.transactions.setStatus(charge.id, 'settled', now, { settle_due_at: null, message: 'Funds settled to the collections account' })
  moveMoney(store, ids, emit, settled, settleCharge(charge.account_id, charge.amount - charge.fees), now)
  announce(emit, settled)
  return settled
}

/**
 * Settles one charge if its settlement is due, re-reading it inside the SQLite transaction (a reversal or
 * the console's "settle now" may have settled it already). Returns the settled row or null.
 */
export function settleIfDue(ctx: SimulatorContext, id: number): TransactionRow | null {
  const row = ctx.store.transactions.get(id)
  if (!row || row.type !== 'charge' || row.status !== 'completed' || row.settle_due_at === null || row.settle_due_at > ctx.now) return null
  return settleChargeNow(ctx.store, ctx.engine.ids, ctx.emit, row, ctx.now)
}
