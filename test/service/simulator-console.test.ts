import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_TARIFF } from '../../shared/fees'
import { LIVE_KEY, TEST_KEY, testService } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { schemaObjects } from '../support/schema-rewind'
import { acknowledgingTransport, reference, serviceDriver } from '../support/simulator-driver'

const SECOND = 1_000
const DAY = 24 * 3600 * SECOND
let close: (() => void) | undefined
afterEach(() => close?.())

function fresh() {
  const { service, clock } = testService({ webhookTransport: acknowledgingTransport })
  close = () => service.close()
  const drive = serviceDriver(() => service)
  const charge = (amount = 10_000, extra: Record<string, unknown> = {}) =>
    drive.ok(drive.api('mobile.charge', { body: { phoneNumber: '0712345678', amount, merchantTransactionId: reference('c'), ...extra } as never })).transactionId
  return { service, clock, drive, charge }
}

describe('console.simulator.get / update / advance', () => {
  it('reports mode, pause, simulated now, clock offset and the settlement delay of the mode', () => {
    const { clock, drive } = fresh()
    expect(drive.ok(drive.console('console.simulator.get', {}))).toEqual({
      mode: 'fast', paused: false, now: clock.now(), clockOffsetMs: 0, settlementDelayMs: 10 * SECOND,
    })
    expect(drive.ok(drive.console('console.simulator.update', { body: { mode: 'realistic' } })).settlementDelayMs).toBe(DAY)
  })

  it('overrides the settlement delay, and null restores the mode default', async () => {
    const { service, clock, drive, charge } = fresh()
    expect(drive.ok(drive.console('console.simulator.update', { body: { settlementDelayMs: 0 } })).settlementDelayMs).toBe(0)
    const id = charge()
    clock.advance(3 * SECOND)
    await service.tick()
    expect(drive.transaction(id).status).toBe('settled')
    expect(drive.ok(drive.console('console.simulator.update', { body: { settlementDelayMs: null } })).settlementDelayMs).toBe(10 * SECOND)
  })

  it('advances the simulated clock; the next tick finalizes what became due', async () => {
    const { service, clock, drive, charge } = fresh()
    const id = charge()
    const state = drive.ok(drive.console('console.simulator.advance', { body: { ms: 5 * SECOND } }))
    expect(state).toMatchObject({ clockOffsetMs: 5 * SECOND, now: clock.now() + 5 * SECOND })
    expect(drive.transaction(id).status).toBe('pending')
    await service.tick()
    expect(drive.transaction(id).status).toBe('completed')
    expect(drive.console('console.simulator.advance', { body: { ms: 0 } }).status).toBe(400)
    expect(drive.console('console.simulator.advance', { body: { ms: 31 * DAY } }).status).toBe(400)
  })

  it('is refused to an API key', () => {
    const { drive } = fresh()
    expect(drive.api('console.simulator.get', {}).status).toBe(403)
    expect(drive.api('console.simulator.reset', {}).status).toBe(403)
  })
})

describe('console.simulator.settle', () => {
  it('settles one completed charge, or all of them, and refuses anything else', async () => {
    const { service, clock, drive, charge } = fresh()
    const [a, b, c] = [charge(), charge(), charge()]
    const failed = charge(10_000, { forceStatus: 'failed' })
    clock.advance(3 * SECOND)
    await service.tick()
    expect(drive.ok(drive.console('console.simulator.settle', { body: { transactionId: a } }))).toEqual({ settled: [a] })
    expect(drive.console('console.simulator.settle', { body: { transactionId: a } }).status).toBe(400)
    expect(drive.console('console.simulator.settle', { body: { transactionId: failed } }).status).toBe(400)
    expect(drive.console('console.simulator.settle', { body: { transactionId: 'txn_nope' } }).status).toBe(404)
    expect(drive.ok(drive.console('console.simulator.settle', { body: {} })).settled.sort()).toEqual([b, c].sort())
    // 3 charges of 10,000 minus 55 fee each.
    expect(drive.account('collections')).toMatchObject({ available: 3 * 9_945, pending: 0 })
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })
})

