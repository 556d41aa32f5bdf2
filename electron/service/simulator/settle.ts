import type { PushEvent } from '../../../shared/api/push-events'
import type { TransactionRow } from '../db/rows'
import type { Store } from '../db/store'
import { settleCharge } from '../domain/ledger'
import { assertTransition } from '../domain/transaction-states'
import type { Ids } from '../ids'
import { moveMoney } from '../move-money'

/** Moves a completed charge's net from collections pending to available and marks it `settled`. */
export function settleChargeNow(store: Store, ids: Ids, emit: (event: PushEvent) => void, charge: TransactionRow, now: number): TransactionRow {
  assertTransition(charge.public_id, charge.status, 'settled')
  const settled = store.transactions.setStatus(charge.id, 'settled', now, { settle_due_at: null, message: 'Funds settled to the collections account' })
  moveMoney(store, ids, emit, settled, settleCharge(charge.account_id, charge.amount - charge.fees), now)
  emit({ type: 'transaction.changed', environment: settled.environment, transactionId: settled.public_id, status: 'settled' })
  return settled
}
