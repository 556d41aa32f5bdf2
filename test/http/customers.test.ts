import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ledgerViolations } from '../support/ledger-invariants'
import { ref, startTestServer, type TestServer } from '../support/harness'
import { consoleAuth } from './helpers'
import { queryPlan } from '../support/query-plan'

/** Simulated customers (docs/simulator.md "Simulated customers"): registry routes and the outcomes they drive. */
let s: TestServer
beforeEach(async () => {
  s = await startTestServer()
})
afterEach(async () => {
  expect(ledgerViolations(s.service.internals.store)).toEqual([])
  await s.close()
})

const WANJIKU = '0712345678'
const put = (phone: string, body: Record<string, unknown>) => s.request('PUT', `/console/customers/${phone}`, { headers: consoleAuth(), body })
const customer = async (phone: string) => (await s.request('GET', '/console/customers', { headers: consoleAuth() })).body.data.items.find((c: any) => c.phoneNumber === `+254${phone.slice(-9)}`)
const charge = async (phone: string, amount: number, extra: Record<string, unknown> = {}) => {
  const answer = await s.request('POST', '/v1/mobile/charge', { body: { phoneNumber: phone, amount, merchantTransactionId: ref('c'), ...extra } })
  expect(answer.status).toBe(202)
  return answer.body.data.transactionId as string
}
const transaction = async (id: string) => (await s.request('GET', `/v1/transaction?transactionId=${id}`)).body.data
const finishAll = async () => {
  s.clock.advance(3_000)
  await s.service.tick()
}

describe('customer registry (console routes)', () => {
  it('creates with defaults, changes fields, lists and removes', async () => {
    const created = await put('254712345678', { name: 'Wanjiku' })
    expect(created.status).toBe(200)
    expect(created.body.data).toEqual({
      phoneNumber: '+254712345678', name: 'Wanjiku', balance: 10_000_000, dailyLimit: 50_000_000, spentToday: 0, status: 'active', promptTransactionId: null,
    })
    const changed = await put('+254712345678', { balance: 5_000, status: 'blocked' })
    expect(changed.body.data).toMatchObject({ name: 'Wanjiku', balance: 5_000, status: 'blocked' })
    expect((await put(WANJIKU, { status: 'asleep' })).status).toBe(400)
    expect((await put('12345', {})).status).toBe(400)
    const removed = await s.request('DELETE', `/console/customers/${WANJIKU}`, { headers: consoleAuth() })
    expect(removed.status).toBe(200)
    expect((await s.request('DELETE', `/console/customers/${WANJIKU}`, { headers: consoleAuth() })).status).toBe(404)
    expect((await s.request('GET', '/console/customers', { headers: consoleAuth() })).body.data.items).toEqual([])
  })

  it('is a console route: an API key is refused', async () => {
    expect((await s.request('GET', '/console/customers')).status).toBe(403)
  })
})

