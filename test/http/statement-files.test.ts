import { parseSync } from 'ofx-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCsv } from '../../shared/csv-read'
import { statementCsv } from '../../shared/statements/statement-csv'
import { statementPdf } from '../../shared/statements/statement-pdf'
import { pdfText } from '../support/pdf-text'
import type { Statement } from '../../shared/schemas/console-support'
import { ledgerViolations } from '../support/ledger-invariants'
import { startTestServer, type TestServer } from '../support/harness'
import { balanceOf, b2cBody, chargeBody, consoleAuth, defaultAccount, errorOf } from './helpers'

// Statements for accounting software, read back by a parser nobody here wrote (ofx-js) and by the column
// rules Xero and QuickBooks publish. The fake clock starts 2026-11-21 12:00 in Nairobi (the organization's
// default zone); everything happens that day.
let server: TestServer
let collectionsNo: string
let payoutsNo: string
let invoicedCharge: string
const DAY = '2026-11-21'
const consoleGet = (path: string) => server.request('GET', path, { headers: consoleAuth() })
async function settleAll(): Promise<void> {
  for (let i = 0; i < 4; i += 1) {
    server.clock.advance(5_000)
    await server.service.tick()
  }
}
async function text(path: string): Promise<string> {
  const response = await fetch(server.url + path, { headers: consoleAuth() })
  expect(response.status, path).toBe(200)
  return response.text()
}
const minor = (decimal: string) => Math.round(Number(decimal) * 100)

beforeAll(async () => {
  server = await startTestServer()
  collectionsNo = (await defaultAccount(server, 'collections')).accountNo
  payoutsNo = (await defaultAccount(server, 'payouts')).accountNo
  const invoiced = await server.request('POST', '/v1/mobile/charge', {
    body: chargeBody({ amount: 150_000, forceStatus: 'success', metadata: { taxInvoiceNumber: 'KRACU01/0042', buyerKraPin: 'A123456789B' } }),
  })
  invoicedCharge = invoiced.body.data.transactionId
  const other = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ amount: 250_000, forceStatus: 'success', narration: 'Order <7> & "8"' }) })
  await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ forceStatus: 'cancelled' }) })
  await settleAll()
  await server.request('POST', '/v1/mobile/reverse', { body: { transactionId: other.body.data.transactionId, narration: 'Refund' } })
  await server.request('POST', '/v1/mobile/b2c', { body: b2cBody({ amount: 40_000, metadata: { taxInvoiceNumber: 'SUP-77', sellerKraPin: 'P051234567Q' } }) })
  await server.request('POST', '/v1/mobile/b2c', { body: b2cBody({ amount: 30_000, forceStatus: 'failed' }) })
  await settleAll()
  expect((await server.request('POST', '/console/funds/sweep', { headers: consoleAuth(), body: { amount: 50_000 } })).status).toBeLessThan(300)
  await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ amount: 20_000, forceStatus: 'success' }) })
  server.clock.advance(3_001)
  await server.service.tick()
  expect(ledgerViolations(server.service.internals.store)).toEqual([])
})
afterAll(() => server.close())

