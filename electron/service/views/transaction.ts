import type { ReversalLink } from '../../../shared/schemas/console-transactions'
import type { Transaction, TransactionAlt } from '../../../shared/schemas/transaction'
import type { TransactionRow, TransactionViewRow } from '../db/rows'

/** Spec 2.1 main shape. */
export function toTransaction(row: TransactionViewRow): Transaction {
  return {
    publicId: row.public_id,
    merchantTransactionId: row.merchant_transaction_id,
    status: row.status,
    message: row.message,
    amount: row.amount,
    chargedAmount: row.charged_amount,
    currency: row.currency,
    accountType: row.account_type,
    type: row.type,
    paymentMethod: row.payment_method,
    processor: row.processor,
    processorReference: row.processor_reference,
    phoneNumber: row.phone_number,
    narration: row.narration,
    customerId: row.customer_id,
    customer: row.phone_number ? { phoneNumber: row.phone_number, ...(row.customer_id ? { id: row.customer_id } : {}) } : null,
    fees: row.fees,
    metadata: row.metadata,
    subMerchantId: row.sub_merchant_id,
    subMerchantDetails: row.sub_merchant_details,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

const CREDIT_TYPES = new Set(['charge', 'bank_deposit'])
const PAYOUT_TYPES = new Set(['transfer', 'payment', 'bank_withdrawal'])

const DESCRIPTIONS: Record<string, string> = {
  charge: 'Mobile money charge',
  transfer: 'Mobile money disbursement (B2C)',
  payment: 'Business payment (B2B)',
  bank_withdrawal: 'Local bank transfer (INSTANTBANK)',
  bank_deposit: 'Float top-up',
  settlement: 'Collections sweep to payouts',
  reversal: 'Charge reversal',
  airtime: 'Airtime purchase',
}

/** Where the transaction is in its life, in words a support agent reads. */
function stage(row: TransactionRow): string {
  switch (row.status) {
    case 'pending':
      return row.type === 'charge' ? 'awaiting_customer' : 'processing'
    case 'completed':
      return row.type === 'charge' ? 'awaiting_settlement' : 'delivered'
    default:
      return row.status
  }
}

function destination(row: TransactionRow): string | null {
  const counterparty = row.counterparty
  if (counterparty?.kind === 'bank') return `${counterparty.bankCode ?? ''}:${counterparty.accountNumber}`
  if (counterparty) return `${counterparty.kind}:${counterparty.accountNumber}`
  if (row.type === 'charge') return 'collections'
  return row.phone_number
}

/** Spec 2.1 alternative shape: GET /v1/transactions/{id} and webhook `data`. */
export function toTransactionAlt(row: TransactionRow): TransactionAlt {
  return {
    id: row.public_id,
    merchantTransactionId: row.merchant_transaction_id,
    chargedPhone: row.phone_number,
    description: row.narration ?? DESCRIPTIONS[row.type] ?? row.type,
    debitOrCredit: CREDIT_TYPES.has(row.type) ? 'credit' : 'debit',
    destination: destination(row),
    reference: row.merchant_transaction_id,
    externalReference: row.processor_reference,
    invoiceId: null,
    payoutId: PAYOUT_TYPES.has(row.type) ? row.public_id : null,
    stage: stage(row),
    processor: row.processor,
    processorReference: row.processor_reference,
    status: row.status,
    type: row.type,
    paymentMethod: row.payment_method,
    amount: row.amount,
    chargedAmount: row.charged_amount,
    fees: row.fees,
    currency: row.currency,
    narration: row.narration,
    message: row.message,
    metadata: row.metadata,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

/** A charge's reversal as the console shows it beside the charge (shared/schemas/console-transactions.ts). */
export function toReversalLink(row: Pick<TransactionRow, 'public_id' | 'status' | 'created_at' | 'updated_at'>): ReversalLink {
  return { publicId: row.public_id, status: row.status, createdAt: row.created_at, updatedAt: row.updated_at }
}
