/** One cell: text, a number, or nothing (an empty field). */
export type CsvValue = string | number | null | undefined

/**
 * Text a spreadsheet would run as a formula (=, +, @, tab, CR, or - not starting a number). Narrations and
 * metadata come from API callers, so an exported file must not execute what they typed (CSV injection).
 */
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d))/

/** One field, quoted per RFC 4180 when it holds a comma, a quote or a line break (quotes doubled). */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A whole CSV document: a header line, then one line per row, CRLF line ends (RFC 4180). */
export function toCsv<Row>(columns: readonly { label: string; value(row: Row): CsvValue }[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvField(column.label)).join(',')]
  for (const row of rows) lines.push(columns.map((column) => csvField(column.value(row))).join(','))
  return `${lines.join('\r\n')}\r\n`
}
