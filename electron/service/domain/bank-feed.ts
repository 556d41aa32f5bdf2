import type { Statement, StatementLine } from '../../../shared/schemas/console-support'
import type { BankFeed, BankFeedEntry } from '../../../shared/statements/bank-feed'
import { BROUGHT_FORWARD_NARRATION } from './statement'

/** What a statement line does not say about its transaction: its amount (to show the fee apart) and its payee. */
export interface FeedTransaction {
  amount: number
  phoneNumber: string | null
  narration: string | null
}

/** The direction of a transaction's principal; a fee is the rest of the line's movement. */
const DIRECTION: Partial<Record<StatementLine['type'], 1 | -1>> = { charge: 1, transfer: -1, payment: -1, bank_withdrawal: -1, reversal: -1 }
/** The lines on which a transaction's money enters or leaves the account (with its fee). */
const FINAL = new Set<StatementLine['movement']>(['charge_completed', 'charge_settled', 'payout_paid', 'reversal_paid'])

/** What an accountant calls the movement (the statement's words are about buckets: "pending settlement"). */
const WORDS: Partial<Record<StatementLine['type'], string>> = {
  charge: 'Payment received', transfer: 'Payout sent', payment: 'Payout sent', bank_withdrawal: 'Bank transfer sent',
  reversal: 'Payment refunded (reversal)', bank_deposit: 'Float top-up',
}

function words(line: StatementLine, info: FeedTransaction | undefined): string {
  return info?.narration === BROUGHT_FORWARD_NARRATION ? BROUGHT_FORWARD_NARRATION : (WORDS[line.type] ?? line.description)
}

function feeDescription(line: StatementLine, fee: number): string {
  if (line.type === 'reversal') return fee > 0 ? 'Fee returned with the reversal' : 'Reversal fee'
  return line.type === 'charge' ? 'Collection fee' : 'Payout fee'
}

/**
 * A payee's phone number as Kenyans write it (0712 345 678 without spaces): a leading + would make a
 * spreadsheet read a formula, and the CSV writer would quote it away with an apostrophe.
 */
function localPhone(phone: string | null): string | null {
  return phone === null ? null : phone.replace(/^\+254/, '0')
}

/** The principal and fee of a line that moves the whole balance by `delta`. */
function split(line: StatementLine, delta: number, info: FeedTransaction | undefined): { principal: number; fee: number } {
  const direction = DIRECTION[line.type]
  if (!direction || !info || !FINAL.has(line.movement)) return { principal: delta, fee: 0 }
  const principal = direction * info.amount
  return { principal, fee: delta - principal }
}

/**
 * Turns statement lines, in order, into bank-feed entries with the running whole balance from `opening`:
 * lines that move the whole balance, each split into the payment and its fee. Keeps only the balance and
 * how often each transaction's id was used (a FITID is unique in the file), so a file can be written a page
 * of lines at a time.
 */
export function feedEntries(opening: number): { entriesOf(line: StatementLine, info: FeedTransaction | undefined): BankFeedEntry[]; balance(): number } {
  let balance = opening
  const used = new Map<string, number>()
  const unique = (id: string) => {
    const seen = used.get(id) ?? 0
    used.set(id, seen + 1)
    return seen === 0 ? id : `${id}-${seen + 1}`
  }
  const entriesOf = (line: StatementLine, info: FeedTransaction | undefined): BankFeedEntry[] => {
    const delta = line.available + line.pending
    if (delta === 0) return []
    const { principal, fee } = split(line, delta, info)
    const base = {
      at: line.at, transactionId: line.transactionId, type: line.type, payee: localPhone(info?.phoneNumber ?? null), narration: info?.narration ?? null,
      reference: line.reference === line.receipt ? null : line.reference, receipt: line.receipt, taxInvoiceNumber: line.taxInvoiceNumber,
    }
    balance += principal
    const entries: BankFeedEntry[] = [{ ...base, fitId: unique(line.transactionId), kind: 'payment', amount: principal, balance, description: words(line, info) }]
    if (fee !== 0) {
      balance += fee
      entries.push({ ...base, fitId: unique(`${line.transactionId}-fee`), kind: 'fee', amount: fee, balance, payee: null, narration: null, description: feeDescription(line, fee) })
    }
    return entries
  }
  return { entriesOf, balance: () => balance }
}

/**
 * The statement as a bank feed (shared/statements/bank-feed.ts), every entry at once. Opening + entries =
 * closing, the statement's own closing (which the statement reconciles against the ledger).
 */
export function bankFeed(statement: Statement, transactions: ReadonlyMap<string, FeedTransaction>): BankFeed {
  const opening = statement.opening.available + statement.opening.pending
  const feed = feedEntries(opening)
  const entries = statement.lines.flatMap((line) => feed.entriesOf(line, transactions.get(line.transactionId)))
  return {
    account: statement.account, from: statement.from, to: statement.to, timeZone: statement.timeZone, fromMs: statement.fromMs,
    toMs: statement.toMs, generatedAt: statement.generatedAt, opening, closing: statement.closing.available + statement.closing.pending,
    closingAvailable: statement.closing.available, entries,
  }
}
