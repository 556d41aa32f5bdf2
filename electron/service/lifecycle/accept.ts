import type { ForceStatus, Metadata, SubMerchantDetails } from '../../../shared/schemas/common'
import type { Counterparty, TransactionRow } from '../db/rows'
import type { AccountIdentity } from '../db/accounts-repo'
import { newTransaction } from '../db/new-transaction'
import type { NewTransaction } from '../db/transactions-repo'
import { reservePayout } from '../ledger/postings'
import type { Scope } from '../core/principal'
import type { Unit } from '../core/unit'
import { moveMoney } from '../ledger/move-money'
import { enqueueWebhookEvent } from '../outbox/outbox'
import { isAwaitingPrompt } from './prompts'
import { announce } from './result'
import { planAcceptance } from './plan-acceptance'
import type { TimedKind } from './plan'

export interface Acceptance {
  type: 'charge' | 'transfer' | 'payment' | 'bank_withdrawal' | 'reversal'
  timedKind: TimedKind
  /** The account booked on; a payout reads its balances afresh (acceptPayout). */
  account: AccountIdentity
  amount: number
  fees: number
  merchantTransactionId: string | null
  phoneNumber: string | null
  narration?: string
  webhookUrl?: string
  metadata?: Metadata
  customerId?: string
  subMerchantId?: string
  shortcode?: string
  counterparty?: Counterparty
  forceStatus?: ForceStatus
  relatedId?: number
}

const PENDING_MESSAGES: Record<Acceptance['type'], string> = {
  charge: 'Push prompt sent to the customer',
  transfer: 'Disbursement accepted for processing',
  payment: 'Business payment accepted for processing',
  bank_withdrawal: 'Bank transfer accepted for processing',
  reversal: 'Reversal accepted for processing',
}

function newRow(unit: Unit, scope: Scope, a: Acceptance, status: 'pending' | 'rejected', message: string): NewTransaction {
  const plan = planAcceptance(unit, a)
  const subMerchantDetails = a.metadata?.['subMerchantDetails']
  const isBank = a.type === 'bank_withdrawal'
  return newTransaction({
    public_id: unit.ids.transaction(), organization_id: scope.organizationId, environment: scope.environment,
    type: a.type, status, account_id: a.account.id, account_type: a.account.kind === 'payouts' ? 'payouts' : 'collections',
    merchant_transaction_id: a.merchantTransactionId, amount: a.amount, charged_amount: a.type === 'charge' ? a.amount : a.amount + a.fees,
    fees: a.fees, payment_method: isBank ? 'bank' : 'mobile_money', phone_number: a.phoneNumber, narration: a.narration ?? null, message,
    customer_id: a.customerId ?? null, metadata: a.metadata ?? null, sub_merchant_id: a.subMerchantId ?? null,
    sub_merchant_details: subMerchantDetails ? (subMerchantDetails as SubMerchantDetails) : null, shortcode: a.shortcode ?? a.account.shortcode,
    webhook_url: a.webhookUrl ?? null, counterparty: a.counterparty ?? null, related_id: a.relatedId ?? null,
    outcome: status === 'pending' ? plan.outcome : null, due_at: status === 'pending' ? plan.dueAt : null, created_at: unit.now,
  })
}

/** Records an accepted transaction as `pending` with the simulator's planned outcome and due time. */
export function acceptPending(unit: Unit, scope: Scope, a: Acceptance): TransactionRow {
  const row = unit.store.transactions.insert(newRow(unit, scope, a, 'pending', PENDING_MESSAGES[a.type]))
  announce(unit, row)
  if (isAwaitingPrompt(row)) {
    unit.emit({ type: 'prompt.pending', environment: row.environment, transactionId: row.public_id })
  }
  return row
}

/** Records a refusal at creation: `rejected`, final, with event transaction.creation_failed. The POST still answers 202. */
export function acceptRejected(unit: Unit, scope: Scope, a: Acceptance, code: string, message: string): TransactionRow {
  const row = unit.store.transactions.insert({ ...newRow(unit, scope, a, 'rejected', message), result_code: code })
  enqueueWebhookEvent(unit, {
    organizationId: row.organization_id, environment: row.environment, type: 'transaction.creation_failed',
    transaction: row, error: { code, message }, toRequestUrl: true,
  })
  announce(unit, row)
  return row
}

/**
 * A payout (b2c, b2b, bank transfer): reserve amount + fees from the payouts float, or reject when the
 * float cannot cover it.
 */
export function acceptPayout(unit: Unit, scope: Scope, a: Acceptance): TransactionRow {
  const account = unit.store.accounts.get(a.account.id)!
  if (account.available < a.amount + a.fees) {
    return acceptRejected(unit, scope, a, 'insufficient_float', `Insufficient balance in payouts account ${account.account_no} for amount plus fees.`)
  }
  const row = acceptPending(unit, scope, a)
  moveMoney(unit, row, reservePayout(account.id, a.amount, a.fees))
  return row
}

export function accepted(row: TransactionRow) {
  return { merchantTransactionId: row.merchant_transaction_id, transactionId: row.public_id }
}
