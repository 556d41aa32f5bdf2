/** One cell: text, a number, or nothing (an empty field). */
export type CsvValue = string | number | null | undefined

/**
 * Text a spreadsheet would run as a formula: it starts with = + - @, a tab, a CR or an LF. Narrations,
 * references, names and metadata come from API callers, so an exported file must not execute what they
 * typed (CSV injection, OWASP). Such a cell gets a leading `'`, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/
/** A negative amount (`-12.50`, `-1,500.00`) is data, not a formula: it stays a number. */
const NEGATIVE_NUMBER = /^-(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d+)?$/
/**
 * Where the list separator is `;` (or a file is split on tabs), the text after a `;` or a tab starts a cell
 * of its own, even inside a quoted field: the same `'` goes after any `;` or tab that a formula follows. So
 * after a line break: a reader honouring quotes only at a cell's start ends the row inside the field.
 */
const INNER_SEPARATOR = /([;\t\r\n])/

function neutralCell(text: string): string {
  return FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text
}

/** Text with every cell a spreadsheet could cut out of it (the whole, and after each `;`, tab or line break) neutral. */
export function formulaSafe(value: string): string {
  const parts = value.split(INNER_SEPARATOR)
  // parts: [start, separator, cell, separator, cell...]; the whole field is checked as one cell first.
  for (let i = 2; i < parts.length; i += 2) parts[i] = neutralCell(parts[i]!)
  const inner = parts.join('')
  return neutralCell(value) === value ? inner : `'${inner}`
}

/** One field, formula-safe, quoted per RFC 4180 when it holds a comma, a quote or a line break (quotes doubled). */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  const text = formulaSafe(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export type CsvColumns<Row> = readonly { label: string; value(row: Row): CsvValue }[]

/** The header line of a CSV document, with its CRLF. */
export function csvHeader<Row>(columns: CsvColumns<Row>): string {
  return `${columns.map((column) => csvField(column.label)).join(',')}\r\n`
}

/** The lines of some rows, each with its CRLF: a page of a document written in pages. */
export function csvLines<Row>(columns: CsvColumns<Row>, rows: readonly Row[]): string {
  let text = ''
  for (const row of rows) text += `${columns.map((column) => csvField(column.value(row))).join(',')}\r\n`
  return text
}

/** A whole CSV document: a header line, then one line per row, CRLF line ends (RFC 4180). */
export function toCsv<Row>(columns: CsvColumns<Row>, rows: readonly Row[]): string {
  return csvHeader(columns) + csvLines(columns, rows)
}
