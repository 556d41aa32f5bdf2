import { newTransaction } from '../db/new-transaction'
import type { AccountRow, TransactionRow } from '../db/rows'
import { sweep, topUp } from '../ledger/postings'
import { moveMoney } from '../ledger/move-money'
import type { Unit } from '../core/unit'
import { announce, processorReference } from './result'

type Booked = Pick<TransactionRow, 'type' | 'account_id' | 'account_type' | 'amount' | 'narration' | 'message'>

/**
 * Books a transaction the bank completes at once (top-up, sweep): there is no processor to wait for, so
 * it is written `completed` with a single timeline entry and its postings, in the caller's SQLite transaction.
 */
function bookCompleted(ctx: Unit, account: AccountRow, booked: Booked): TransactionRow {
  const { ids, now } = ctx
  return ctx.store.transactions.insert(newTransaction({
    public_id: ids.transaction(), organization_id: account.organization_id, environment: account.environment, status: 'completed',
    charged_amount: booked.amount, payment_method: 'bank', processor_reference: processorReference(ids, 'partnerbank'),
    shortcode: account.shortcode, result_code: '0', created_at: now, ...booked,
  }))
}

/** A float top-up (`bank_deposit`): money arrives from the merchant's bank into the account's `available`. */
export function topUpAccount(ctx: Unit, account: AccountRow, amount: number): TransactionRow {
  const external = ctx.store.accounts.resolveId(account.organization_id, account.environment, 'external')
  const row = bookCompleted(ctx, account, {
    type: 'bank_deposit', account_id: account.id, account_type: account.kind === 'payouts' ? 'payouts' : 'collections', amount,
    narration: 'Float top-up from the console', message: 'Float top-up completed',
  })
  moveMoney(ctx, row, topUp(account.id, external, amount))
  announce(ctx, row)
  return row
}

/**
 * A sweep (`settlement`): settled collections move into the payouts float. The caller has checked that
 * the collections account's `available` covers the amount.
 */
export function sweepCollections(ctx: Unit, collections: AccountRow, payouts: AccountRow, amount: number): TransactionRow {
  const row = bookCompleted(ctx, collections, {
    type: 'settlement', account_id: collections.id, account_type: 'collections', amount,
    narration: `Sweep to payouts account ${payouts.account_no}`, message: 'Collections swept to the payouts account',
  })
  moveMoney(ctx, row, sweep(collections.id, payouts.id, amount))
  announce(ctx, row)
  return row
}
