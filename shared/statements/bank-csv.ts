import { toCsv } from '../csv'
import { dayOf } from '../local-days'
import { entryMemo, type BankFeed, type BankFeedEntry } from './bank-feed'
import { decimal } from './format'

/** DD/MM/YYYY, the local day of the statement's zone (Kenya writes the day first; both importers ask once). */
function dayFirst(ms: number, timeZone: string): string {
  const [year, month, day] = dayOf(ms, timeZone).split('-')
  return `${day}/${month}/${year}`
}

/**
 * Xero's precoded bank statement CSV: *Date, *Amount (signed: money out is negative), Payee, Description,
 * Reference. Reference is the tax invoice number when there is one (what Xero matches invoices by), else the
 * M-PESA receipt; the description carries both. No balance columns: Xero's import takes none.
 */
export function xeroCsv(feed: BankFeed): string {
  const tz = feed.timeZone
  return toCsv<BankFeedEntry>([
    { label: '*Date', value: (e) => dayFirst(e.at, tz) },
    { label: '*Amount', value: (e) => decimal(e.amount) },
    { label: 'Payee', value: (e) => e.payee },
    { label: 'Description', value: (e) => entryMemo(e) },
    { label: 'Reference', value: (e) => e.taxInvoiceNumber ?? e.receipt ?? e.reference },
  ], feed.entries)
}

/**
 * QuickBooks' three-column bank CSV: Date, Description, Amount (signed). QuickBooks has no reference
 * column, so the description carries the payee, the tax invoice number and the M-PESA receipt.
 */
export function quickBooksCsv(feed: BankFeed): string {
  const tz = feed.timeZone
  return toCsv<BankFeedEntry>([
    { label: 'Date', value: (e) => dayFirst(e.at, tz) },
    { label: 'Description', value: (e) => entryMemo(e, true) },
    { label: 'Amount', value: (e) => decimal(e.amount) },
  ], feed.entries)
}