describe('outcomes from the customer', () => {
  it('a completed charge debits the wallet; a charge above the balance fails with insufficient funds (1)', async () => {
    await put(WANJIKU, { balance: 50_000 })
    const paid = await charge(WANJIKU, 30_000)
    await finishAll()
    expect(await transaction(paid)).toMatchObject({ status: 'completed' })
    expect(await customer(WANJIKU)).toMatchObject({ balance: 20_000, spentToday: 30_000 })
    const tooMuch = await charge(WANJIKU, 20_100)
    await finishAll()
    expect(await transaction(tooMuch)).toMatchObject({ status: 'failed', message: 'The balance is insufficient for the transaction.' })
    expect((await customer(WANJIKU)).balance).toBe(20_000)
  })

  it('above the daily limit fails with the M-Pesa limit code (4); the limit resets the next simulated day', async () => {
    await put(WANJIKU, { balance: 1_000_000, dailyLimit: 25_000 })
    const first = await charge(WANJIKU, 20_000)
    await finishAll()
    expect((await transaction(first)).status).toBe('completed')
    const over = await charge(WANJIKU, 6_000)
    await finishAll()
    expect(await transaction(over)).toMatchObject({ status: 'failed', message: 'The transaction would exceed the daily transfer limit of the customer.' })
    const events = await s.request('GET', '/console/webhooks/events', { headers: consoleAuth() })
    expect(JSON.stringify(events.body)).toContain('"code":"4"')
    s.clock.advance(24 * 60 * 60 * 1000)
    const tomorrow = await charge(WANJIKU, 6_000)
    await finishAll()
    expect((await transaction(tomorrow)).status).toBe('completed')
  })

  it('only charges count against the daily limit and hold the phone: payouts to it share its index, not the checks', async () => {
    await put(WANJIKU, { balance: 1_000_000, dailyLimit: 25_000 })
    // A completed payout of 30,000 today and one still pending when the charge comes: neither is a charge.
    const payout = await s.request('POST', '/v1/mobile/b2c', { body: { phoneNumber: WANJIKU, amount: 30_000, merchantTransactionId: ref('p') } })
    await finishAll()
    expect((await transaction(payout.body.data.transactionId)).status).toBe('completed')
    await s.request('POST', '/v1/mobile/b2c', { body: { phoneNumber: WANJIKU, amount: 1_000, merchantTransactionId: ref('p') } })
    const charged = await charge(WANJIKU, 20_000)
    await finishAll()
    expect((await transaction(charged)).status).toBe('completed')
  })

  it('the per-phone checks seek the phone index by time, with no sort (migration 012)', () => {
    const { db, customers } = s.service.internals.store
    for (const [name, statement] of Object.entries(customers.statements)) {
      expect(queryPlan(db, statement.source, ['+254712345678', 0]), name).toEqual([
        'SEARCH transactions USING INDEX transactions_phone (phone_number=? AND created_at>?)',
      ])
    }
  })

  it('blocked (11) and unregistered (2040) numbers fail charges and b2c payouts', async () => {
    await put('0722000001', { status: 'blocked' })
    await put('0722000002', { status: 'unregistered' })
    const blocked = await charge('0722000001', 1_000)
    const unregistered = await charge('0722000002', 1_000)
    const payout = await s.request('POST', '/v1/mobile/b2c', { body: { phoneNumber: '0722000001', amount: 1_000, merchantTransactionId: ref('p') } })
    await finishAll()
    expect(await transaction(blocked)).toMatchObject({ status: 'failed', message: 'The M-Pesa account of the customer is blocked.' })
    expect(await transaction(unregistered)).toMatchObject({ status: 'failed', message: 'The phone number is not registered for M-Pesa.' })
    expect((await transaction(payout.body.data.transactionId)).status).toBe('failed')
  })

  it('a second push to a phone still showing a prompt fails with 1001; other phones prompt at the same time', async () => {
    await s.request('PUT', '/console/simulator', { headers: consoleAuth(), body: { mode: 'interactive' } })
    await put(WANJIKU, { balance: 100_000 })
    await put('0712000002', { balance: 100_000 })
    const first = await charge(WANJIKU, 1_000)
    const busy = await charge(WANJIKU, 1_000)
    const other = await charge('0712000002', 2_000)
    expect(await customer(WANJIKU)).toMatchObject({ promptTransactionId: first })
    const prompts = await s.request('GET', '/console/prompts', { headers: consoleAuth() })
    expect(prompts.body.data.items.map((p: any) => p.transactionId).sort()).toEqual([first, other].sort())
    await finishAll()
    expect(await transaction(busy)).toMatchObject({ status: 'failed', message: 'Unable to lock subscriber, a transaction is already in process for the current subscriber.' })
    const approved = await s.request('POST', `/console/prompts/${other}/answer`, { headers: consoleAuth(), body: { answer: 'approve' } })
    expect(approved.body.data.status).toBe('completed')
    expect((await customer('0712000002')).balance).toBe(98_000)
    expect((await transaction(first)).status).toBe('pending')
  })

  it('a b2c payout credits the wallet; a reversal puts a charge back', async () => {
    await put(WANJIKU, { balance: 10_000 })
    await s.request('POST', '/v1/mobile/b2c', { body: { phoneNumber: WANJIKU, amount: 5_000, merchantTransactionId: ref('p') } })
    const paid = await charge(WANJIKU, 12_000, { forceStatus: undefined })
    await finishAll()
    // The charge was accepted when the wallet held 10,000 — but by then the b2c had not arrived: acceptance said insufficient.
    expect((await transaction(paid)).status).toBe('failed')
    expect((await customer(WANJIKU)).balance).toBe(15_000)
    const second = await charge(WANJIKU, 12_000)
    await finishAll()
    expect((await transaction(second)).status).toBe('completed')
    expect((await customer(WANJIKU)).balance).toBe(3_000)
    const reversal = await s.request('POST', '/v1/mobile/reverse', { body: { transactionId: second } })
    expect(reversal.status).toBe(202)
    s.clock.advance(15_000)
    await s.service.tick()
    expect((await customer(WANJIKU)).balance).toBe(15_000)
  })

  it('forceStatus and magic phones still win over the customer', async () => {
    await put(WANJIKU, { balance: 0 })
    await put('0700000001', { balance: 1_000_000 })
    const forced = await charge(WANJIKU, 1_000, { forceStatus: 'success' })
    const magic = await charge('0700000001', 1_000)
    const unknown = await charge('0733333333', 1_000)
    await finishAll()
    // forceStatus wins: the charge completes although the wallet is empty (which stays at 0, never negative).
    expect((await transaction(forced)).status).toBe('completed')
    expect((await customer(WANJIKU)).balance).toBe(0)
    expect(await transaction(magic)).toMatchObject({ status: 'failed', message: 'Request cancelled by user.' })
    expect((await transaction(unknown)).status).toBe('completed')
  })
})
