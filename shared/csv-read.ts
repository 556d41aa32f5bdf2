/**
 * Reading CSV (RFC 4180) as merchants export it: comma, semicolon or tab separated (whichever the header
 * line holds most of), quoted fields that may hold separators, doubled quotes and line breaks, CRLF or LF
 * line ends, an optional UTF-8 byte order mark, blank lines ignored. Each record keeps the file line it
 * starts on (the header is line 1), so an answer can point a person at the line of their own file.
 */

export interface CsvRecord {
  /** The file line the record starts on (1 = the first line). */
  line: number
  fields: string[]
}

/** The text is not CSV: names the line where reading stopped. */
export class CsvReadError extends Error {
  constructor(readonly line: number, reason: string) {
    super(`line ${line}: ${reason}`)
    this.name = 'CsvReadError'
  }
}

const SEPARATORS = [',', ';', '\t'] as const
export type CsvSeparator = (typeof SEPARATORS)[number]

/** The separator the first line uses most (a comma when it holds none). */
export function detectSeparator(text: string): CsvSeparator {
  const end = text.search(/\r|\n/)
  const first = end < 0 ? text : text.slice(0, end)
  let best: CsvSeparator = ','
  let bestCount = 0
  for (const separator of SEPARATORS) {
    const count = first.split(separator).length - 1
    if (count > bestCount) {
      best = separator
      bestCount = count
    }
  }
  return best
}

function newlinesIn(text: string, from: number, to: number): number {
  let count = 0
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at)
    if (code === 10 || (code === 13 && text.charCodeAt(at + 1) !== 10)) count++
  }
  return count
}

/** A quoted field from just after its opening quote: its value and where reading goes on. */
function quotedField(text: string, from: number, line: number): { value: string; next: number; lines: number } {
  let value = ''
  let at = from
  let lines = 0
  for (;;) {
    const quote = text.indexOf('"', at)
    if (quote < 0) throw new CsvReadError(line, 'a quoted field is never closed')
    value += text.slice(at, quote)
    lines += newlinesIn(text, at, quote)
    if (text.charCodeAt(quote + 1) === 34) {
      value += '"'
      at = quote + 2
      continue
    }
    return { value, next: quote + 1, lines }
  }
}

/** An unquoted field: up to the next separator or line end. */
function plainFieldEnd(text: string, from: number, separator: number): number {
  let end = from
  while (end < text.length) {
    const code = text.charCodeAt(end)
    if (code === separator || code === 10 || code === 13) break
    end++
  }
  return end
}

/** Every record of the text, blank lines left out. Throws CsvReadError when a quote is out of place. */
export function readCsv(text: string, separator: CsvSeparator = detectSeparator(text)): CsvRecord[] {
  return [...csvRecords(text, separator)]
}

/** The records of the text one at a time (readCsv's, in order): a large file is walked without a list of them all. */
export function* csvRecords(text: string, separator: CsvSeparator = detectSeparator(text)): Generator<CsvRecord> {
  const separatorCode = separator.charCodeAt(0)
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let line = 1
  while (at < text.length) {
    const start = line
    const fields: string[] = []
    for (;;) {
      if (text.charCodeAt(at) === 34) {
        const quoted = quotedField(text, at + 1, line)
        fields.push(quoted.value)
        line += quoted.lines
        at = quoted.next
      } else {
        const end = plainFieldEnd(text, at, separatorCode)
        fields.push(text.slice(at, end))
        at = end
      }
      if (at >= text.length) break
      const code = text.charCodeAt(at)
      if (code === separatorCode) {
        at++
        continue
      }
      if (code === 13 || code === 10) {
        at += code === 13 && text.charCodeAt(at + 1) === 10 ? 2 : 1
        line++
        break
      }
      throw new CsvReadError(line, 'a quoted field is followed by text before the next separator')
    }
    if (fields.length > 1 || fields[0]!.trim() !== '') yield { line: start, fields }
  }
}

/** The header's cells (the first record), trimmed; an empty list for an empty text. */
export function readCsvHeader(text: string): string[] {
  const end = text.search(/\r|\n/)
  // Only the first line is read, unless a quoted header cell holds a line break (then the whole text is).
  const first = end < 0 ? text : text.slice(0, end)
  const quotes = first.split('"').length - 1
  const records = readCsv(quotes % 2 === 0 ? first : text, detectSeparator(text))
  return (records[0]?.fields ?? []).map((cell) => cell.trim())
}
