import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMinor } from '../../shared/money'
import type { SettlementReport, Statement } from '../../shared/schemas/console-support'
import { statementCsv } from '../../shared/statements/statement-csv'
import { statementPdf } from '../../shared/statements/statement-pdf'
import { ledgerViolations } from '../support/ledger-invariants'
import { pdfText } from '../support/pdf-text'
import { startTestServer, type TestServer } from '../support/harness'
import { balanceOf, b2cBody, chargeBody, consoleAuth, defaultAccount, errorOf } from './helpers'

let server: TestServer
let collectionsNo: string
let payoutsNo: string
const TZ = 'timeZone=Africa%2FNairobi'
// The fake clock starts on 2026-11-21 09:00 UTC = 12:00 in Nairobi; everything below happens that day.
const DAY = '2026-11-21'

const consoleGet = (path: string) => server.request('GET', path, { headers: consoleAuth() })
const statementOf = async (accountNo: string, from = DAY, to = DAY): Promise<Statement> => {
  const response = await consoleGet(`/console/statements?accountNo=${accountNo}&from=${from}&to=${to}&${TZ}`)
  expect(response.status).toBe(200)
  return response.body.data as Statement
}
async function settleAll(): Promise<void> {
  for (let i = 0; i < 4; i += 1) {
    server.clock.advance(5_000)
    await server.service.tick()
  }
}

beforeAll(async () => {
  server = await startTestServer()
  collectionsNo = (await defaultAccount(server, 'collections')).accountNo
  payoutsNo = (await defaultAccount(server, 'payouts')).accountNo
  // A mixed day: charges that complete and settle, one that fails, a reversal, payouts that succeed and
  // fail, a sweep from collections to payouts and a float top-up.
  const charges: string[] = []
  for (const amount of [150_000, 250_000, 99_900]) {
    const r = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ amount, forceStatus: 'success', phoneNumber: '0712 345 678'.replace(/ /g, '') }) })
    charges.push(r.body.data.transactionId)
  }
  await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ phoneNumber: '0700000004' }) })
  await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ forceStatus: 'cancelled', phoneNumber: '0712345678' }) })
  await settleAll()
  await server.request('POST', '/v1/mobile/reverse', { body: { transactionId: charges[1], narration: 'Refund' } })
  await server.request('POST', '/v1/mobile/b2c', { body: b2cBody({ amount: 40_000, phoneNumber: '0712345678' }) })
  await server.request('POST', '/v1/mobile/b2c', { body: b2cBody({ amount: 30_000, forceStatus: 'failed' }) })
  await settleAll()
  expect((await server.request('POST', '/console/funds/sweep', { headers: consoleAuth(), body: { amount: 50_000 } })).status).toBeLessThan(300)
  expect((await server.request('POST', '/console/funds/top-up', { headers: consoleAuth(), body: { accountNo: payoutsNo, amount: 1_000_000 } })).status).toBeLessThan(300)
  await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ amount: 20_000, forceStatus: 'success' }) })
  server.clock.advance(3_001)
  await server.service.tick()
  expect(ledgerViolations(server.service.internals.store)).toEqual([])
})
afterAll(() => server.close())

