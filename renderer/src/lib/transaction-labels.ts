import type { TransactionType } from '../../../shared/schemas/common'

/** What each API transaction type is called on screen. */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  charge: 'Charge',
  transfer: 'B2C payout',
  payment: 'B2B payment',
  bank_withdrawal: 'Bank transfer',
  bank_deposit: 'Top-up',
  settlement: 'Settlement',
  reversal: 'Reversal',
  airtime: 'Airtime',
}

/** Types that take money out of the payouts float (shown as payouts on Home). */
export const PAYOUT_TYPES: ReadonlySet<TransactionType> = new Set(['transfer', 'payment', 'bank_withdrawal'])
