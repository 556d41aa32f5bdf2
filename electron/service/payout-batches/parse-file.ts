import { ApiError } from '../../../shared/errors'
import { PAYOUT_BATCH_MAX_ROWS } from '../../../shared/schemas/payout-batches'

/** The columns a payout file may have, by their name as documented; headers match case-insensitively. */
export const PAYOUT_FILE_COLUMNS = ['type', 'phoneNumber', 'amount', 'reference', 'narration', 'bankCode', 'accountNumber', 'accountName', 'taxInvoiceNumber', 'kraPin'] as const
export type PayoutFileColumn = (typeof PAYOUT_FILE_COLUMNS)[number]

/** A header as people write it: case, spaces, underscores and hyphens do not matter ("Phone Number", "phone_number"). */
const headerKey = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '')
const COLUMN_BY_KEY = new Map<string, PayoutFileColumn>([
  ...PAYOUT_FILE_COLUMNS.map((column) => [headerKey(column), column] as const),
  ['phone', 'phoneNumber'], ['merchanttransactionid', 'reference'],
  // The tax-invoice convention (docs/statements.md): the invoice as bookkeepers head the column, the recipient's PIN.
  ['invoice', 'taxInvoiceNumber'], ['taxinvoice', 'taxInvoiceNumber'], ['etims', 'taxInvoiceNumber'], ['etimsinvoice', 'taxInvoiceNumber'],
  ['pin', 'kraPin'], ['krapin', 'kraPin'],
])

/** Headers read as the name the merchant means to pay, shown beside the registered name the check finds. */
const NAME_KEYS = new Set(['name', 'employee', 'recipient', 'payee', 'employeename', 'recipientname', 'payeename', 'fullname'])

/** One data row as written: its line in the file and its cells by column (trimmed; absent columns absent). */
export interface FileRow {
  line: number
  cells: Partial<Record<PayoutFileColumn, string>>
  /** The name column's cell: whom the merchant means to pay. */
  intendedName?: string
  /** Non-empty cells beyond the header's columns (a stray comma, a shifted row). */
  extraCells: number
}

/** A file as read: its rows, and the headers of columns Paydesk does not use (kept, shown as not used). */
export interface PayoutFile {
  rows: FileRow[]
  unusedColumns: string[]
}

interface CsvRecord {
  line: number
  fields: string[]
}

/**
 * RFC 4180 records with the line each starts on (a quoted field may span lines). Accepts CRLF, LF and a
 * byte order mark, as spreadsheets write them. An unterminated quote is the file's error, not a row's.
 */
export function csvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = []
  let record: CsvRecord = { line: 1, fields: [] }
  let field = ''
  let line = 1
  let quoted = false
  for (let at = text.charCodeAt(0) === 0xfeff ? 1 : 0; at < text.length; at++) {
    const char = text[at]!
    if (quoted) {
      const doubled = char === '"' && text[at + 1] === '"'
      if (char === '"' && !doubled) quoted = false
      else field += char
      if (doubled) at++
      if (char === '\n') line++
      continue
    }
    if (char === '"' && field.trim() === '') {
      quoted = true
      field = ''
    } else if (char === ',') {
      record.fields.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++
      record.fields.push(field)
      records.push(record)
      field = ''
      record = { line: ++line, fields: [] }
    } else field += char
  }
  if (quoted) throw new ApiError('invalid_parameter', `The file has a quote opened on line ${record.line} that is never closed.`, 'csv')
  if (field !== '' || record.fields.length > 0) {
    record.fields.push(field)
    records.push(record)
  }
  return records
}

type HeaderColumn = PayoutFileColumn | 'intendedName' | null

function columnsOf(header: CsvRecord, unused: string[]): HeaderColumn[] {
  const seen = new Set<PayoutFileColumn | 'intendedName'>()
  return header.fields.map((text) => {
    const name = text.trim()
    if (name === '') return null
    const key = headerKey(name)
    const column = NAME_KEYS.has(key) ? 'intendedName' : COLUMN_BY_KEY.get(key)
    if (!column || (column === 'intendedName' && seen.has(column))) {
      unused.push(name.slice(0, 40))
      return null
    }
    if (seen.has(column)) throw new ApiError('invalid_parameter', `The file has the column ${column} twice.`, 'csv')
    seen.add(column)
    return column
  })
}

/**
 * A payout file: a header row naming the columns (any order, case-insensitive), then one payout per row.
 * Problems of the whole file (no header, no amount column, no recipient column, no rows, too many rows)
 * are a 400 naming the file; problems of a row are that row's errors (check-rows.ts). Columns Paydesk does
 * not read (an employee number, a department) are kept out of the payouts and named in `unusedColumns`.
 */
export function parsePayoutFile(text: string): PayoutFile {
  const records = csvRecords(text).filter((record) => record.fields.some((field) => field.trim() !== ''))
  const header = records.shift()
  if (!header) throw new ApiError('invalid_parameter', 'The file is empty: it needs a header row (phoneNumber,amount,reference,narration) and one row per payout.', 'csv')
  const unusedColumns: string[] = []
  const columns = columnsOf(header, unusedColumns)
  if (!columns.includes('amount')) throw new ApiError('invalid_parameter', 'The file has no amount column (its header row must name the columns).', 'csv')
  if (!columns.includes('phoneNumber') && !columns.includes('accountNumber')) {
    throw new ApiError('invalid_parameter', 'The file has no phoneNumber column (nor bankCode and accountNumber for bank rows).', 'csv')
  }
  if (records.length === 0) throw new ApiError('invalid_parameter', 'The file has a header row but no payouts.', 'csv')
  if (records.length > PAYOUT_BATCH_MAX_ROWS) {
    throw new ApiError('invalid_parameter', `The file has ${records.length} rows; a batch takes at most ${PAYOUT_BATCH_MAX_ROWS}. Split it into several files.`, 'csv')
  }
  const rows = records.map((record) => {
    const row: FileRow = { line: record.line, cells: {}, extraCells: record.fields.slice(columns.length).filter((field) => field.trim() !== '').length }
    columns.forEach((column, index) => {
      const value = record.fields[index]?.trim()
      if (column === null || value === undefined || value === '') return
      if (column === 'intendedName') row.intendedName = value
      else row.cells[column] = value
    })
    return row
  })
  return { rows, unusedColumns }
}