describe('GET /console/statements', () => {
  it('reconciles after a mixed sequence of charges, payouts, reversals, settlements, a sweep and a top-up', async () => {
    for (const accountNo of [collectionsNo, payoutsNo]) {
      const statement = await statementOf(accountNo)
      expect(statement.reconciliation.holds).toBe(true)
      expect(statement.reconciliation.statement).toMatch(/^Reconciled: /)
      const balance = await balanceOf(server, accountNo)
      expect(statement.closing).toEqual(balance)
      expect(statement.reconciliation.ledgerClosing).toEqual(balance)
      const summed = statement.lines.reduce((s, l) => ({ available: s.available + l.available, pending: s.pending + l.pending }), statement.opening)
      expect(summed).toEqual(statement.closing)
      // Running balances: each line's balance is the previous one plus its own movement.
      let running = statement.opening
      for (const line of statement.lines) {
        running = { available: running.available + line.available, pending: running.pending + line.pending }
        expect(line.balance).toEqual(running)
      }
      expect(statement.totalsByType.reduce((s, t) => s + t.available, 0)).toBe(statement.movements.available)
      expect(statement.totalsByType.reduce((s, t) => s + t.fees, 0)).toBe(statement.fees)
    }
  })

  it('lists each movement with its transaction, type, reference and what it did', async () => {
    const statement = await statementOf(collectionsNo)
    const descriptions = new Set(statement.lines.map((l) => l.description))
    for (const d of ['Charge completed (pending settlement)', 'Charge settled to available', 'Reversal reserved', 'Reversal paid out', 'Swept to payouts']) {
      expect(descriptions).toContain(d)
    }
    const completed = statement.lines.filter((l) => l.description === 'Charge completed (pending settlement)')
    expect(completed.every((l) => l.fee > 0 && l.reference !== null && l.transactionId.length > 0 && l.type === 'charge')).toBe(true)
    expect(statement.fees).toBe(completed.reduce((s, l) => s + l.fee, 0))
    const payouts = await statementOf(payoutsNo)
    expect(new Set(payouts.lines.map((l) => l.description))).toEqual(
      new Set(['Float top-up', 'Payout reserved', 'Payout paid out', 'Payout failed, reservation released', 'Sweep from collections']),
    )
  })

  it('starts from the opening balance of the day before and is empty on a quiet day', async () => {
    const next = await statementOf(collectionsNo, '2026-11-22', '2026-11-22')
    const today = await statementOf(collectionsNo)
    expect(next.opening).toEqual(today.closing)
    expect(next.lines).toEqual([])
    expect(next.reconciliation.holds).toBe(true)
    // Nairobi's 21 November: 20 Nov 21:00 UTC to 21 Nov 20:59:59.999 UTC.
    expect([today.fromMs, today.toMs]).toEqual([Date.UTC(2026, 10, 20, 21), Date.UTC(2026, 10, 21, 21) - 1])
  })

  it('the CSV and the PDF carry the same totals as the JSON', async () => {
    const statement = await statementOf(collectionsNo)
    const csv = statementCsv(statement)
    const lines = csv.split('\r\n')
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(lines[0]).toBe('Date,Transaction,Type,Status,Reference,Description,Available change,Pending change,Fee,Available balance,Pending balance,Receipt,Tax invoice')
    const closing = lines.find((l) => l.includes(',Closing balance,'))!.split(',')
    const plain = (minor: number) => formatMinor(minor).replace(/,/g, '')
    expect(closing.slice(6, 11)).toEqual([plain(statement.movements.available), plain(statement.movements.pending), plain(statement.fees), plain(statement.closing.available), plain(statement.closing.pending)])
    expect(lines.find((l) => l.includes(',Opening balance,'))!.split(',').slice(9, 11)).toEqual([plain(statement.opening.available), plain(statement.opening.pending)])
    for (const total of statement.totalsByType) expect(csv).toContain(`,${total.type},,,Total ${total.type} (${total.count} lines),${plain(total.available)},${plain(total.pending)},${plain(total.fees)},,`)
    expect(csv).toContain('Reconciled: opening')

    const pdf = await statementPdf(statement)
    expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe('%PDF-')
    const text = await pdfText(pdf)
    const kes = (minor: number) => `KES ${formatMinor(minor)}`
    expect(text).toContain(`Statement of account ${collectionsNo}`)
    expect(text).toContain(`Closing balance: available ${kes(statement.closing.available)}, pending ${kes(statement.closing.pending)}`)
    expect(text).toContain(`Opening balance: available ${kes(statement.opening.available)}, pending ${kes(statement.opening.pending)}`)
    expect(text).toContain(`Fees: ${kes(statement.fees)}`)
    for (const total of statement.totalsByType) expect(text).toContain(`Total ${total.type} (${total.count} lines): available ${formatMinor(total.available)}`)
    expect(text).toContain('Reconciled: opening')
  })

  it('refuses another environment\'s account, system accounts, reversed or too long ranges and bad days', async () => {
    const missing = await consoleGet(`/console/statements?accountNo=999&from=${DAY}&to=${DAY}&${TZ}`)
    expect(missing.status).toBe(404)
    expect(errorOf(missing.body).param).toBe('accountNo')
    const live = await server.request('GET', `/console/statements?accountNo=${collectionsNo}&from=${DAY}&to=${DAY}`, { headers: consoleAuth('live') })
    expect(live.status).toBe(404)
    expect(errorOf((await consoleGet(`/console/statements?accountNo=${collectionsNo}&from=2026-11-22&to=${DAY}`)).body).param).toBe('to')
    expect(errorOf((await consoleGet(`/console/statements?accountNo=${collectionsNo}&from=2024-01-01&to=${DAY}`)).body).param).toBe('to')
    expect(errorOf((await consoleGet(`/console/statements?accountNo=${collectionsNo}&from=2026-02-30&to=${DAY}`)).body).param).toBe('from')
  })

  it('says loudly when the ledger does not reconcile', async () => {
    // Corrupt a throwaway server's ledger behind the engine's back: a posting that no balance reflects.
    const other = await startTestServer()
    try {
      const accountNo = (await defaultAccount(other, 'payouts')).accountNo
      const { db } = other.service.internals.store
      const account = db.prepare('SELECT id FROM accounts WHERE account_no = ?').get(accountNo) as { id: number }
      const tx = db.prepare('SELECT transaction_id, event_id FROM ledger_postings WHERE account_id = ? LIMIT 1').get(account.id) as { transaction_id: number; event_id: number }
      db.prepare("INSERT INTO ledger_postings (transaction_id, account_id, bucket, amount, created_at, event_id) VALUES (?, ?, 'available', 12345, ?, ?)").run(tx.transaction_id, account.id, other.clock.now(), tx.event_id)
      const response = await other.request('GET', `/console/statements?accountNo=${accountNo}&from=${DAY}&to=${DAY}&${TZ}`, { headers: consoleAuth() })
      const statement = response.body.data as Statement
      expect(statement.reconciliation.holds).toBe(false)
      expect(statement.reconciliation.statement).toMatch(/^DOES NOT RECONCILE: /)
      expect(statementCsv(statement)).toContain('DOES NOT RECONCILE')
      expect(await pdfText(await statementPdf(statement))).toContain('DOES NOT RECONCILE')
    } finally {
      await other.close()
    }
  })
})

