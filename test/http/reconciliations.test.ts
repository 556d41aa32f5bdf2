import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCsv } from '../../shared/csv-read'
import type { Reconciliation, ReconciliationItem } from '../../shared/schemas/reconciliations'
import { startTestServer, type TestServer } from '../support/harness'
import { buildReconcileWorld, consoleHeaders, reconcileRequest, type ReconcileWorld } from '../support/reconcile-world'
import { errorOf } from './helpers'

let server: TestServer
let world: ReconcileWorld

const post = (path: string, body: unknown) => server.request('POST', path, { headers: consoleHeaders, body })
const get = (path: string) => server.request('GET', path, { headers: consoleHeaders })
/** A file row's item (a charge's own item may name the line it repeats, but has no file amount). */
const rowItem = (items: readonly ReconciliationItem[], line: number) => {
  const found = items.filter((item) => item.line === line && item.fileAmount !== null)
  expect(found, `one item for line ${line}`).toHaveLength(1)
  return found[0]!
}

async function reconcile(unit: 'KES' | 'cents', dates: 'iso' | 'dmy' = 'iso'): Promise<Reconciliation> {
  const response = await post('/console/reconciliations', reconcileRequest(world, unit, dates))
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return response.body.data as Reconciliation
}

beforeAll(async () => {
  server = await startTestServer()
  world = await buildReconcileWorld(server)
})
afterAll(() => server.close())

describe('the merchant\'s own references beside Paydesk\'s', () => {
  it('gives each file row its order number and phone from the file, and each matched charge its merchant reference', async () => {
    const result = await reconcile('KES')
    const { ids, references } = world
    expect(rowItem(result.items, 2)).toMatchObject({ fileReference: references.A, paydeskReference: references.A, transactionId: ids.A })
    expect(rowItem(result.items, 6)).toMatchObject({ kind: 'missing_in_paydesk', fileReference: 'ORD-NONE-1', filePhone: null, paydeskReference: null })
    // Matched by receipt: the file has no order number, Paydesk's charge has its own.
    expect(rowItem(result.items, 8)).toMatchObject({ fileReference: null, transactionId: ids.F })
    expect(rowItem(result.items, 8).paydeskReference).toMatch(/^ORD-X-/)
    expect(rowItem(result.items, 9).filePhone).toMatch(/^\+2547\d{8}$/)
    // A charge the file misses has no file row: nothing of the file beside it.
    const missing = result.items.find((item) => item.kind === 'missing_in_file')!
    expect(missing).toMatchObject({ fileReference: null, filePhone: null })
    const again = (await get(`/console/reconciliations/${result.id}`)).body.data as Reconciliation
    expect(rowItem(again.items, 2)).toMatchObject({ fileReference: references.A, paydeskReference: references.A })
  })
})

