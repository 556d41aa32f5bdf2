import type { TransactionType } from '../schemas/common'

/**
 * A statement as a bank feed: what accounting software imports (OFX, Xero's and QuickBooks' CSVs). One
 * entry per movement of the account's whole balance (available + pending): a charge's settlement or a
 * payout's reservation moves money between the two buckets and is no movement here. A fee is its own entry.
 */
export interface BankFeedEntry {
  at: number
  /** Unique within the account: the transaction's id, `<id>-fee` for its fee. */
  fitId: string
  transactionId: string
  kind: 'payment' | 'fee'
  type: TransactionType
  /** Signed minor units: money in is positive. */
  amount: number
  /** The account's whole balance after this entry. */
  balance: number
  payee: string | null
  description: string
  /** The narration the payment was sent with. */
  narration: string | null
  /** The merchant's reference. */
  reference: string | null
  /** The M-PESA (processor's) receipt. */
  receipt: string | null
  taxInvoiceNumber: string | null
}

export interface BankFeed {
  account: { accountNo: string; name: string; type: string; currency: string }
  from: string
  to: string
  timeZone: string
  fromMs: number
  toMs: number
  generatedAt: number
  /** Whole balance (available + pending) before the first day, and at the end of the last. */
  opening: number
  closing: number
  /** The available part of the closing balance. */
  closingAvailable: number
  entries: BankFeedEntry[]
}

/** A bank feed's head: everything but its entries and its closing balances (known before the lines are read). */
export type BankFeedHead = Omit<BankFeed, 'entries' | 'closing' | 'closingAvailable'>

/**
 * A bank-feed file written in parts (a download written a page at a time): its head, the text of some
 * entries, its end with the closing balances. head + entries(all) + foot is the whole file.
 */
export interface BankFeedWriter {
  head(feed: BankFeedHead): string
  entries(feed: BankFeedHead, entries: readonly BankFeedEntry[]): string
  foot(feed: BankFeedHead, closing: { whole: number; available: number }): string
}

/** One line of text about an entry: what it was (to whom, with `payee`), its invoice number, its receipt and its transaction. */
export function entryMemo(entry: BankFeedEntry, payee = false): string {
  const parts = [entry.description]
  if (payee && entry.payee) parts.push(entry.payee)
  if (entry.narration) parts.push(entry.narration)
  if (entry.taxInvoiceNumber) parts.push(`Tax invoice ${entry.taxInvoiceNumber}`)
  if (entry.receipt) parts.push(`M-PESA receipt ${entry.receipt}`)
  if (entry.reference) parts.push(`Ref ${entry.reference}`)
  parts.push(entry.transactionId)
  return parts.join('; ')
}
