// Renderer and tests only (pdf-lib is a devDependency, bundled into the console): the engine never imports this.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatMinor } from '../money'
import type { Statement } from '../schemas/console-support'
import { localStamp } from './format'

const PAGE: [number, number] = [841.89, 595.28] // A4 landscape, points
const MARGIN = 36
const ROW = 14
const SIZE = 8

/**
 * Column x positions and widths (the page holds 770 points between its margins); amounts are right-aligned
 * at x + width. Every column is wide enough for its longest usual value (a whole transaction id, an amount
 * in the millions), with a 2-point gap between columns; a label too wide for its column goes on two lines.
 */
const COLUMNS = [
  { label: 'Date', x: 0, width: 78 }, { label: 'Transaction', x: 80, width: 130, mono: true }, { label: 'Type', x: 212, width: 62 },
  { label: 'Reference', x: 276, width: 70 }, { label: 'Description', x: 348, width: 148 },
  { label: 'Available', x: 498, width: 54, right: true }, { label: 'Pending', x: 554, width: 54, right: true },
  { label: 'Fee', x: 610, width: 38, right: true }, { label: 'Balance available', x: 650, width: 58, right: true },
  { label: 'Balance pending', x: 710, width: 58, right: true },
] as const
/** Transaction ids in a fixed-width face, a size smaller: all 30 characters fit their column. */
const MONO_SIZE = 7

function fit(text: string, font: PDFFont, width: number, size = SIZE): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text
  let cut = text
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1)
  return `${cut}…`
}

function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of value.split(' ')) {
    const next = current === '' ? word : `${current} ${word}`
    if (font.widthOfTextAtSize(next, size) > width && current !== '') {
      lines.push(current)
      current = word
    } else current = next
  }
  if (current !== '') lines.push(current)
  return lines
}

/** Text pdf-lib's standard fonts can encode (WinAnsi): anything else becomes "?" instead of throwing. */
function safe(text: string): string {
  return text.replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/[^\x20-\x7E\xA0-\xFF…]/g, '?')
}

type Rgb = [number, number, number]

/** Where the next line goes, on which page, with which fonts; it turns the page (repeating the header) when full. */
interface Sheet {
  doc: PDFDocument
  page: PDFPage
  y: number
  font: PDFFont
  bold: PDFFont
  mono: PDFFont
}

function text(sheet: Sheet, value: string, x: number, options: { font?: PDFFont; size?: number; color?: Rgb } = {}): void {
  sheet.page.drawText(safe(value), { x: MARGIN + x, y: sheet.y, size: options.size ?? SIZE, font: options.font ?? sheet.font, color: rgb(...(options.color ?? [0, 0, 0])) })
}

/** Labels wider than their column wrap onto a second line rather than running into the next column. */
function columnHeader(sheet: Sheet): void {
  const { bold } = sheet
  const labels = COLUMNS.map((column) => wrap(column.label, bold, SIZE, column.width))
  const lines = Math.max(...labels.map((parts) => parts.length))
  for (let line = 0; line < lines; line++) {
    COLUMNS.forEach((column, index) => {
      // Bottom-aligned: a one-line label sits on the header's last line, next to the amounts below it.
      const parts = labels[index]!
      const label = parts[line - (lines - parts.length)]
      if (label === undefined) return
      const x = 'right' in column ? column.x + column.width - bold.widthOfTextAtSize(label, SIZE) : column.x
      text(sheet, label, x, { font: bold })
    })
    sheet.y -= ROW - 3
  }
  sheet.y -= 3
}

function makeRoom(sheet: Sheet, needed = ROW): void {
  if (sheet.y - needed >= MARGIN) return
  sheet.page = sheet.doc.addPage(PAGE)
  sheet.y = PAGE[1] - MARGIN
  columnHeader(sheet)
}

function tableRow(sheet: Sheet, cells: string[], options: { font?: PDFFont } = {}): void {
  makeRoom(sheet)
  COLUMNS.forEach((column, index) => {
    const face = 'mono' in column ? sheet.mono : options.font ?? sheet.font
    const size = 'mono' in column ? MONO_SIZE : SIZE
    const value = fit(safe(cells[index] ?? ''), face, column.width, size)
    const x = 'right' in column ? column.x + column.width - face.widthOfTextAtSize(value, size) : column.x
    text(sheet, value, x, { font: face, size })
  })
  sheet.y -= ROW
}

/** A note under the row above, in its Description column and onwards (a tax invoice number). */
function subRow(sheet: Sheet, note: string): void {
  makeRoom(sheet, ROW - 4)
  sheet.y += 3
  const column = COLUMNS[4]
  text(sheet, fit(safe(note), sheet.font, column.width + COLUMNS[5].width, SIZE - 1), column.x, { size: SIZE - 1 })
  sheet.y -= ROW - 1
}