describe('POST /console/reconciliations: every item kind', () => {
  it('matches by reference, then receipt, then phone and amount; lists what the file and Paydesk each miss', async () => {
    const result = await reconcile('KES')
    const { ids } = world
    expect(result.summary).toEqual({ fileRows: 10, matched: 4, amountMismatch: 1, missingInPaydesk: 3, missingInFile: 3, duplicates: 2, ambiguous: 1 })
    expect(result.exceptions).toBe(10)
    const items = result.items
    expect(rowItem(items, 2)).toMatchObject({ kind: 'matched', transactionId: ids.A, fileAmount: 150_000, paydeskAmount: 150_000, manual: false })
    expect(rowItem(items, 3)).toMatchObject({ kind: 'amount_mismatch', transactionId: ids.B, fileAmount: 199_900, paydeskAmount: 200_000 })
    expect(rowItem(items, 4)).toMatchObject({ kind: 'missing_in_paydesk', transactionId: ids.C, note: expect.stringMatching(/^The charge failed/) })
    expect(rowItem(items, 5)).toMatchObject({ kind: 'missing_in_paydesk', transactionId: ids.D, note: expect.stringMatching(/reversed/) })
    expect(rowItem(items, 6)).toMatchObject({ kind: 'missing_in_paydesk', transactionId: null, note: 'No charge with reference ORD-NONE-1.' })
    expect(rowItem(items, 7)).toMatchObject({ kind: 'duplicate', transactionId: ids.A, candidates: [ids.A], note: 'The same payment as line 2 (by reference).' })
    expect(rowItem(items, 8)).toMatchObject({ kind: 'matched', transactionId: ids.F })
    expect(rowItem(items, 9)).toMatchObject({ kind: 'matched', transactionId: ids.G, note: 'Matched by phone and amount.' })
    expect(rowItem(items, 10)).toMatchObject({ kind: 'ambiguous', transactionId: null })
    expect([...rowItem(items, 10).candidates].sort()).toEqual([ids.H1, ids.H2].sort())
    expect(rowItem(items, 11)).toMatchObject({ kind: 'matched', transactionId: ids.I })
    const paidTwice = items.find((item) => item.transactionId === ids.I2)
    expect(paidTwice).toMatchObject({ kind: 'duplicate', line: 11, fileAmount: null, paydeskAmount: 55_000, candidates: [ids.I] })
    const missing = items.filter((item) => item.kind === 'missing_in_file')
    expect(missing.map((item) => item.transactionId).sort()).toEqual([ids.E, ids.H1, ids.H2].sort())
    expect(missing.every((item) => item.line === null && item.fileAmount === null)).toBe(true)
    // Exceptions first, then the matched rows in file order.
    const firstMatched = items.findIndex((item) => item.kind === 'matched')
    expect(items.slice(firstMatched).every((item) => item.kind === 'matched')).toBe(true)
    expect(items.slice(firstMatched).map((item) => item.line)).toEqual([2, 8, 9, 11])
    expect(result.itemsTotal).toBe(items.length)
  })

  it('gives the same outcome for the file in whole cents with day/month/year dates', async () => {
    const shillings = await reconcile('KES', 'iso')
    const cents = await reconcile('cents', 'dmy')
    expect(cents.summary).toEqual(shillings.summary)
    const strip = (items: ReconciliationItem[]) => items.map(({ kind, line, transactionId, fileAmount, paydeskAmount }) => ({ kind, line, transactionId, fileAmount, paydeskAmount }))
    expect(strip(cents.items)).toEqual(strip(shillings.items))
  })

  it('a date on a phone-only row picks the payment of that day among several', async () => {
    const phone = `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
    // Two days after the world's day, so its charges stay out of the other tests' period.
    server.clock.advance(2 * 24 * 3_600_000)
    const before = await server.request('POST', '/v1/mobile/charge', { body: { phoneNumber: phone, amount: 25_000, merchantTransactionId: `day-1-${phone}` } })
    server.clock.advance(24 * 3_600_000)
    const after = await server.request('POST', '/v1/mobile/charge', { body: { phoneNumber: phone, amount: 25_000, merchantTransactionId: `day-2-${phone}` } })
    for (let i = 0; i < 3; i++) {
      server.clock.advance(5_000)
      await server.service.tick()
    }
    const csv = `Phone,Amount,Date\r\n${phone},250,24/11/2026\r\n`
    const response = await post('/console/reconciliations', { name: 'two days', csv, mapping: { phone: 'Phone', amount: 'Amount', date: 'Date' }, amountUnit: 'KES', from: '2026-11-23', to: '2026-11-24', timeZone: 'Africa/Nairobi' })
    expect(response.status).toBe(201)
    const result = response.body.data as Reconciliation
    expect(rowItem(result.items, 2)).toMatchObject({ kind: 'matched', transactionId: after.body.data.transactionId })
    expect(result.items.some((item) => item.kind === 'missing_in_file' && item.transactionId === before.body.data.transactionId)).toBe(true)
  })
})

describe('reading, matching by hand, export', () => {
  it('GET lists it; GET /{id}?kind= filters; the mapping is remembered for the header', async () => {
    const created = await reconcile('KES')
    const list = await get('/console/reconciliations')
    expect(list.status).toBe(200)
    expect(list.body.data.items[0]).toMatchObject({ id: created.id, summary: created.summary, exceptions: created.exceptions })
    const ambiguous = await get(`/console/reconciliations/${created.id}?kind=ambiguous`)
    expect(ambiguous.body.data.items).toHaveLength(1)
    expect(ambiguous.body.data.itemsTotal).toBe(1)
    const matchedOnly = await get(`/console/reconciliations/${created.id}?exceptions=false&limit=2&offset=1`)
    expect(matchedOnly.body.data.items.map((item: ReconciliationItem) => item.line)).toEqual([8, 9])
    expect(matchedOnly.body.data.itemsTotal).toBe(4)
    const header = world.csv('KES', 'iso').split('\r\n')[0]!
    const remembered = await get(`/console/reconciliation-mappings?header=${encodeURIComponent(header)}`)
    expect(remembered.body.data).toEqual({ columns: ['Order No', 'Receipt', 'Phone', 'Amount', 'Date'], mapping: reconcileRequest(world, 'KES').mapping, amountUnit: 'KES', remembered: true })
    const guessed = await get(`/console/reconciliation-mappings?header=${encodeURIComponent('Date;M-Pesa Receipt;Customer phone;Paid In (cents);Order ID')}`)
    expect(guessed.body.data).toEqual({
      columns: ['Date', 'M-Pesa Receipt', 'Customer phone', 'Paid In (cents)', 'Order ID'], amountUnit: 'cents', remembered: false,
      mapping: { receipt: 'M-Pesa Receipt', reference: 'Order ID', phone: 'Customer phone', amount: 'Paid In (cents)', date: 'Date' },
    })
  })

  it('a match by hand settles a row and the charge the file missed; its undo puts both back; it is audited', async () => {
    const created = await reconcile('KES')
    const matched = await post(`/console/reconciliations/${created.id}/matches`, { line: 6, transactionId: world.ids.E, note: 'paid under another order number' })
    expect(matched.status).toBe(201)
    const after = matched.body.data as Reconciliation
    expect(after.summary).toEqual({ ...created.summary, matched: 5, missingInPaydesk: 2, missingInFile: 2 })
    expect(rowItem(after.items, 6)).toMatchObject({ kind: 'matched', transactionId: world.ids.E, manual: true, note: 'Matched by hand: paid under another order number' })
    expect(after.items.some((item) => item.kind === 'missing_in_file' && item.transactionId === world.ids.E)).toBe(false)
    // Survives a read, then undone exactly.
    expect((await get(`/console/reconciliations/${created.id}`)).body.data.summary).toEqual(after.summary)
    const undone = await server.request('DELETE', `/console/reconciliations/${created.id}/matches/6`, { headers: consoleHeaders })
    expect(undone.status).toBe(200)
    expect(undone.body.data.summary).toEqual(created.summary)
    expect(undone.body.data.items).toEqual(created.items)
    const audit = await get(`/console/audit?action=console.reconciliations.match&target=${created.id}`)
    expect(audit.body.data.items).toHaveLength(1)
    expect(audit.body.data.items[0]).toMatchObject({ label: 'Reconciliation row matched by hand', target: created.id })
  })

  it('accepting an amount mismatch by hand, and matching an ambiguous row to one candidate', async () => {
    const created = await reconcile('KES')
    const accepted = await post(`/console/reconciliations/${created.id}/matches`, { line: 3, transactionId: world.ids.B, note: 'discount' })
    expect(rowItem(accepted.body.data.items, 3)).toMatchObject({ kind: 'matched', fileAmount: 199_900, paydeskAmount: 200_000, manual: true })
    const resolved = await post(`/console/reconciliations/${created.id}/matches`, { line: 10, transactionId: world.ids.H2 })
    const items = resolved.body.data.items as ReconciliationItem[]
    expect(rowItem(items, 10)).toMatchObject({ kind: 'matched', transactionId: world.ids.H2, candidates: [] })
    expect(items.filter((item) => item.kind === 'missing_in_file').map((item) => item.transactionId).sort()).toEqual([world.ids.E, world.ids.H1].sort())
  })

  it('refuses matches that cannot be: a charge already matched, a failed one, a line that is not a row, a matched row', async () => {
    const { id } = await reconcile('KES')
    const taken = await post(`/console/reconciliations/${id}/matches`, { line: 6, transactionId: world.ids.A })
    expect(taken.status).toBe(409)
    expect(errorOf(taken.body)).toMatchObject({ param: 'transactionId', message: expect.stringMatching(/already matched to line 2/) })
    const failed = await post(`/console/reconciliations/${id}/matches`, { line: 6, transactionId: world.ids.C })
    expect(failed.status).toBe(400)
    expect(errorOf(failed.body).message).toMatch(/not a payment/)
    expect((await post(`/console/reconciliations/${id}/matches`, { line: 99, transactionId: world.ids.E })).status).toBe(404)
    expect((await post(`/console/reconciliations/${id}/matches`, { line: 2, transactionId: world.ids.E })).status).toBe(409)
    expect((await post(`/console/reconciliations/${id}/matches`, { line: 6, transactionId: 'txn_nope' })).status).toBe(404)
    expect((await server.request('DELETE', `/console/reconciliations/${id}/matches/6`, { headers: consoleHeaders })).status).toBe(404)
    expect((await get('/console/reconciliations/rec_nope')).status).toBe(404)
  })

  it('exports every row with its outcome, then the charges the file misses, as a CSV file', async () => {
    const created = await reconcile('KES')
    await post(`/console/reconciliations/${created.id}/matches`, { line: 6, transactionId: world.ids.E, note: 'by phone call' })
    const response = await fetch(`${server.url}/console/reconciliations/${created.id}/export.csv`, { headers: consoleHeaders })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${created.id}-export.csv"`)
    const [header, ...rows] = readCsv(await response.text()).map((record) => record.fields)
    expect(header).toEqual(['Line', 'Order No', 'Receipt', 'Phone', 'Amount', 'Date', 'Outcome', 'Paydesk transaction', 'Paydesk amount (KES)', 'Matched by hand', 'Note'])
    expect(rows).toHaveLength(10 + 3)
    expect(rows[0]).toEqual(['2', world.references.A, '', expect.any(String), '1,500.00', '2026-11-21', 'matched', world.ids.A, '1500.00', '', ''])
    expect(rows[4]).toEqual(['6', 'ORD-NONE-1', '', '', '100.00', '2026-11-21', 'matched', world.ids.E, '900.00', 'yes', 'Matched by hand: by phone call'])
    expect(rows.slice(10).map((row) => [row[0], row[6], row[7]])).toEqual(expect.arrayContaining([
      ['', 'missing_in_file', world.ids.H1], ['', 'missing_in_file', world.ids.H2], ['', 'duplicate', world.ids.I2],
    ]))
  })
})

