import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, dayOf, dayRange } from '../../shared/local-days'
import { startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { chargeBody, consoleAuth } from './helpers'

// What the console reads to tell a support agent the truth: reversals beside their charge, why something
// failed, the daily figures of seeded history, search as people type, the request log's sources, audit words.
const TZ = 'Africa/Nairobi'
let server: TestServer
const consoleGet = (path: string) => server.request('GET', path, { headers: consoleAuth() })
const consolePost = (path: string, body: unknown) => server.request('POST', path, { headers: consoleAuth(), body })

async function settle(ms = 3_001): Promise<void> {
  server.clock.advance(ms)
  await server.service.tick()
}

async function charge(extra: Record<string, unknown>): Promise<{ id: string; receipt: string | null; createdAt: number }> {
  const accepted = await server.request('POST', '/v1/mobile/charge', { body: chargeBody(extra) })
  expect(accepted.status).toBe(202)
  await settle()
  const id = accepted.body.data.transactionId as string
  const read = (await server.request('GET', `/v1/transaction?transactionId=${id}`)).body.data
  return { id, receipt: read.processorReference, createdAt: read.createdAt }
}

beforeAll(async () => {
  server = await startTestServer({ seedHistory: 3_000 })
})
afterAll(() => server.close())

describe('the daily settlement report counts seeded history', () => {
  it('gives every day of the last 30 its charges, on the day the customer paid', async () => {
    const today = dayOf(server.clock.now(), TZ)
    const from = addDays(today, -30)
    const yesterday = addDays(today, -1)
    const response = await consoleGet(`/console/reports/settlement?from=${from}&to=${yesterday}&timeZone=${encodeURIComponent(TZ)}`)
    expect(response.status).toBe(200)
    const days = response.body.data.days as { day: string; chargesCompleted: { count: number; amount: number }; settled: number; payouts: { count: number } }[]
    expect(days).toHaveLength(30)
    for (const day of days) {
      expect(day.chargesCompleted.count, day.day).toBeGreaterThan(0)
      expect(day.settled, day.day).toBeGreaterThan(0)
    }
    expect(days.some((day) => day.payouts.count > 0)).toBe(true)
    // Yesterday's figure is the charges whose timeline says they completed yesterday (Nairobi), read independently.
    const { fromMs, toMs } = dayRange(yesterday, yesterday, TZ)
    const { db } = server.service.internals.store
    const expected = db.prepare(`SELECT COUNT(*) AS count, SUM(t.amount) AS amount FROM transaction_events e JOIN transactions t ON t.id = e.transaction_id
      WHERE t.type = 'charge' AND t.environment = 'test' AND e.status = 'completed' AND e.at BETWEEN ? AND ?`).get(fromMs, toMs)
    expect(days[days.length - 1]!.chargesCompleted).toEqual(expected)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })
})

describe('a reversed charge, seen beside the charge', () => {
  it('names the reversal in the console lists, search and customer view; the charge says why it settled early', async () => {
    const paid = await charge({ phoneNumber: '0711000222', amount: 230_000, forceStatus: 'success' })
    const reversal = await consolePost('/v1/mobile/reverse', { transactionId: paid.id, narration: 'Returned the shoes' })
    expect(reversal.status).toBe(202)
    const reversalId = reversal.body.data.transactionId as string

    const range = await consoleGet(`/console/reversals?from=${paid.createdAt}&to=${paid.createdAt}`)
    expect(range.status).toBe(200)
    expect(range.body.data.items).toEqual([{ transactionId: paid.id, reversal: expect.objectContaining({ publicId: reversalId, status: 'pending' }) }])
    expect((await consoleGet(`/console/reversals?from=${paid.createdAt + 1}&to=${paid.createdAt + 10}`)).body.data.items).toEqual([])
    expect((await consoleGet('/console/reversals?from=10&to=1')).status).toBe(400)

    await settle()
    const found = (await consoleGet(`/console/search?q=${paid.id}`)).body.data.groups[0].items[0]
    expect(found.reversal).toMatchObject({ publicId: reversalId, status: 'completed' })
    const customer = (await consoleGet('/console/customers/0711000222')).body.data
    expect(customer.transactions.find((t: { publicId: string }) => t.publicId === paid.id).reversal).toMatchObject({ publicId: reversalId, status: 'completed' })
    expect(customer.transactions.find((t: { publicId: string }) => t.publicId === reversalId).reversal).toBeNull()
    const timeline = (await consoleGet(`/console/transactions/${paid.id}`)).body.data.timeline as { status: string; message: string }[]
    expect(timeline.at(-1)).toMatchObject({ status: 'settled', message: 'Settled early so that it could be reversed' })

    // The audit log says which charge, what narration and who (the console token acts as `automation`).
    const entry = (await consoleGet('/console/audit?action=mobile.reverse')).body.data.items[0]
    expect(entry.target).toBe(reversalId)
    expect(entry.details).toBe(`Reverses charge ${paid.id} of KES 2,300.00; narration “Returned the shoes”.`)
    expect(entry.actor).toEqual({ id: 'automation', name: 'automation', role: 'owner' })
  })
})

describe('a failed transaction explains itself', () => {
  it('gives the result code, the reason in plain words and what to do next; the customer view counts what it sums', async () => {
    const cancelled = await charge({ phoneNumber: '254700000001', amount: 50_000 })
    const detail = (await consoleGet(`/console/transactions/${cancelled.id}`)).body.data
    expect(detail.failure).toEqual({ resultCode: '1032', reason: 'Cancelled by the customer', nextStep: expect.stringMatching(/send the charge again/) })
    const paid = (await consoleGet(`/console/transactions/${(await charge({ phoneNumber: '254700000001', amount: 60_000, forceStatus: 'success' })).id}`)).body.data
    expect(paid.failure).toBeNull()
    const customer = (await consoleGet('/console/customers/0700000001')).body.data
    expect(customer.counts.charges).toBe(2)
    expect(customer.paidCounts).toEqual({ charges: 1, payouts: 0, reversals: 0 })
    expect(customer.paidIn).toBe(60_000)
  })

  it('explains a failed payout as a payout: the recipient, and the money back in the payouts float', async () => {
    const payout = await server.request('POST', '/v1/mobile/b2c', { body: { phoneNumber: '254700000001', amount: 50_000, merchantTransactionId: `b2c-${Date.now()}`, forceStatus: 'cancelled' } })
    expect(payout.status, JSON.stringify(payout.body)).toBe(202)
    let detail: any
    for (let i = 0; i < 10 && detail?.status !== 'failed'; i++) {
      await server.service.tick()
      server.clock.advance(2_000)
      detail = (await consoleGet(`/console/transactions/${payout.body.data.transactionId}`)).body.data
    }
    expect(detail.failure).toEqual({ resultCode: '1032', reason: 'Cancelled', nextStep: expect.stringMatching(/send the payout again\. The amount and fee went back to the payouts float/) })
    expect(detail.failure.nextStep).not.toMatch(/charge|customer/)
  })
})

describe('search as people type', () => {
  const search = async (q: string) => (await consoleGet(`/console/search?q=${encodeURIComponent(q)}&timeZone=${encodeURIComponent(TZ)}`)).body.data

  it('finds a receipt typed with the letter O for the digit 0, and the other way round', async () => {
    let made = await charge({ amount: 12_300, forceStatus: 'success' })
    for (let i = 0; i < 40 && !/[0O]/.test(made.receipt!); i++) made = await charge({ amount: 12_300, forceStatus: 'success' })
    const misread = made.receipt!.replace(/[0O]/g, (c) => (c === '0' ? 'O' : '0'))
    expect(misread).not.toBe(made.receipt)
    const result = await search(misread.toLowerCase())
    expect(result.groups.find((g: { match: string }) => g.match === 'receipt').items.map((t: { publicId: string }) => t.publicId)).toEqual([made.id])
    expect(result.exactMatch).toBe(made.id)
  })

  it('reads days as "26/11", "27 Nov" and "Nov 27", and a phone with an amount in either order', async () => {
    const made = await charge({ phoneNumber: '0733123456', amount: 4_321_00, forceStatus: 'success' })
    const day = dayOf(made.createdAt, TZ)
    const [year, month, date] = day.split('-').map(Number) as [number, number, number]
    const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })
    for (const q of [`4321 ${date}/${month}`, `4,321 ${date} ${monthName}`, `KES 4321 ${monthName} ${date}`, `4321 ${date}/${month}/${year}`]) {
      const result = await search(q)
      expect(result.understood.day?.from, q).toBe(day)
      expect(result.groups.find((g: { match: string }) => g.match === 'amount').items.map((t: { publicId: string }) => t.publicId), q).toContain(made.id)
    }
    const other = await charge({ phoneNumber: '0733123456', amount: 1_000_00, forceStatus: 'success' })
    for (const q of ['0733 123 456 4321', '4,321 +254 733 123 456', `0733123456 4321 ${date}/${month}`, '0733 123 456 4,321.00']) {
      const result = await search(q)
      expect(result.understood, q).toMatchObject({ phoneNumber: '+254733123456', amount: 4_321_00 })
      const ids = result.groups.find((g: { match: string }) => g.match === 'phone').items.map((t: { publicId: string }) => t.publicId)
      expect(ids, q).toEqual([made.id])
      expect(ids, q).not.toContain(other.id)
    }
    // Read phone first: not 782 and 0127284432.
    expect((await search('0782 127 284 432')).understood).toMatchObject({ phoneNumber: '+254782127284', amount: 432_00 })
  })
})

describe('the request log tells the integration from the console', () => {
  it('lists integration requests or the console\'s own calls when asked', async () => {
    await server.request('GET', '/v1/accounts')
    await server.request('GET', '/v1/accounts', { headers: consoleAuth() })
    const keys = async (source: string) => ((await consoleGet(`/console/requests?source=${source}&limit=50`)).body.data.items as { keyPrefix: string | null }[]).map((i) => i.keyPrefix)
    const integration = await keys('integration')
    const console = await keys('console')
    expect(integration.length).toBeGreaterThan(0)
    expect(integration).not.toContain('console')
    expect(console.length).toBeGreaterThan(0)
    expect(new Set(console)).toEqual(new Set(['console']))
  })
})

describe('the organization\'s time zone', () => {
  it('is told to the console, which counts days and shows times in it', async () => {
    expect((await consoleGet('/console/info')).body.data.timeZone).toBe(TZ)
  })
})
