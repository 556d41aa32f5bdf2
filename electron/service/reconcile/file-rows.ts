import { CsvReadError, readCsv, type CsvRecord } from '../../../shared/csv-read'
import { ApiError } from '../../../shared/errors'
import { formatMinor } from '../../../shared/money'
import type { AmountUnit, ReconciliationMapping } from '../../../shared/schemas/reconciliations'
import { readAmountCell, readDayCell, readPhoneCell } from './file-values'

/** One data row of the merchant's file, read through the mapping. */
export interface FileRow {
  /** The file line the row starts on (the header is line 1). */
  line: number
  reference: string | null
  /** Upper-cased, as receipts are compared. */
  receipt: string | null
  /** Normalised (+254…); null when the column is not mapped, empty, or not a Kenyan mobile number. */
  phone: string | null
  /** The phone cell as written, when it could not be read (the item's note says so). */
  unreadablePhone: string | null
  /** Cents. */
  amount: number
  /** The row's local day, when a date column is mapped. */
  day: string | null
}

export interface ReadFile {
  header: string[]
  records: CsvRecord[]
  rows: FileRow[]
}

/** Each mapped field's column index in the header; 400 naming the field when its column is not there. */
function columnsOf(header: readonly string[], mapping: ReconciliationMapping): Record<keyof ReconciliationMapping, number | null> {
  const squeeze = (name: string) => name.trim().toLowerCase()
  const lookup = (field: keyof ReconciliationMapping): number | null => {
    const column = mapping[field]
    if (column === undefined) return null
    const index = header.findIndex((cell) => squeeze(cell) === squeeze(column))
    if (index < 0) throw new ApiError('invalid_parameter', `The file has no column "${column}" (its columns: ${header.join(', ')}).`, `mapping.${field}`)
    return index
  }
  return { reference: lookup('reference'), receipt: lookup('receipt'), phone: lookup('phone'), amount: lookup('amount')!, date: lookup('date') }
}

function parse(csv: string): CsvRecord[] {
  try {
    return readCsv(csv)
  } catch (error) {
    if (error instanceof CsvReadError) throw new ApiError('invalid_parameter', `The file is not valid CSV: ${error.message}.`, 'csv')
    throw error
  }
}

function cellOf(record: CsvRecord, index: number | null): string | null {
  if (index === null) return null
  const value = record.fields[index]?.trim() ?? ''
  return value === '' ? null : value
}

/**
 * The file's rows through the mapping. A row whose amount or date cannot be read is bad input: 400 naming
 * its line, its column and what was expected, rather than a reconciliation that silently skipped it.
 */
export function readFile(csv: string, mapping: ReconciliationMapping, unit: AmountUnit, timeZone: string): ReadFile {
  const records = parse(csv)
  if (records.length === 0) throw new ApiError('invalid_parameter', 'The file is empty: it needs a header line and at least one row.', 'csv')
  const header = records[0]!.fields.map((cell) => cell.trim())
  const columns = columnsOf(header, mapping)
  // A file repeats its dates (one per day) and its customers' phones: each spelling is read once.
  const days = new Map<string, string | null>()
  const phones = new Map<string, string | null>()
  const rows: FileRow[] = []
  for (let i = 1; i < records.length; i++) {
    const record = records[i]!
    const amountText = cellOf(record, columns.amount) ?? ''
    const amount = readAmountCell(amountText, unit)
    if (amount === null) {
      const expected = unit === 'KES' ? `shillings such as ${formatMinor(150_000)}` : 'whole cents such as 150000'
      throw new ApiError('invalid_parameter', `Line ${record.line}: the amount "${amountText}" in column "${mapping.amount}" is not ${expected}.`, 'csv')
    }
    const dateText = cellOf(record, columns.date)
    let day = dateText === null ? null : days.get(dateText)
    if (dateText !== null && day === undefined) days.set(dateText, (day = readDayCell(dateText, timeZone)))
    if (dateText !== null && day === null) {
      throw new ApiError('invalid_parameter', `Line ${record.line}: the date "${dateText}" in column "${mapping.date}" is neither ISO (2026-11-20) nor day/month/year (20/11/2026).`, 'csv')
    }
    const phoneText = cellOf(record, columns.phone)
    let phone = phoneText === null ? null : phones.get(phoneText)
    if (phoneText !== null && phone === undefined) phones.set(phoneText, (phone = readPhoneCell(phoneText)))
    rows.push({
      line: record.line, reference: cellOf(record, columns.reference), receipt: cellOf(record, columns.receipt)?.toUpperCase() ?? null,
      phone: phone ?? null, unreadablePhone: phoneText !== null && phone === null ? phoneText : null, amount, day: day ?? null,
    })
  }
  if (rows.length === 0) throw new ApiError('invalid_parameter', 'The file has a header but no rows.', 'csv')
  return { header, records, rows }
}
