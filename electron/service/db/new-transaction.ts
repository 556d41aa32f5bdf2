import { CURRENCY } from '../../../shared/money'
import type { NewTransaction } from './rows'

/** What every new transaction names itself; every other column has a default below. */
type Named = 'public_id' | 'organization_id' | 'environment' | 'type' | 'status' | 'account_id' | 'account_type' | 'amount' | 'created_at'

/**
 * The one place a transaction row is put together (acceptance, console top-ups and sweeps, seeded history),
 * so a new column gets its default once. Defaults: no references, no customer, no fees, KES, mobile money
 * through the mobile processor (bank: the partner bank), nothing planned, `updated_at` = `created_at`.
 */
export function newTransaction(fields: Pick<NewTransaction, Named> & Partial<NewTransaction>): NewTransaction {
  const paymentMethod = fields.payment_method ?? 'mobile_money'
  return {
    merchant_transaction_id: null, charged_amount: null, fees: 0, currency: CURRENCY, payment_method: paymentMethod,
    processor: paymentMethod === 'bank' ? 'partnerbank' : 'mobile', processor_reference: null, phone_number: null, narration: null,
    message: null, customer_id: null, metadata: null, sub_merchant_id: null, sub_merchant_details: null, shortcode: null,
    webhook_url: null, counterparty: null, related_id: null, result_code: null, outcome: null, due_at: null, settle_due_at: null,
    updated_at: fields.created_at,
    ...fields,
  }
}
