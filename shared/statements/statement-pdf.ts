// Renderer and tests only (pdf-lib is a devDependency, bundled into the console): the engine never imports this.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { formatMinor } from '../money'
import type { Statement } from '../schemas/console-support'
import { localStamp } from './format'

const PAGE: [number, number] = [841.89, 595.28] // A4 landscape, points
const MARGIN = 36
const ROW = 14
const SIZE = 8

/** Column x positions and widths; amounts are right-aligned at x + width. */
const COLUMNS = [
  { label: 'Date', x: 0, width: 88 }, { label: 'Transaction', x: 90, width: 112 }, { label: 'Type', x: 204, width: 58 },
  { label: 'Reference', x: 264, width: 96 }, { label: 'Description', x: 362, width: 150 },
  { label: 'Available', x: 514, width: 58, right: true }, { label: 'Pending', x: 574, width: 58, right: true },
  { label: 'Fee', x: 634, width: 40, right: true }, { label: 'Bal. available', x: 676, width: 46, right: true },
  { label: 'Bal. pending', x: 724, width: 46, right: true },
] as const

function fit(text: string, font: PDFFont, width: number): string {
  if (font.widthOfTextAtSize(text, SIZE) <= width) return text
  let cut = text
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, SIZE) > width) cut = cut.slice(0, -1)
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

/**
 * The statement as a PDF (pdf-lib, standard Helvetica, A4 landscape): header, opening balance, every line
 * with running balances, closing balance, totals per type and the reconciliation line, in red when it
 * does not hold. The same figures as statementCsv, from the same JSON.
 */
export async function statementPdf(statement: Statement): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(`Statement ${statement.account.accountNo} ${statement.from} to ${statement.to}`)
  doc.setProducer('Paydesk')
  const font = doc.embedStandardFont(StandardFonts.Helvetica)
  const bold = doc.embedStandardFont(StandardFonts.HelveticaBold)
  const money = (minor: number) => formatMinor(minor)
  const currency = statement.account.currency
  let page: PDFPage = doc.addPage(PAGE)
  let y = PAGE[1] - MARGIN

  const text = (value: string, x: number, options: { font?: PDFFont; size?: number; color?: [number, number, number] } = {}) => {
    page.drawText(safe(value), { x: MARGIN + x, y, size: options.size ?? SIZE, font: options.font ?? font, color: rgb(...(options.color ?? [0, 0, 0])) })
  }
  const header = () => {
    for (const column of COLUMNS) {
      const label = column.label
      const x = 'right' in column ? column.x + column.width - bold.widthOfTextAtSize(label, SIZE) : column.x
      text(label, x, { font: bold })
    }
    y -= ROW
  }
  const newLineSpace = (needed = ROW) => {
    if (y - needed >= MARGIN) return
    page = doc.addPage(PAGE)
    y = PAGE[1] - MARGIN
    header()
  }
  const row = (cells: string[], options: { font?: PDFFont } = {}) => {
    newLineSpace()
    COLUMNS.forEach((column, index) => {
      const value = fit(safe(cells[index] ?? ''), options.font ?? font, column.width)
      const x = 'right' in column ? column.x + column.width - (options.font ?? font).widthOfTextAtSize(value, SIZE) : column.x
      text(value, x, options)
    })
    y -= ROW
  }

  text(`Statement of account ${statement.account.accountNo} (${statement.account.name})`, 0, { font: bold, size: 14 })
  y -= 20
  text(`${statement.account.type} account, ${statement.environment} environment, ${currency}. Local days ${statement.from} to ${statement.to} (${statement.timeZone}).`, 0, { size: 9 })
  y -= 24
  header()
  const tz = statement.timeZone
  row([localStamp(statement.fromMs, tz), '', '', '', 'Opening balance', '', '', '', money(statement.opening.available), money(statement.opening.pending)], { font: bold })
  for (const line of statement.lines) {
    row([localStamp(line.at, tz), line.transactionId, line.type, line.reference ?? '', line.description, money(line.available), money(line.pending),
      money(line.fee), money(line.balance.available), money(line.balance.pending)])
  }
  row([localStamp(statement.toMs, tz), '', '', '', 'Closing balance', money(statement.movements.available), money(statement.movements.pending),
    money(statement.fees), money(statement.closing.available), money(statement.closing.pending)], { font: bold })

  y -= ROW
  newLineSpace(ROW * (statement.totalsByType.length + 6))
  text('Totals', 0, { font: bold, size: 10 })
  y -= ROW
  text(`Opening balance: available ${currency} ${money(statement.opening.available)}, pending ${currency} ${money(statement.opening.pending)}`, 0)
  y -= ROW
  text(`Movements: available ${currency} ${money(statement.movements.available)}, pending ${currency} ${money(statement.movements.pending)}`, 0)
  y -= ROW
  text(`Fees: ${currency} ${money(statement.fees)}`, 0)
  y -= ROW
  text(`Closing balance: available ${currency} ${money(statement.closing.available)}, pending ${currency} ${money(statement.closing.pending)}`, 0)
  y -= ROW
  for (const total of statement.totalsByType) {
    newLineSpace()
    text(`Total ${total.type} (${total.count} lines): available ${money(total.available)}, pending ${money(total.pending)}, fees ${money(total.fees)}`, 0)
    y -= ROW
  }
  newLineSpace(ROW * 2)
  y -= 4
  const holds = statement.reconciliation.holds
  const size = holds ? 9 : 11
  for (const part of wrap(safe(statement.reconciliation.statement), bold, size, PAGE[0] - 2 * MARGIN)) {
    newLineSpace()
    text(part, 0, { font: bold, size, color: holds ? [0, 0.4, 0] : [0.8, 0, 0] })
    y -= size + 4
  }
  return doc.save()
}

/** "statement-10000001-2026-11-01-to-2026-11-30.csv" */
export function statementFileName(statement: Statement, extension: 'csv' | 'pdf'): string {
  return `statement-${statement.account.accountNo}-${statement.from}-to-${statement.to}.${extension}`
}