describe('GET /console/statements/{accountNo}.ofx', () => {
  it('is an OFX 2.2 statement ofx-js reads, whose running balance is the ledger\'s', async () => {
    for (const accountNo of [collectionsNo, payoutsNo]) {
      const file = await text(`/console/statements/${accountNo}.ofx?from=${DAY}&to=${DAY}`)
      expect(file).toMatch(/^<\?xml version="1.0"[^>]*\?>\n<\?OFX OFXHEADER="200" VERSION="220"/)
      const ofx = parseSync(file).OFX
      expect(ofx.SIGNONMSGSRSV1.SONRS.STATUS.CODE).toBe('0')
      const rs = ofx.BANKMSGSRSV1.STMTTRNRS.STMTRS
      expect(rs.CURDEF).toBe('KES')
      expect(rs.BANKACCTFROM.ACCTID).toBe(accountNo)
      const transactions = [rs.BANKTRANLIST.STMTTRN].flat()
      const balances = [rs.BALLIST.BAL].flat()
      const opening = minor(balances.find((b: { NAME: string }) => b.NAME === 'Opening balance').VALUE)
      const closing = minor(rs.LEDGERBAL.BALAMT)
      expect(minor(balances.find((b: { NAME: string }) => b.NAME === 'Closing balance').VALUE)).toBe(closing)
      const ledger = await balanceOf(server, accountNo)
      expect(closing).toBe(ledger.available + ledger.pending)
      expect(minor(rs.AVAILBAL.BALAMT)).toBe(ledger.available)
      expect(opening + transactions.reduce((sum: number, t: { TRNAMT: string }) => sum + minor(t.TRNAMT), 0)).toBe(closing)
      for (const t of transactions) {
        expect(t.TRNAMT).toMatch(/^-?\d+\.\d{2}$/)
        expect(t.DTPOSTED).toMatch(/^20261121\d{6}\.\d{3}\[\+3\]$/)
        expect(['CREDIT', 'DEBIT', 'FEE']).toContain(t.TRNTYPE)
      }
      const fitIds = transactions.map((t: { FITID: string }) => t.FITID)
      expect(new Set(fitIds).size).toBe(fitIds.length)
    }
  })

  it('has one STMTTRN per movement with FITID = the transaction id, its fee apart, the invoice and receipt in MEMO', async () => {
    const file = await text(`/console/statements/${collectionsNo}.ofx?from=${DAY}&to=${DAY}`)
    const transactions = [parseSync(file).OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS.BANKTRANLIST.STMTTRN].flat()
    const charge = transactions.find((t: { FITID: string }) => t.FITID === invoicedCharge)
    const fee = transactions.find((t: { FITID: string }) => t.FITID === `${invoicedCharge}-fee`)
    const detail = await consoleGet(`/console/transactions/${invoicedCharge}`)
    const row = detail.body.data.transaction ?? detail.body.data
    expect(charge).toMatchObject({ TRNTYPE: 'CREDIT', TRNAMT: '1500.00' })
    expect(fee).toMatchObject({ TRNTYPE: 'FEE', TRNAMT: `-${(row.fees / 100).toFixed(2)}` })
    expect(charge.MEMO).toContain('Tax invoice KRACU01/0042')
    expect(charge.MEMO).toMatch(/M-PESA receipt [A-Z0-9]+/)
    // Text the caller typed is escaped in the file and reads back as typed.
    expect(transactions.some((t: { MEMO: string }) => t.MEMO.includes('Order <7> & "8"'))).toBe(true)
    // A settlement moves money between pending and available: no movement of the whole balance, no STMTTRN.
    expect(transactions.filter((t: { FITID: string }) => t.FITID === invoicedCharge)).toHaveLength(1)
  })

  it('answers the file with its media type over HTTP, and errors as envelopes', async () => {
    const response = await fetch(`${server.url}/console/statements/${payoutsNo}.ofx?from=${DAY}&to=${DAY}`, { headers: consoleAuth() })
    expect(response.headers.get('content-type')).toBe('application/x-ofx; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".*\.ofx"$/)
    const unknown = await consoleGet(`/console/statements/9999999999.ofx?from=${DAY}&to=${DAY}`)
    expect(unknown.status).toBe(404)
    expect(errorOf(unknown.body).param).toBe('accountNo')
    const reversed = await consoleGet(`/console/statements/${payoutsNo}.ofx?from=${DAY}&to=2026-11-01`)
    expect(errorOf(reversed.body).param).toBe('to')
    const noKey = await fetch(`${server.url}/console/statements/${payoutsNo}.ofx?from=${DAY}&to=${DAY}`)
    expect(noKey.status).toBe(401)
  })

  it('service.call answers the same file text in the envelope, opening with the statement\'s opening balance', async () => {
    const statement = (await consoleGet(`/console/statements?accountNo=${collectionsNo}&from=${DAY}&to=${DAY}&timeZone=Africa%2FNairobi`)).body.data as Statement
    const file = await text(`/console/statements/${collectionsNo}.ofx?from=${DAY}&to=${DAY}`)
    const called = server.service.call('console.statements.ofx', { params: { accountNo: collectionsNo }, query: { from: DAY, to: DAY } }, { trustedConsole: true, environment: 'test' })
    expect(called.status).toBe(200)
    expect((called.body as { data: string }).data).toBe(file)
    const opening = statement.opening.available + statement.opening.pending
    expect(file).toContain(`<NAME>Opening balance</NAME><DESC>Balance at the start of ${DAY}</DESC><BALTYPE>DOLLAR</BALTYPE><VALUE>${(opening / 100).toFixed(2)}</VALUE>`)
  })
})

/** Xero's and QuickBooks' published rules for a bank statement CSV: a header row of their columns, one line per movement. */
const VENDOR_RULES = {
  xero: { header: ['*Date', '*Amount', 'Payee', 'Description', 'Reference'], amount: 1, required: [0, 1] },
  quickbooks: { header: ['Date', 'Description', 'Amount'], amount: 2, required: [0, 1, 2] },
} as const

function readVendorCsv(file: string, format: keyof typeof VENDOR_RULES): string[][] {
  const rules = VENDOR_RULES[format]
  expect(file.endsWith('\r\n')).toBe(true)
  const [header, ...rows] = readCsv(file, ',').map((record) => record.fields)
  expect(header).toEqual([...rules.header])
  // Both importers take at most 1,000 lines per file.
  expect(rows.length).toBeLessThanOrEqual(1000)
  for (const row of rows) {
    expect(row).toHaveLength(rules.header.length)
    for (const column of rules.required) expect(row[column], `${format} ${row.join('|')}`).not.toBe('')
    const [day, month, year] = row[0]!.split('/')
    expect(row[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
    expect(new Date(`${year}-${month}-${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(`${year}-${month}-${day}`)
    // One signed amount, a dot for decimals, two decimals, no currency sign, no thousands separator.
    expect(row[rules.amount]).toMatch(/^-?\d+\.\d{2}$/)
  }
  return rows
}

describe('GET /console/statements/{accountNo}.csv?format=xero|quickbooks', () => {
  it('reads back by the vendors\' column rules, and its amounts add up to the ledger\'s movement', async () => {
    for (const accountNo of [collectionsNo, payoutsNo]) {
      const ofx = parseSync(await text(`/console/statements/${accountNo}.ofx?from=${DAY}&to=${DAY}`)).OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS
      const balances = [ofx.BALLIST.BAL].flat()
      const movement = minor(ofx.LEDGERBAL.BALAMT) - minor(balances.find((b: { NAME: string }) => b.NAME === 'Opening balance').VALUE)
      const entries = [ofx.BANKTRANLIST.STMTTRN].flat().length
      for (const format of ['xero', 'quickbooks'] as const) {
        const rows = readVendorCsv(await text(`/console/statements/${accountNo}.csv?from=${DAY}&to=${DAY}&format=${format}`), format)
        expect(rows).toHaveLength(entries)
        expect(rows.every((row) => row[0] === '21/11/2026')).toBe(true)
        expect(rows.reduce((sum, row) => sum + minor(row[VENDOR_RULES[format].amount]!), 0)).toBe(movement)
      }
    }
  })

  it('carries the tax invoice number (Xero\'s Reference) and the M-PESA receipt, fees on their own lines', async () => {
    const xero = readVendorCsv(await text(`/console/statements/${collectionsNo}.csv?from=${DAY}&to=${DAY}&format=xero`), 'xero')
    const invoiced = xero.filter((row) => row[4] === 'KRACU01/0042')
    expect(invoiced).toHaveLength(2)
    expect(invoiced[0]![1]).toBe('1500.00')
    expect(invoiced[0]![3]).toMatch(/^Payment received; Tax invoice KRACU01\/0042; M-PESA receipt [A-Z0-9]+; .*txn_/)
    expect(invoiced[1]![3]).toMatch(/^Collection fee; /)
    expect(Number(invoiced[1]![1])).toBeLessThan(0)
    const quickBooks = readVendorCsv(await text(`/console/statements/${payoutsNo}.csv?from=${DAY}&to=${DAY}&format=quickbooks`), 'quickbooks')
    const payout = quickBooks.find((row) => row[1]!.includes('Tax invoice SUP-77'))!
    expect(payout[1]).toMatch(/^Payout sent; 0712345678; .*M-PESA receipt [A-Z0-9]+/)
    expect(payout[2]).toBe('-400.00')
  })

  it('refuses another format naming format', async () => {
    const answer = await consoleGet(`/console/statements/${payoutsNo}.csv?from=${DAY}&to=${DAY}&format=sage`)
    expect(answer.status).toBe(400)
    expect(errorOf(answer.body).param).toBe('format')
  })
})

describe('the statement JSON, CSV and PDF carry the tax invoice number', () => {
  it('on the line of the invoiced payment, with its receipt', async () => {
    const statement = (await consoleGet(`/console/statements?accountNo=${collectionsNo}&from=${DAY}&to=${DAY}&timeZone=Africa%2FNairobi`)).body.data as Statement
    const line = statement.lines.find((l) => l.transactionId === invoicedCharge)!
    expect(line.taxInvoiceNumber).toBe('KRACU01/0042')
    expect(line.receipt).toMatch(/^[A-Z0-9]+$/)
    const rows = readCsv(statementCsv(statement), ',').map((r) => r.fields)
    const header = rows[0]!
    const row = rows.find((r) => r[1] === invoicedCharge)!
    expect(row[header.indexOf('Tax invoice')]).toBe('KRACU01/0042')
    expect(row[header.indexOf('Receipt')]).toBe(line.receipt)
    expect(await pdfText(await statementPdf(statement))).toContain('Tax invoice KRACU01/0042')
  })
})

describe('GET /console/reports/missing-invoices(.csv)', () => {
  it('counts and lists the completed payments without a tax invoice number, by kind, and exports them', async () => {
    const answer = await consoleGet(`/console/reports/missing-invoices?from=${DAY}&to=${DAY}`)
    expect(answer.status).toBe(200)
    const report = answer.body.data
    expect(report.timeZone).toBe('Africa/Nairobi')
    // The invoiced charge and the invoiced payout are the two with one.
    expect(report.withInvoice).toEqual({ count: 2, amount: 150_000 + 40_000 })
    const ids = report.items.map((i: { transactionId: string }) => i.transactionId)
    expect(ids).not.toContain(invoicedCharge)
    expect(report.items.every((i: { status: string }) => i.status === 'completed' || i.status === 'settled')).toBe(true)
    expect(report.missing.count).toBe(report.items.length)
    expect(report.items.reduce((sum: number, i: { amount: number }) => sum + i.amount, 0)).toBe(report.missing.amount)
    const kinds = report.byKind.map((k: { kind: string }) => k.kind)
    expect(kinds).toEqual(['charge', 'reversal'])
    expect(report.byKind.reduce((sum: number, k: { count: number }) => sum + k.count, 0)).toBe(report.missing.count)
    expect(report.byKind.find((k: { kind: string }) => k.kind === 'charge')).toEqual({ kind: 'charge', count: 2, amount: 250_000 + 20_000 })

    const rows = readCsv(await text(`/console/reports/missing-invoices.csv?from=${DAY}&to=${DAY}`), ',').map((r) => r.fields)
    expect(rows[0]).toEqual(['Date', 'Transaction', 'Kind', 'Type', 'Amount', 'Reference', 'Receipt', 'Phone', 'Narration'])
    expect(rows.slice(1).map((r) => r[1])).toEqual(ids)
    expect(rows.slice(1).every((r) => r[0]!.startsWith('2026-11-21 '))).toBe(true)
  })

  it('is empty on a quiet day and refuses a reversed range naming to', async () => {
    const quiet = (await consoleGet('/console/reports/missing-invoices?from=2026-11-01&to=2026-11-02')).body.data
    expect(quiet).toMatchObject({ withInvoice: { count: 0, amount: 0 }, missing: { count: 0, amount: 0 }, byKind: [], items: [], truncated: false })
    const reversed = await consoleGet(`/console/reports/missing-invoices?from=${DAY}&to=2026-11-01`)
    expect(reversed.status).toBe(400)
    expect(errorOf(reversed.body).param).toBe('to')
  })
})