/** The title, then opening balance, every line with running balances, and the closing balance. */
function drawLines(sheet: Sheet, statement: Statement): void {
  const money = (minor: number) => formatMinor(minor)
  const { bold } = sheet
  text(sheet, `Statement of account ${statement.account.accountNo} (${statement.account.name})`, 0, { font: bold, size: 14 })
  sheet.y -= 20
  text(sheet, `${statement.account.type} account, ${statement.environment} environment, ${statement.account.currency}. Local days ${statement.from} to ${statement.to} (${statement.timeZone}).`, 0, { size: 9 })
  sheet.y -= 24
  columnHeader(sheet)
  const tz = statement.timeZone
  tableRow(sheet, [localStamp(statement.fromMs, tz), '', '', '', 'Opening balance', '', '', '', money(statement.opening.available), money(statement.opening.pending)], { font: bold })
  for (const line of statement.lines) {
    tableRow(sheet, [localStamp(line.at, tz), line.transactionId, line.type, line.reference ?? '', line.description, money(line.available), money(line.pending),
      money(line.fee), money(line.balance.available), money(line.balance.pending)])
    if (line.taxInvoiceNumber) subRow(sheet, `Tax invoice ${line.taxInvoiceNumber}`)
  }
  tableRow(sheet, [localStamp(statement.toMs, tz), '', '', '', 'Closing balance', money(statement.movements.available), money(statement.movements.pending),
    money(statement.fees), money(statement.closing.available), money(statement.closing.pending)], { font: bold })
}

/** Totals per type and the reconciliation line, in red when it does not hold. */
function drawTotals(sheet: Sheet, statement: Statement): void {
  const money = (minor: number) => formatMinor(minor)
  const currency = statement.account.currency
  const line = (value: string, options: { font?: PDFFont; size?: number } = {}) => {
    text(sheet, value, 0, options)
    sheet.y -= ROW
  }
  sheet.y -= ROW
  makeRoom(sheet, ROW * (statement.totalsByType.length + 6))
  line('Totals', { font: sheet.bold, size: 10 })
  line(`Opening balance: available ${currency} ${money(statement.opening.available)}, pending ${currency} ${money(statement.opening.pending)}`)
  line(`Movements: available ${currency} ${money(statement.movements.available)}, pending ${currency} ${money(statement.movements.pending)}`)
  line(`Fees: ${currency} ${money(statement.fees)}`)
  line(`Closing balance: available ${currency} ${money(statement.closing.available)}, pending ${currency} ${money(statement.closing.pending)}`)
  for (const total of statement.totalsByType) {
    makeRoom(sheet)
    line(`Total ${total.type} (${total.count} lines): available ${money(total.available)}, pending ${money(total.pending)}, fees ${money(total.fees)}`)
  }
  makeRoom(sheet, ROW * 2)
  sheet.y -= 4
  const holds = statement.reconciliation.holds
  const size = holds ? 9 : 11
  for (const part of wrap(safe(statement.reconciliation.statement), sheet.bold, size, PAGE[0] - 2 * MARGIN)) {
    makeRoom(sheet)
    text(sheet, part, 0, { font: sheet.bold, size, color: holds ? [0, 0.4, 0] : [0.8, 0, 0] })
    sheet.y -= size + 4
  }
}

/**
 * The statement as a PDF (pdf-lib, standard Helvetica, A4 landscape): header, opening balance, every line
 * with running balances, closing balance, totals per type and the reconciliation line, in red when it
 * does not hold. The same figures as statementCsv, from the same JSON.
 */
export async function statementPdf(statement: Statement): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`Statement ${statement.account.accountNo} ${statement.from} to ${statement.to}`)
  doc.setProducer('Paydesk')
  const sheet: Sheet = {
    doc, page: doc.addPage(PAGE), y: PAGE[1] - MARGIN, font: doc.embedStandardFont(StandardFonts.Helvetica), bold: doc.embedStandardFont(StandardFonts.HelveticaBold),
    mono: doc.embedStandardFont(StandardFonts.Courier),
  }
  drawLines(sheet, statement)
  drawTotals(sheet, statement)
  return doc.save()
}

/** "statement-10000001-2026-11-01-to-2026-11-30.csv" */
export function statementFileName(statement: Statement, extension: 'csv' | 'pdf'): string {
  return `statement-${statement.account.accountNo}-${statement.from}-to-${statement.to}.${extension}`
}
