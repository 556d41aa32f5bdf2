import { csvHeader, csvLines, toCsv } from '../../../shared/csv'
import { formatMinor } from '../../../shared/money'
import type { PayoutBatchRow } from '../../../shared/schemas/payout-batches'
import type { Store } from '../db/store'
import { toPayoutBatchRow } from '../views/payout-batch'

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

/** Rows read (and lines written) at once while a results file is written in pages. */
export const RESULTS_PAGE_ROWS = 500

/** The same file as `resultsCsv`, in pages of RESULTS_PAGE_ROWS rows read from the database as they are written. */
export function* resultsCsvPages(store: Store, batchId: number): Generator<string> {
  yield csvHeader(COLUMNS)
  for (let after = 0; ;) {
    const rows = store.payoutBatchRows.rowsPage(batchId, after, RESULTS_PAGE_ROWS)
    if (rows.length === 0) return
    yield csvLines(COLUMNS, rows.map(toPayoutBatchRow))
    after = rows[rows.length - 1]!.line
  }
}
