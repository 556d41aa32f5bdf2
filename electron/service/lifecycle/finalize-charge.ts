import type { TransactionRow } from '../db/rows'
import { completeCharge } from '../ledger/postings'
import { assertTransition } from '../domain/transaction-states'
import { moveMoney } from '../ledger/move-money'
import { enqueueWebhookEvent } from '../outbox/outbox'
import type { Unit } from '../core/unit'
import type { PlannedOutcome } from './plan'
import { announce, finalFields, systemAccounts, webhookError } from './result'
import { settlementDelayMs } from './simulator-settings'
import { debitWallet } from './customers'

/**
 * A charge gets the customer's answer. Success: the customer's money arrives in collections `pending`
 * net of fees and the settlement is scheduled; failure: nothing moves. Either way the webhook event is
 * written in the same SQLite transaction as the state change.
 */
export function finalizeCharge(ctx: Unit, charge: TransactionRow, planned: PlannedOutcome): TransactionRow {
  const { ids, store, now } = ctx
  const outcome = debitWallet(ctx, charge.phone_number, charge.amount, planned)
  const succeeded = outcome.result === 'success'
  const status = succeeded ? 'completed' : 'failed'
  assertTransition(charge.public_id, charge.status, status)
  const row = store.transactions.setStatus(charge, status, now, {
    ...finalFields(ids, charge, outcome),
    settle_due_at: succeeded ? now + settlementDelayMs(store) : null,
  })
  if (succeeded) {
    const { external, fees } = systemAccounts(store, row)
    moveMoney(ctx, row, completeCharge(row.account_id, external, fees, row.amount, row.fees))
  }
  enqueueWebhookEvent(ctx, {
    organizationId: row.organization_id, environment: row.environment, transaction: row, toRequestUrl: true,
    type: succeeded ? 'transaction.succeeded' : 'transaction.failed',
    ...(succeeded ? {} : { error: webhookError(outcome) }),
  })
  announce(ctx, row)
  return row
}
