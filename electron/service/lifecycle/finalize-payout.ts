import type { TransactionRow } from '../db/rows'
import { completePayout, releasePayout } from '../ledger/postings'
import { assertTransition } from '../domain/transaction-states'
import { moveMoney } from '../ledger/move-money'
import { enqueueWebhookEvent } from '../outbox/outbox'
import type { Unit } from '../core/unit'
import type { PlannedOutcome } from './plan'
import { creditWallet } from './customers'
import { announce, finalFields, systemAccounts, webhookError } from './result'

/**
 * A payout (b2c `transfer`, b2b `payment`, `bank_withdrawal`) gets the processor's answer. Its amount +
 * fees were reserved in payouts `pending` at acceptance: success consumes the reservation (recipient gets
 * the amount, the provider the fee); failure releases it back to `available`.
 */
export function finalizePayout(ctx: Unit, payout: TransactionRow, outcome: PlannedOutcome): TransactionRow {
  const { ids, store, now } = ctx
  const succeeded = outcome.result === 'success'
  const status = succeeded ? 'completed' : 'failed'
  assertTransition(payout.public_id, payout.status, status)
  const row = store.transactions.setStatus(payout, status, now, finalFields(ids, payout, outcome))
  const { external, fees } = systemAccounts(store, row)
  const postings = succeeded
    ? completePayout(row.account_id, external, fees, row.amount, row.fees)
    : releasePayout(row.account_id, row.amount, row.fees)
  moveMoney(ctx, row, postings)
  if (succeeded && row.type === 'transfer') creditWallet(ctx, row.phone_number, row.amount)
  enqueueWebhookEvent(ctx, {
    organizationId: row.organization_id, environment: row.environment, transaction: row, toRequestUrl: true,
    type: succeeded ? 'payout.succeeded' : 'payout.failed',
    ...(succeeded ? {} : { error: webhookError(outcome) }),
  })
  announce(ctx, row)
  return row
}
