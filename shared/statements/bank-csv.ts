import { csvHeader, csvLines, type CsvColumns } from '../csv'
import { dayOf } from '../local-days'
import { entryMemo, type BankFeed, type BankFeedEntry, type BankFeedWriter } from './bank-feed'
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
const xeroColumns = (tz: string): CsvColumns<BankFeedEntry> => [
  { label: '*Date', value: (e) => dayFirst(e.at, tz) },
  { label: '*Amount', value: (e) => decimal(e.amount) },
  { label: 'Payee', value: (e) => e.payee },
  { label: 'Description', value: (e) => entryMemo(e) },
  { label: 'Reference', value: (e) => e.taxInvoiceNumber ?? e.receipt ?? e.reference },
]

/**
 * QuickBooks' three-column bank CSV: Date, Description, Amount (signed). QuickBooks has no reference
 * column, so the description carries the payee, the tax invoice number and the M-PESA receipt.
 */
const quickBooksColumns = (tz: string): CsvColumns<BankFeedEntry> => [
  { label: 'Date', value: (e) => dayFirst(e.at, tz) },
  { label: 'Description', value: (e) => entryMemo(e, true) },
  { label: 'Amount', value: (e) => decimal(e.amount) },
]

/** A CSV bank feed in parts: the header line, lines of entries, nothing at the end (the CSVs carry no balances). */
function csvWriter(columns: (tz: string) => CsvColumns<BankFeedEntry>): BankFeedWriter {
  return {
    head: (feed) => csvHeader(columns(feed.timeZone)),
    entries: (feed, entries) => csvLines(columns(feed.timeZone), entries),
    foot: () => '',
  }
}

export const XERO_CSV_WRITER = csvWriter(xeroColumns)
export const QUICKBOOKS_CSV_WRITER = csvWriter(quickBooksColumns)

const whole = (writer: BankFeedWriter) => (feed: BankFeed): string =>
  writer.head(feed) + writer.entries(feed, feed.entries) + writer.foot(feed, { whole: feed.closing, available: feed.closingAvailable })

export const xeroCsv = whole(XERO_CSV_WRITER)
export const quickBooksCsv = whole(QUICKBOOKS_CSV_WRITER)