describe('bad files get a clear 400', () => {
  const base = () => ({ name: 'bad', amountUnit: 'KES', from: '2026-11-21', to: '2026-11-21', timeZone: 'Africa/Nairobi', mapping: { reference: 'Order', amount: 'Amount' } })
  it.each([
    ['an amount that is not one', { csv: 'Order,Amount\r\nA-1,12.345\r\n' }, 'csv', /Line 2: the amount "12.345" in column "Amount"/],
    ['cents with decimals', { csv: 'Order,Amount\r\nA-1,100.50\r\n', amountUnit: 'cents' }, 'csv', /whole cents/],
    ['a date neither ISO nor day/month/year', { csv: 'Order,Amount,When\r\nA-1,10,Nov 21\r\n', mapping: { reference: 'Order', amount: 'Amount', date: 'When' } }, 'csv', /Line 2: the date "Nov 21"/],
    ['a column the file does not have', { csv: 'Order,Total\r\nA-1,10\r\n' }, 'mapping.amount', /no column "Amount"/],
    ['no column to match by', { csv: 'Order,Amount\r\nA-1,10\r\n', mapping: { amount: 'Amount' } }, 'mapping', /at least one column to match by/],
    ['a quote left open', { csv: 'Order,Amount\r\n"A-1,10\r\n' }, 'csv', /not valid CSV: line 2/],
    ['only a header', { csv: 'Order,Amount\r\n' }, 'csv', /no rows/],
    ['to before from', { csv: 'Order,Amount\r\nA-1,10\r\n', from: '2026-11-22' }, 'to', /same day as from or later/],
  ])('%s', async (_name, change, param, message) => {
    const response = await post('/console/reconciliations', { ...base(), ...change })
    expect(response.status).toBe(400)
    expect(errorOf(response.body)).toMatchObject({ param, message: expect.stringMatching(message) })
  })

  it('takes a file bigger than the 1 MiB other bodies are limited to', async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => `BIG-ORDER-NUMBER-${i},10.00,0712${String(i).padStart(6, '0')},"a note long enough to make the file big"`)
    const csv = `Order,Amount,Phone,Note\r\n${rows.join('\r\n')}\r\n`
    expect(csv.length).toBeGreaterThan(1024 * 1024)
    const response = await post('/console/reconciliations', { ...base(), csv, mapping: { reference: 'Order', amount: 'Amount', phone: 'Phone' } })
    expect(response.status).toBe(201)
    expect(response.body.data.summary).toMatchObject({ fileRows: 30_000, missingInPaydesk: 30_000 })
    expect(response.body.data.items).toHaveLength(500)
  })
})

