import { csvRecords, type CsvRecord } from '../../../shared/csv-read'
import { csvHeader, csvLines, type CsvColumns, type CsvValue } from '../../../shared/csv'
import type { ReconciliationItemRecord } from '../db/reconciliation-items-repo'
import type { ReconciliationRecord } from '../db/reconciliations-repo'
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

/** File rows (and items) read and written at once while the export is written in pages. */
export const EXPORT_PAGE_ROWS = 500

const outcomeOf = (item: ReconciliationItemRecord | undefined): CsvValue[] =>
  (item ? [item.kind, item.transaction_id, shillings(item.paydesk_amount), item.manual ? 'yes' : '', item.note] : ['', '', '', '', ''])

/** A page of the file's rows with their outcomes (the items of seqs after `after` up to the page's last line). */
function recordLines(store: Store, number: number, columns: CsvColumns<CsvValue[]>, width: number, records: readonly CsvRecord[], after: number): string {
  const last = records[records.length - 1]!.line
  const bySeq = new Map(store.reconciliationItems.between(number, after + 1, last, last - after).map((item) => [item.seq, item]))
  return csvLines(columns, records.map((row) => [row.line, ...Array.from({ length: width }, (_, i) => row.fields[i] ?? ''), ...outcomeOf(bySeq.get(row.line))]))
}

/**
 * Every file row as the merchant sent it, with its line and its outcome, then the charges the file misses
 * (or pays twice), with empty file columns: one CSV through the shared writer (RFC 4180, formula-safe), in
 * pages of EXPORT_PAGE_ROWS rows: the file's records are walked one by one and the items read a page at a
 * time, so only the stored file's text is held whole.
 */
export function* exportCsvPages(store: Store, record: ReconciliationRecord): Generator<string> {
  const { number } = record
  const records = csvRecords(store.reconciliations.fileText(record.id))
  const first = records.next()
  // A saved reconciliation's file has its header (creation refuses one without).
  const header = first.done ? [] : first.value.fields.map((cell) => cell.trim())
  const labels = ['Line', ...header, ...OUTCOME_COLUMNS]
  const columns: CsvColumns<CsvValue[]> = labels.map((label, i) => ({ label, value: (row: CsvValue[]) => row[i] }))
  yield csvHeader(columns)
  let page: CsvRecord[] = []
  let lastLine = 1
  for (const row of records) {
    page.push(row)
    if (page.length < EXPORT_PAGE_ROWS) continue
    yield recordLines(store, number, columns, header.length, page, lastLine)
    lastLine = page[page.length - 1]!.line
    page = []
  }
  if (page.length > 0) {
    yield recordLines(store, number, columns, header.length, page, lastLine)
    lastLine = page[page.length - 1]!.line
  }
  // Charges, not lines of the file: no line (a second payment's note names the row it repeats).
  for (let after = lastLine; ;) {
    const items = store.reconciliationItems.between(number, after + 1, Number.MAX_SAFE_INTEGER, EXPORT_PAGE_ROWS)
    if (items.length === 0) return
    yield csvLines(columns, items.map((item) => [null, ...header.map(() => ''), ...outcomeOf(item)]))
    after = items[items.length - 1]!.seq
  }
}

/** The whole export as one text (IPC and in-process callers; HTTP writes the pages). */
export function exportCsv(store: Store, scope: Scope, id: string): string {
  return [...exportCsvPages(store, reconciliationOf(store, scope, id))].join('')
}
