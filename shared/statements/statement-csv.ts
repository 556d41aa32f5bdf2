import { toCsv, type CsvValue } from '../csv'
import type { Statement } from '../schemas/console-support'
import { decimal, localStamp } from './format'

type Row = Record<'date' | 'transaction' | 'type' | 'status' | 'reference' | 'description' | 'available' | 'pending' | 'fee' | 'balanceAvailable' | 'balancePending' | 'receipt' | 'taxInvoice', CsvValue>

const COLUMNS: { label: string; key: keyof Row }[] = [
  { label: 'Date', key: 'date' }, { label: 'Transaction', key: 'transaction' }, { label: 'Type', key: 'type' }, { label: 'Status', key: 'status' },
  { label: 'Reference', key: 'reference' }, { label: 'Description', key: 'description' }, { label: 'Available change', key: 'available' },
  { label: 'Pending change', key: 'pending' }, { label: 'Fee', key: 'fee' }, { label: 'Available balance', key: 'balanceAvailable' },
  { label: 'Pending balance', key: 'balancePending' }, { label: 'Receipt', key: 'receipt' }, { label: 'Tax invoice', key: 'taxInvoice' },
]

const blank: Row = { date: null, transaction: null, type: null, status: null, reference: null, description: null, available: null, pending: null, fee: null, balanceAvailable: null, balancePending: null, receipt: null, taxInvoice: null }

/**
 * The statement as one CSV table (RFC 4180, formula-safe: shared/csv.ts, the same writer as the
 * transactions export): the opening line, every movement, the closing line, totals per type and the
 * reconciliation line, all with the same columns so a spreadsheet can sum them. Amounts in shillings.
 */
export function statementCsv(statement: Statement): string {
  const tz = statement.timeZone
  const rows: Row[] = [
    { ...blank, date: localStamp(statement.fromMs, tz), description: 'Opening balance', balanceAvailable: decimal(statement.opening.available), balancePending: decimal(statement.opening.pending) },
    ...statement.lines.map((line): Row => ({
      date: localStamp(line.at, tz), transaction: line.transactionId, type: line.type, status: line.status, reference: line.reference,
      description: line.description, available: decimal(line.available), pending: decimal(line.pending), fee: decimal(line.fee),
      balanceAvailable: decimal(line.balance.available), balancePending: decimal(line.balance.pending),
      receipt: line.receipt, taxInvoice: line.taxInvoiceNumber,
    })),
    {
      ...blank, date: localStamp(statement.toMs, tz), description: 'Closing balance', available: decimal(statement.movements.available),
      pending: decimal(statement.movements.pending), fee: decimal(statement.fees),
      balanceAvailable: decimal(statement.closing.available), balancePending: decimal(statement.closing.pending),
    },
    ...statement.totalsByType.map((total): Row => ({
      ...blank, type: total.type, description: `Total ${total.type} (${total.count} lines)`, available: decimal(total.available),
      pending: decimal(total.pending), fee: decimal(total.fees),
    })),
    { ...blank, description: statement.reconciliation.statement },
  ]
  return toCsv(COLUMNS.map((c) => ({ label: c.label, value: (row: Row) => row[c.key] })), rows)
}