describe('erasing a sandbox erases its reconciliations', () => {
  const count = (table: string) => (server.service.internals.store.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
  const request = { name: 'doomed', csv: 'Order,Amount\r\nx-1,1\r\nx-2,2\r\n', mapping: { reference: 'Order', amount: 'Amount' }, amountUnit: 'KES', from: '2026-11-21', to: '2026-11-21' }

  it('a deleted sandbox organization takes its reconciliations, items, matches and notifications with it', async () => {
    const sandbox = await server.request('POST', '/console/sandboxes', { headers: consoleHeaders, body: { name: 'reconcile worker' } })
    const headers = { ...consoleHeaders, 'paydesk-organization': sandbox.body.data.id as string }
    const before = { items: count('reconciliation_items'), reconciliations: count('reconciliations'), notifications: count('notifications') }
    const created = await server.request('POST', '/console/reconciliations', { headers, body: request })
    expect(created.status).toBe(201)
    expect(count('reconciliation_items')).toBe(before.items + 2)
    expect((await server.request('GET', '/console/notifications', { headers })).body.data.unread).toBe(1)
    expect((await server.request('DELETE', `/console/sandboxes/${sandbox.body.data.id}`, { headers: consoleHeaders })).status).toBe(200)
    expect({ items: count('reconciliation_items'), reconciliations: count('reconciliations'), notifications: count('notifications') }).toEqual(before)
  })

  it('a sandbox reset erases the environment\'s reconciliations and notifications; the remembered mapping stays', async () => {
    const created = await post('/console/reconciliations', request)
    expect((await get(`/console/reconciliations/${created.body.data.id}`)).status).toBe(200)
    expect((await post('/console/simulator/reset', undefined)).status).toBe(200)
    expect((await get(`/console/reconciliations/${created.body.data.id}`)).status).toBe(404)
    expect((await get('/console/reconciliations')).body.data.items).toEqual([])
    expect((await get('/console/notifications')).body.data).toEqual({ items: [], unread: 0 })
    expect(count('reconciliation_items')).toBe(0)
    const mapping = await get(`/console/reconciliation-mappings?header=${encodeURIComponent('Order,Amount')}`)
    expect(mapping.body.data.remembered).toBe(true)
  })
})
