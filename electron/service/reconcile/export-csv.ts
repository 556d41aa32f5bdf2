import { readCsv } from '../../../shared/csv-read'
import { toCsv, type CsvValue } from '../../../shared/csv'
import type { Store } from '../db/store'
import { reconciliationOf, type Scope } from './reconcile'

/** Cents as shillings with two decimals, no grouping: what a spreadsheet reads back as a number. */
function shillings(cents: number | null): string | null {
  if (cents === null) return null
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

const OUTCOME_COLUMNS = ['Outcome', 'Paydesk transaction', 'Paydesk amount (KES)', 'Matched by hand', 'Note'] as const

/**
 * Every file row as the merchant sent it, with its line and its outcome, then the charges the file misses
 * (or pays twice), with empty file columns: one CSV through the shared writer (RFC 4180, formula-safe).
 */
export function exportCsv(store: Store, scope: Scope, id: string): string {
  const { number } = reconciliationOf(store, scope, id)
  const [headerRecord, ...records] = readCsv(store.reconciliations.fileText(id))
  const header = headerRecord!.fields.map((cell) => cell.trim())
  const items = store.reconciliationItems.all(number)
  const bySeq = new Map(items.map((item) => [item.seq, item]))
  const lastLine = records.length === 0 ? 1 : records[records.length - 1]!.line
  const rows: CsvValue[][] = []
  const outcome = (seq: number): CsvValue[] => {
    const item = bySeq.get(seq)
    return item ? [item.kind, item.transaction_id, shillings(item.paydesk_amount), item.manual ? 'yes' : '', item.note] : ['', '', '', '', '']
  }
  for (const row of records) rows.push([row.line, ...header.map((_, i) => row.fields[i] ?? ''), ...outcome(row.line)])
  for (const item of items) {
    if (item.seq <= lastLine) continue
    // A charge, not a line of the file: no line (a second payment's note names the row it repeats).
    rows.push([null, ...header.map(() => ''), ...outcome(item.seq)])
  }
  const labels = ['Line', ...header, ...OUTCOME_COLUMNS]
  return toCsv(labels.map((label, i) => ({ label, value: (row: CsvValue[]) => row[i] })), rows)
}
