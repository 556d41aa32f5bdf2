import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../electron/service/db/migrations'
import { testService } from '../support/harness'
import { rewindToVersion1 } from '../support/schema-rewind'
import { acknowledgingTransport, reference, serviceDriver } from '../support/simulator-driver'

/**
 * Migration 011: the indexes that lists read newest first are ascending, so a new row's entry lands at the
 * end of its run and pages fill, instead of at the front of it, where every full page split in two
 * half-empty ones (and each insert cost more). The lists read them backwards and keep their order.
 */
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

type Db = InstanceType<typeof Database>

/** Index key columns declared DESC, as `index.column`. */
function descendingKeys(db: Db): string[] {
  const indexes = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all()
  return indexes.flatMap(({ name }) =>
    (db.pragma(`index_xinfo("${name}")`) as { name: string | null; desc: number; key: number }[])
      .filter((column) => column.key === 1 && column.desc === 1)
      .map((column) => `${name}.${column.name ?? '<expr>'}`),
  )
}

function sandbox(dbPath = ':memory:') {
  const { service, clock } = testService({ dbPath, webhookTransport: acknowledgingTransport })
  cleanups.push(() => service.close())
  const drive = serviceDriver(() => service)
  const charge = () =>
    drive.ok(drive.api('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference('asc') } }))
  /** The newest 50 transactions, newest first, by public id. */
  const listed = () => {
    const page = drive.ok(drive.api('transactions.list', { query: { startDate: '2020-01-01', endDate: '2035-12-31', limit: '50' } }))
    return page.items.map((item) => item.publicId)
  }
  return { service, clock, charge, listed, db: service.internals.store.db as Db }
}

describe('indexes read newest first (migration 011)', () => {
  it('keys no column descending', () => {
    expect(descendingKeys(sandbox().db)).toEqual([])
  })

  it('fills their pages as charges are accepted and finalized, one millisecond apart', async () => {
    const { service, clock, charge, db } = sandbox()
    for (let i = 0; i < 1_500; i++) {
      charge()
      clock.advance(1)
    }
    clock.advance(120_000)
    for (let i = 0; i < 10; i++) await service.tick()
    expect(db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE status = 'pending'").get()).toEqual({ n: 0 })
    const pageSize = db.pragma('page_size', { simple: true }) as number
    const unused = db.prepare<[string], { pages: number; unused: number }>(
      "SELECT COUNT(*) AS pages, AVG(unused) AS unused FROM dbstat WHERE name = ? AND pagetype = 'leaf'",
    )
    for (const index of ['transactions_list', 'transactions_phone', 'transactions_amount', 'webhook_events_org']) {
      const { pages, unused: bytes } = unused.get(index)!
      expect(pages, index).toBeGreaterThan(3)
      // Declared DESC, each of these was half empty (~50 % of every leaf unused); appended, a few %.
      expect(bytes / pageSize, `${index}: ${pages} leaf pages, ${Math.round(bytes)} bytes unused on average`).toBeLessThan(0.3)
    }
  })

  it('a file written with the descending indexes gets ascending ones, and its lists keep their order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-asc-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const dbPath = join(dir, 'paydesk.db')
    const first = sandbox(dbPath)
    for (let i = 0; i < 60; i++) {
      first.charge()
      // Some in the same millisecond: the id breaks the tie, newest first.
      if (i % 3 === 0) first.clock.advance(1)
    }
    const before = first.listed()
    expect(before).toHaveLength(50)
    expect(new Set(before).size).toBe(50)
    first.service.close()

    const old = new Database(dbPath)
    rewindToVersion1(old)
    expect(descendingKeys(old)).toEqual(['transactions_list.created_at', 'transactions_list.id', 'webhook_events_org.created_at'])
    old.close()

    const second = sandbox(dbPath)
    expect(second.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version)
    expect(descendingKeys(second.db)).toEqual([])
    expect(second.listed()).toEqual(before)
  })
})
