import { CURRENCY } from '../../../shared/money'
import type { AccountRow, TransactionRow } from '../db/rows'
import { sweep, topUp } from '../ledger/postings'
import { moveMoney } from '../ledger/move-money'
import type { EngineUnit } from '../unit'
import { announce, processorReference } from './result'

type Booked = Pick<TransactionRow, 'type' | 'account_id' | 'account_type' | 'amount' | 'narration' | 'message'>

/**
 * Books a transaction the bank completes at once (top-up, sweep): there is no processor to wait for, so
 * it is written `completed` with a single timeline entry and its postings, in the caller's SQLite transaction.
 */
function bookCompleted(ctx: EngineUnit, account: AccountRow, booked: Booked): TransactionRow {
  const { engine, now } = ctx
  const base = {
    public_id: engine.ids.transaction(), organization_id: account.organization_id, environment: account.environment, status: 'completed',
    merchant_transaction_id: null, charged_amount: booked.amount, fees: 0, currency: CURRENCY, payment_method: 'bank' as const,
    processor: 'partnerbank' as const, processor_reference: processorReference(engine.ids, 'partnerbank'), phone_number: null, customer_id: null, metadata: null,
    sub_merchant_id: null, sub_merchant_details: null, shortcode: account.shortcode, webhook_url: null, counterparty: null,
    related_id: null, result_code: '0', outcome: null, due_at: null, settle_due_at: null, created_at: now, updated_at: now,
  }
  return ctx.store.transactions.insert({ ...base, ...booked })
}

/** A float top-up (`bank_deposit`): money arrives from the merchant's bank into the account's `available`. */
export function topUpAccount(ctx: EngineUnit, account: AccountRow, amount: number): TransactionRow {
  const external = ctx.store.accounts.resolve(account.organization_id, account.environment, 'external')
  const row = bookCompleted(ctx, account, {
    type: 'bank_deposit', account_id: account.id, account_type: account.kind === 'payouts' ? 'payouts' : 'collections', amount,
    narration: 'Float top-up from the console', message: 'Float top-up completed',
  })
  moveMoney(ctx, row, topUp(account.id, external.id, amount))
  announce(ctx, row)
  return row
}

/**
 * A sweep (`settlement`): settled collections move into the payouts float. The caller has checked that
 * the collections account's `available` covers the amount.
 */
export function sweepCollections(ctx: EngineUnit, collections: AccountRow, payouts: AccountRow, amount: number): TransactionRow {
  const row = bookCompleted(ctx, collections, {
    type: 'settlement', account_id: collections.id, account_type: 'collections', amount,
    narration: `Sweep to payouts account ${payouts.account_no}`, message: 'Collections swept to the payouts account',
  })
  moveMoney(ctx, row, sweep(collections.id, payouts.id, amount))
  announce(ctx, row)
  return row
}
