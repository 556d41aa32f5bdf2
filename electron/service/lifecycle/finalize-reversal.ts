import type { TransactionRow } from '../db/rows'
import { completeReversal, releaseReversal } from '../ledger/postings'
import { assertTransition } from '../domain/transaction-states'
import { toTransactionAlt } from '../views/transaction'
import { moveMoney } from '../ledger/move-money'
import { enqueueWebhookEvent } from '../outbox/outbox'
import type { Unit } from '../core/unit'
import type { PlannedOutcome } from './plan'
import { creditWallet } from './customers'
import { announce, finalFields, systemAccounts, webhookError } from './result'

/**
 * A reversal gets the processor's answer. The charge's net was reserved out of collections `available` at
 * acceptance (operations/mobile-reverse.ts). Success: the customer gets the full amount back, the
 * reservation and the refunded fee pay for it, and the charge's owner hears `transaction.reversed`.
 * Failure: the reservation returns to `available` and the reversal fails with `transaction.failed`.
 */
export function finalizeReversal(ctx: Unit, reversal: TransactionRow, outcome: PlannedOutcome): TransactionRow {
  const { ids, store, now } = ctx
  const charge = reversal.related_id === null ? undefined : store.transactions.get(reversal.related_id)
  if (!charge) throw new Error(`reversal ${reversal.public_id} has no related charge`)
  const succeeded = outcome.result === 'success'
  const status = succeeded ? 'completed' : 'failed'
  assertTransition(reversal.public_id, reversal.status, status)
  const row = store.transactions.setStatus(reversal, status, now, finalFields(ids, reversal, outcome))
  const { external, fees } = systemAccounts(store, row)
  const postings = succeeded
    ? completeReversal(row.account_id, external, fees, charge.amount, charge.fees)
    : releaseReversal(row.account_id, charge.amount - charge.fees)
  moveMoney(ctx, row, postings)
  if (succeeded) creditWallet(ctx, charge.phone_number, charge.amount)
  if (succeeded) {
    // The event is about the charge (its data is the charge), sent to the URL the reversal request named
    // (which defaults to the charge's own webhookUrl).
    enqueueWebhookEvent(ctx, {
      organizationId: row.organization_id, environment: row.environment, type: 'transaction.reversed', toRequestUrl: true,
      transaction: { ...charge, webhook_url: row.webhook_url },
      data: { ...toTransactionAlt(charge), reversalId: row.public_id, reversalProcessorReference: row.processor_reference },
    })
  } else {
    enqueueWebhookEvent(ctx, {
      organizationId: row.organization_id, environment: row.environment, type: 'transaction.failed', toRequestUrl: true,
      transaction: row, error: webhookError(outcome),
    })
  }
  announce(ctx, row)
  return row
}
