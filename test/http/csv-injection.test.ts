import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Statement } from '../../shared/schemas/console-support'
import { toCsv } from '../../shared/csv'
import { statementCsv } from '../../shared/statements/statement-csv'
import type { CsvValue } from '../../shared/csv'
import type { Transaction } from '../../shared/schemas/transaction'
import { CSV_INJECTION_PAYLOADS, runnableCell, spreadsheetCells } from '../support/csv-cells'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { b2cBody, chargeBody, consoleAuth, defaultAccount } from './helpers'

/**
 * Every CSV Paydesk writes, filled with the OWASP CSV-injection payloads through the public API, read back
 * as a spreadsheet would with `,` and with `;` as the list separator (and tabs): no cell runs as a formula,
 * and every payload is still there, as text.
 */

let server: TestServer
const auth = consoleAuth()
const DAY = '2026-11-21'

/** RFC 4180 quoting with no formula protection: the merchant's own file, payloads as they typed them. */
const quoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`

async function tickAll(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    server.clock.advance(2_000)
    await server.service.tick()
  }
}

function expectSafe(name: string, csv: string): void {
  for (const separator of [',', ';', '\t'] as const) {
    const runnable = spreadsheetCells(csv, separator).flat().filter(runnableCell)
    expect(runnable, `${name} read with ${JSON.stringify(separator)}`).toEqual([])
  }
  // Nothing was dropped: undo the quote marks and every payload is in the file as it was typed (its first
  // 30 characters, trimmed: a payout file's recipient column is trimmed and keeps 40).
  const text = spreadsheetCells(csv, ',').flat().map((cell) => cell.replace(/^'/, '').replace(/([;\t\r\n])'/g, '$1')).join('\u0000')
  for (const payload of CSV_INJECTION_PAYLOADS) expect(text, `${name} keeps ${JSON.stringify(payload)}`).toContain(payload.trim().slice(0, 30))
}

beforeAll(async () => {
  server = await startTestServer()
  for (const narration of CSV_INJECTION_PAYLOADS) {
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ narration, forceStatus: 'success' }) })
    expect(charge.status, JSON.stringify(charge.body)).toBe(202)
    const payout = await server.request('POST', '/v1/mobile/b2c', { body: b2cBody({ narration, amount: 1_000 }) })
    expect(payout.status, JSON.stringify(payout.body)).toBe(202)
  }
  await tickAll()
})
afterAll(() => server.close())

describe('CSV injection: every CSV export, read with , ; and tab', () => {
  it('a bulk payout results file', async () => {
    const lines = CSV_INJECTION_PAYLOADS.map((payload) => `${quoted(payload)},100,${ref('inj')}`)
    const created = await server.request('POST', '/console/payout-batches', { headers: auth, body: { name: 'Injection', csv: `phoneNumber,amount,reference\r\n${lines.join('\r\n')}\r\n` } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const response = await fetch(`${server.url}/console/payout-batches/${created.body.data.id}/results.csv`, { headers: auth })
    expect(response.status).toBe(200)
    expectSafe('results.csv', await response.text())
  })

  it('a reconciliation export', async () => {
    const rows = CSV_INJECTION_PAYLOADS.map((payload, i) => `${quoted(payload)},${100 + i},${DAY},${quoted(payload)}`)
    const body = {
      name: 'Injection', csv: `Order No,Amount,Date,Note\r\n${rows.join('\r\n')}\r\n`, amountUnit: 'KES', from: DAY, to: DAY, timeZone: 'Africa/Nairobi',
      mapping: { reference: 'Order No', amount: 'Amount', date: 'Date' },
    }
    const created = await server.request('POST', '/console/reconciliations', { headers: auth, body })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const response = await fetch(`${server.url}/console/reconciliations/${created.body.data.id}/export.csv`, { headers: auth })
    expect(response.status).toBe(200)
    expectSafe('the reconciliation export', await response.text())
  })

  it('a statement (the console writes it from the statement the engine answers; its texts made hostile)', async () => {
    const { accountNo } = await defaultAccount(server, 'payouts')
    const response = await server.request('GET', `/console/statements?accountNo=${accountNo}&from=${DAY}&to=${DAY}&timeZone=Africa%2FNairobi`, { headers: auth })
    expect(response.status).toBe(200)
    const statement = response.body.data as Statement
    // References are letters, digits, dots and hyphens and descriptions are the engine's words today; the
    // writer must not rely on that.
    expect(statement.lines.length).toBeGreaterThanOrEqual(CSV_INJECTION_PAYLOADS.length)
    const lines = statement.lines.map((line, i) => ({ ...line, reference: CSV_INJECTION_PAYLOADS[i % CSV_INJECTION_PAYLOADS.length]!, description: CSV_INJECTION_PAYLOADS[(i + 3) % CSV_INJECTION_PAYLOADS.length]! }))
    expectSafe('the statement CSV', statementCsv({ ...statement, lines }))
  })

  it('the transactions list export (every column the console can show)', async () => {
    const response = await server.request('GET', '/v1/transactions?startDate=2020-01-01&endDate=2035-12-31&limit=100')
    expect(response.status).toBe(200)
    // The console's own column values (a .tsx module, which the node project's type check does not read).
    const module = '../../renderer/src/components/transactions/transaction-list-columns.tsx'
    const { TRANSACTION_CSV_VALUES } = (await import(module)) as { TRANSACTION_CSV_VALUES: Record<string, (tx: Transaction) => CsvValue> }
    const columns = Object.entries(TRANSACTION_CSV_VALUES).map(([label, value]) => ({ label, value }))
    expect(columns.length).toBeGreaterThan(10)
    expectSafe('the transactions CSV', toCsv(columns, response.body.data.items as Transaction[]))
  })
})
