import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AMOUNT_BOUNDS } from '../../shared/money'
import { PHONE_PATTERN } from '../../shared/schemas/common'
import type { TransactionRow } from '../../electron/service/db/rows'
import { computeFee, DEFAULT_TARIFF } from '../../electron/service/domain/fees'
import { seedHistory, type SeedHistoryResult } from '../../electron/service/seed/history'
import { ledgerViolations } from '../support/ledger-invariants'
import { TEST_KEY, testService } from '../support/harness'

const COUNT = 2_000
const DAY_MS = 24 * 60 * 60 * 1000

let context: ReturnType<typeof testService>
let result: SeedHistoryResult
let rows: TransactionRow[]
let openingRows: number

beforeAll(() => {
  context = testService()
  const { store, engine } = context.service.internals
  openingRows = (store.db.prepare('SELECT COUNT(*) AS n FROM transactions').get() as { n: number }).n
  result = seedHistory(store, { count: COUNT, organizationId: context.service.startup.demoOrganizationId, now: engine.now() })
  rows = store.db.prepare(`SELECT * FROM transactions WHERE id > ? ORDER BY id`).all(openingRows) as TransactionRow[]
})
afterAll(() => context.service.close())

describe('seedHistory', () => {
  it('inserts exactly the requested number of transactions', () => {
    expect(result.inserted).toBe(COUNT)
    expect(rows).toHaveLength(COUNT)
    expect(Object.values(result.byType).reduce((a, b) => a + b, 0)).toBe(COUNT)
  })

  it('spreads them over the past 90 days, oldest first, all in the past', () => {
    const now = context.service.internals.engine.now()
    const first = rows[0]!.created_at
    const last = rows[rows.length - 1]!.created_at
    expect(first).toBeGreaterThanOrEqual(now - 90 * DAY_MS - 5 * 60_000)
    expect(first).toBeLessThan(now - 89 * DAY_MS)
    expect(last).toBeGreaterThan(now - DAY_MS)
    for (const row of rows) expect(row.updated_at).toBeLessThan(now)
    const weeks = new Set(rows.map((row) => Math.floor((now - row.created_at) / (7 * DAY_MS))))
    expect(weeks.size).toBeGreaterThanOrEqual(13)
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.created_at).toBeGreaterThanOrEqual(rows[i - 1]!.created_at)
  })

  it('mixes types and statuses like a real merchant', () => {
    for (const type of ['charge', 'transfer', 'payment', 'bank_withdrawal', 'reversal']) expect(result.byType[type] ?? 0).toBeGreaterThan(0)
    expect(result.byType['charge']!).toBeGreaterThan(COUNT / 2)
    for (const status of ['settled', 'completed', 'failed']) expect(result.byStatus[status] ?? 0).toBeGreaterThan(0)
    expect(rows.filter((r) => r.type === 'charge' && r.status === 'completed').every((r) => r.settle_due_at !== null)).toBe(true)
  })

  it('keeps amounts in bounds, fees from the tariff, phones and references well formed', () => {
    const feeKind = { charge: 'charge', transfer: 'b2c', payment: 'b2b', bank_withdrawal: 'bankTransfer' } as const
    const bounds = { charge: AMOUNT_BOUNDS.charge, transfer: AMOUNT_BOUNDS.b2c, payment: AMOUNT_BOUNDS.b2b, bank_withdrawal: AMOUNT_BOUNDS.bankTransfer }
    for (const row of rows) {
      if (row.type in feeKind) {
        const type = row.type as keyof typeof feeKind
        expect(row.amount).toBeGreaterThanOrEqual(bounds[type].min)
        expect(row.amount).toBeLessThanOrEqual(bounds[type].max)
        expect(row.amount % bounds[type].multipleOf).toBe(0)
        expect(row.fees).toBe(computeFee(DEFAULT_TARIFF, feeKind[type], row.amount))
        expect(row.merchant_transaction_id).toMatch(/^[A-Za-z0-9._-]{1,64}$/)
      }
      if (row.phone_number !== null) expect(row.phone_number).toMatch(PHONE_PATTERN)
      expect(row.public_id).toMatch(/^txn_[0-9a-z]{26}$/)
    }
    const references = rows.map((r) => r.merchant_transaction_id).filter((r) => r !== null)
    expect(new Set(references).size).toBe(references.length)
  })

  it('gives each transaction a timeline ending in its state', () => {
    const { store } = context.service.internals
    for (const row of rows.slice(0, 200)) {
      const events = store.transactions.events(row.id)
      expect(events.length).toBeGreaterThan(0)
      expect(events[events.length - 1]!.status).toBe(row.status)
    }
  })

  it('keeps every ledger guarantee, also after the simulator settles what falls due', async () => {
    const { store } = context.service.internals
    expect(ledgerViolations(store)).toEqual([])
    context.clock.advance(2 * DAY_MS)
    await context.service.tick()
    expect(ledgerViolations(store)).toEqual([])
  })

  it('is served by the public API like any other transaction', () => {
    const today = new Date(context.service.internals.engine.now()).toISOString().slice(0, 10)
    const start = new Date(context.service.internals.engine.now() - 95 * DAY_MS).toISOString().slice(0, 10)
    const response = context.service.call('transactions.list', { query: { startDate: start, endDate: today, type: 'charge', limit: '50' } }, { bearer: TEST_KEY })
    expect(response.status).toBe(200)
    const data = (response.body as { data: { count: number } }).data
    expect(data.count).toBe(50)
  })

  it('is repeatable: the same seed gives the same history', () => {
    const other = testService()
    const { store, engine } = other.service.internals
    seedHistory(store, { count: 300, organizationId: other.service.startup.demoOrganizationId, now: engine.now() })
    const again = store.db.prepare('SELECT public_id, amount, status FROM transactions WHERE id > ? ORDER BY id').all(openingRows)
    other.service.close()
    const third = testService()
    seedHistory(third.service.internals.store, { count: 300, organizationId: third.service.startup.demoOrganizationId, now: third.service.internals.engine.now() })
    const once = third.service.internals.store.db.prepare('SELECT public_id, amount, status FROM transactions WHERE id > ? ORDER BY id').all(openingRows)
    third.service.close()
    expect(once).toEqual(again)
  })
})

describe('seedHistory and the search indexes (migration 005)', () => {
  it('indexes every seeded narration once, and new rows after the load still by trigger', () => {
    const { db } = context.service.internals.store
    const narrated = (db.prepare('SELECT COUNT(*) AS n FROM transactions WHERE narration IS NOT NULL').get() as { n: number }).n
    const indexed = (db.prepare('SELECT COUNT(*) AS n FROM transactions_fts').get() as { n: number }).n
    expect(indexed).toBe(narrated)
    const word = rows.find((r) => r.type === 'charge' && r.narration)!.narration!.split(/\s+/)[0]!
    const hits = db.prepare('SELECT rowid FROM transactions_fts WHERE transactions_fts MATCH ?').all(`"${word}"`) as { rowid: number }[]
    expect(hits.length).toBe(rows.filter((r) => (r.narration ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).includes(word.toLowerCase())).length)
    const trigger = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name = 'transactions_fts_insert'").get()
    expect(trigger).toBeDefined()
  })
})