describe('GET /console/reports/settlement', () => {
  it('per day: charges completed, fees, settled, payouts, reversals and the collections balance at the end of the day', async () => {
    const response = await consoleGet(`/console/reports/settlement?from=2026-11-20&to=2026-11-22&${TZ}`)
    expect(response.status).toBe(200)
    const report = response.body.data as SettlementReport
    expect(report.days.map((d) => d.day)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22'])
    const day = report.days[1]!
    const collections = await statementOf(collectionsNo)
    const payouts = await statementOf(payoutsNo)
    const of = (s: Statement, d: string) => s.lines.filter((l) => l.description === d)
    expect(day.chargesCompleted).toEqual({ count: 4, amount: 150_000 + 250_000 + 99_900 + 20_000 })
    expect(day.settled).toBe(of(collections, 'Charge settled to available').reduce((s, l) => s + l.available, 0))
    expect(day.reversals).toEqual({ count: 1, amount: -of(collections, 'Reversal paid out')[0]!.pending })
    expect(day.payouts).toEqual({ count: 1, amount: -of(payouts, 'Payout paid out')[0]!.pending })
    expect(day.fees).toBe(collections.fees + payouts.fees)
    expect(day.collectionsClosing).toEqual(await balanceOf(server, collectionsNo))
    expect(report.days[2]!.collectionsClosing).toEqual(day.collectionsClosing)
    expect(report.days[2]!.chargesCompleted.count).toBe(0)
    expect(errorOf((await consoleGet(`/console/reports/settlement?from=2026-01-01&to=2026-11-22&${TZ}`)).body).param).toBe('to')
  })

  it('puts each movement on the local day of the zone asked for', async () => {
    // 09:00 UTC on 2026-11-21 is 22:00 the day before in Pago Pago (UTC-11): the same movements, a day earlier.
    const nairobi = (await consoleGet(`/console/reports/settlement?from=2026-11-20&to=2026-11-22&${TZ}`)).body.data as SettlementReport
    const response = await consoleGet('/console/reports/settlement?from=2026-11-19&to=2026-11-21&timeZone=Pacific%2FPago_Pago')
    expect(response.status).toBe(200)
    const pagoPago = response.body.data as SettlementReport
    const { day: _nairobiDay, ...busyDay } = nairobi.days[1]!
    expect(pagoPago.days.map(({ day, ...figures }) => ({ day, same: JSON.stringify(figures) === JSON.stringify(busyDay) }))).toEqual([
      { day: '2026-11-19', same: false }, { day: '2026-11-20', same: true }, { day: '2026-11-21', same: false },
    ])
    expect(pagoPago.days[0]!.chargesCompleted.count).toBe(0)
    expect(pagoPago.days[2]!.chargesCompleted.count).toBe(0)
    expect(pagoPago.days[2]!.collectionsClosing).toEqual(busyDay.collectionsClosing)
  })
})

describe('GET /console/customers/{phoneNumber}', () => {
  it('shows one phone number: every transaction, totals in, out and reversed, first and last seen, failures in plain words', async () => {
    const response = await consoleGet(`/console/customers/${encodeURIComponent('+254 712 345 678')}`)
    expect(response.status).toBe(200)
    const view = response.body.data
    expect(view.phoneNumber).toBe('+254712345678')
    expect(view.paidIn).toBe(150_000 + 250_000 + 99_900 + 20_000)
    // The second b2c (same phone, b2cBody's default spelling) failed: not paid out.
    expect(view.paidOut).toBe(40_000)
    expect(view.reversed).toBe(250_000)
    expect(view.counts).toMatchObject({ charges: 5, reversals: 1 })
    expect(view.transactions.map((t: { type: string }) => t.type)).toContain('reversal')
    expect(view.transactions.every((t: { phoneNumber: string }) => t.phoneNumber === '+254712345678')).toBe(true)
    expect(view.counts).toMatchObject({ payouts: 2, failed: 2 })
    expect(view.failures).toEqual([
      { reason: 'Another transaction was in progress on this phone', resultCode: '1001', count: 1, lastAt: expect.any(Number) },
      { reason: 'Cancelled by the customer', resultCode: '1032', count: 1, lastAt: expect.any(Number) },
    ])
    expect(view.firstSeen).toBeLessThanOrEqual(view.lastSeen)
    const cancelled = view.transactions.find((t: { status: string; type: string }) => t.status === 'failed' && t.type === 'charge')
    expect(cancelled.failureReason).toBe('Cancelled by the customer')

    const wrongPin = (await consoleGet('/console/customers/0700000004')).body.data
    expect(wrongPin.failures.map((f: { reason: string }) => f.reason)).toEqual(['Wrong PIN'])
    const nobody = (await consoleGet('/console/customers/0799999999')).body.data
    expect(nobody).toMatchObject({ paidIn: 0, paidOut: 0, reversed: 0, firstSeen: null, lastSeen: null, transactions: [], failures: [] })
    const bad = await consoleGet('/console/customers/12345')
    expect(bad.status).toBe(400)
    expect(errorOf(bad.body).param).toBe('phoneNumber')
  })
})
