import { toCsv } from '../csv'
import type { MissingInvoice, MissingInvoices } from '../schemas/statement-files'
import { decimal, localStamp } from './format'

/** The payments without a tax invoice number, one line each, for the bookkeeper to chase (amounts in shillings). */
export function missingInvoicesCsv(report: Pick<MissingInvoices, 'timeZone' | 'items'>): string {
  const tz = report.timeZone
  return toCsv<MissingInvoice>([
    { label: 'Date', value: (i) => localStamp(i.createdAt, tz) },
    { label: 'Transaction', value: (i) => i.transactionId },
    { label: 'Kind', value: (i) => i.kind },
    { label: 'Type', value: (i) => i.type },
    { label: 'Amount', value: (i) => decimal(i.amount) },
    { label: 'Reference', value: (i) => i.reference },
    { label: 'Receipt', value: (i) => i.receipt },
    { label: 'Phone', value: (i) => i.phoneNumber },
    { label: 'Narration', value: (i) => i.narration },
  ], report.items)
}
