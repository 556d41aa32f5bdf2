import { toCsv } from '../../../shared/csv'
import { formatMinor } from '../../../shared/money'
import type { PayoutBatchRow } from '../../../shared/schemas/payout-batches'

const money = (minor: number | null) => (minor === null ? null : formatMinor(minor))

/** The results file's columns, one line per input line (RFC 4180, formula-safe: shared/csv.ts). */
const COLUMNS: readonly { label: string; value(row: PayoutBatchRow): string | number | null }[] = [
  { label: 'line', value: (row) => row.line },
  { label: 'reference', value: (row) => row.reference },
  { label: 'recipient', value: (row) => row.recipient },
  { label: 'recipientName', value: (row) => row.recipientName },
  { label: 'amount', value: (row) => money(row.amount) },
  { label: 'fee', value: (row) => money(row.fee) },
  { label: 'status', value: (row) => row.status },
  { label: 'transactionId', value: (row) => row.transactionId },
  { label: 'receipt', value: (row) => row.receipt },
  { label: 'taxInvoiceNumber', value: (row) => row.taxInvoiceNumber },
  { label: 'failureReason', value: (row) => row.failureReason ?? (row.errors.length > 0 ? row.errors.join('; ') : null) },
]

/** GET /console/payout-batches/{id}/results.csv: amounts in shillings as the file had them ("1,500.00"). */
export function resultsCsv(rows: readonly PayoutBatchRow[]): string {
  return toCsv(COLUMNS, rows)
}