describe('console.funds', () => {
  it('tops up an account at once as a completed bank_deposit', () => {
    const { service, drive } = fresh()
    const payouts = drive.account('payouts')
    const deposit = drive.ok(drive.console('console.funds.topUp', { body: { accountNo: payouts.accountNo, amount: 123_456 } }))
    expect(deposit).toMatchObject({ type: 'bank_deposit', status: 'completed', amount: 123_456, accountType: 'payouts', fees: 0 })
    expect(drive.account('payouts').available).toBe(payouts.available + 123_456)
    expect(drive.console('console.funds.topUp', { body: { accountNo: '0000000000', amount: 1 } }).status).toBe(404)
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('sweeps available collections into the payouts float, refusing more than is available', async () => {
    const { service, clock, drive, charge } = fresh()
    charge(1_000_000)
    clock.advance(3 * SECOND)
    await service.tick()
    clock.advance(10 * SECOND)
    await service.tick()
    const collections = drive.account('collections')
    const payouts = drive.account('payouts')
    expect(collections.available).toBe(994_500)
    expect(drive.console('console.funds.sweep', { body: { amount: 994_501 } }).status).toBe(400)
    expect(drive.console('console.funds.sweep', { body: { amount: 1, fromAccountNo: payouts.accountNo } }).status).toBe(400)
    const swept = drive.ok(drive.console('console.funds.sweep', { body: { amount: 994_500 } }))
    expect(swept).toMatchObject({ type: 'settlement', status: 'completed', amount: 994_500 })
    expect(drive.account('collections').available).toBe(0)
    expect(drive.account('payouts').available).toBe(payouts.available + 994_500)
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })
})

describe('console.fees', () => {
  it('serves the default tariff and applies an override to transactions accepted afterwards', () => {
    const { drive, charge } = fresh()
    expect(drive.ok(drive.console('console.fees.get', {}))).toEqual(DEFAULT_TARIFF)
    const before = charge(100_000)
    const tariff = { ...DEFAULT_TARIFF, charge: { basisPoints: 100, maxFeeMinor: 50_000 } }
    expect(drive.ok(drive.console('console.fees.update', { body: tariff }))).toEqual(tariff)
    const after = charge(100_000)
    expect(drive.transaction(before).fees).toBe(550)
    expect(drive.transaction(after).fees).toBe(1_000)
    const unordered = { ...DEFAULT_TARIFF, b2c: [{ upToMinor: 500, feeMinor: 1 }, { upToMinor: 100, feeMinor: 2 }] }
    expect(drive.console('console.fees.update', { body: unordered }).status).toBe(400)
  })
})

describe('console.simulator.reset', () => {
  it("erases the environment's sandbox data and restores opening balances, leaving keys and the other environment alone", async () => {
    const { service, clock, drive, charge } = fresh()
    const opening = drive.ok(drive.api('accounts.list', { query: {} })).items
    const liveOpening = drive.ok(drive.api('accounts.list', { query: {} }, LIVE_KEY)).items
    const idempotencyKey = '2f1c8f4e-8a43-4c55-9a1e-1d5b0f9e7a10'
    const body = { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: 'reused-ref' }
    drive.ok(drive.api('mobile.charge', { body, idempotencyKey }))
    charge(50_000)
    drive.ok(drive.api('mobile.b2c', { body: { phoneNumber: '0712345678', amount: 5_000, merchantTransactionId: reference('b') } }))
    const liveCharge = drive.ok(drive.api('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference('l') } }, LIVE_KEY)).transactionId
    drive.ok(drive.console('console.webhooks.endpoint.update', { body: { defaultUrl: 'https://merchant.example/hook' } }))
    clock.advance(3 * SECOND)
    await service.tick()

    const reset = drive.ok(drive.console('console.simulator.reset', {}))
    expect(reset.environment).toBe('test')
    expect(reset.removedTransactions).toBe(3)
    expect(reset.accounts).toEqual(opening.map((a) => ({ ...a })))
    const list = drive.ok(drive.api('transactions.list', { query: { startDate: '2020-01-01', endDate: '2035-12-31' } })).items
    expect(list.map((t) => [t.type, t.narration])).toEqual([['bank_deposit', 'Opening float'], ['bank_deposit', 'Opening float']])
    expect(service.internals.store.db.prepare("SELECT COUNT(*) AS n FROM webhook_events WHERE environment = 'test'").get()).toEqual({ n: 0 })
    // The same Idempotency-Key and merchant reference start afresh.
    expect(drive.api('mobile.charge', { body, idempotencyKey }).headers['Idempotent-Replayed']).toBeUndefined()
    // The key still works, and the live environment kept its charge and balances.
    expect(drive.api('accounts.list', { query: {} }, TEST_KEY).status).toBe(200)
    expect(drive.ok(drive.api('transactions.get', { query: { transactionId: liveCharge } }, LIVE_KEY)).status).toBe('completed')
    const liveNow = drive.ok(drive.api('accounts.list', { query: {} }, LIVE_KEY)).items
    expect(liveNow.find((a) => a.type === 'collections')!.pending).toBe(9_945)
    expect(liveNow.filter((a) => a.type === 'payouts')).toEqual(liveOpening.filter((a) => a.type === 'payouts'))
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('erasing most of the file\'s transactions sets their indexes aside and builds them again exactly as they were', () => {
    // Seeded history lands in the demo organization's test environment: most of the file.
    const { service } = testService({ webhookTransport: acknowledgingTransport, seedHistory: 400 })
    close = () => service.close()
    const drive = serviceDriver(() => service)
    const db = service.internals.store.db
    const liveCharge = drive.ok(drive.api('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference('l') } }, LIVE_KEY)).transactionId
    const before = schemaObjects(db)
    const dropped: string[] = []
    const exec = db.exec.bind(db)
    db.exec = (sql: string) => {
      if (/^DROP INDEX/.test(sql)) dropped.push(sql)
      return exec(sql)
    }

    const reset = drive.ok(drive.console('console.simulator.reset', {}))
    expect(reset.removedTransactions).toBeGreaterThanOrEqual(400)
    expect(dropped.length).toBeGreaterThan(5) // the set-aside path ran
    expect(schemaObjects(db)).toEqual(before)
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    db.prepare("INSERT INTO transactions_fts(transactions_fts) VALUES ('integrity-check')").run() // throws when the word index is damaged
    expect(ledgerViolations(service.internals.store)).toEqual([])
    expect(drive.ok(drive.api('transactions.list', { query: { startDate: '2020-01-01', endDate: '2035-12-31' } })).items.map((t) => t.narration))
      .toEqual(['Opening float', 'Opening float'])
    expect(drive.ok(drive.api('transactions.get', { query: { transactionId: liveCharge } }, LIVE_KEY)).status).toBe('pending')
  })
})
