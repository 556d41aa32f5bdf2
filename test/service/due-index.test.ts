import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDueRepo, NEXT_DUE_SQL } from '../../electron/service/db/due-repo'
import { MIGRATIONS } from '../../electron/service/db/migrations'
import { DUE_SQL } from '../../electron/service/db/transactions-repo'
import { testService } from '../support/harness'
import { queryPlan } from '../support/query-plan'
import { rewindToVersion1 } from '../support/schema-rewind'
import { acknowledgingTransport, reference, serviceDriver } from '../support/simulator-driver'

/**
 * Migration 009 keys the simulator's due index by (second due, id): what the simulator finalizes is read
 * from that index alone, in that order, and stops at work not yet due; the seeded clock's "next due time"
 * still finds the exact earliest due_at. A file written before 009 gets the new index on open.
 */
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

function sandbox(dbPath = ':memory:') {
  const { service, clock } = testService({ dbPath, webhookTransport: acknowledgingTransport })
  cleanups.push(() => service.close())
  const drive = serviceDriver(() => service)
  const charge = () =>
    drive.ok(drive.api('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference('due') } })).transactionId
  return { service, clock, drive, charge, db: service.internals.store.db }
}

describe('the simulator due index (migration 009)', () => {
  it('replaces the due_at index with one keyed by second and id', () => {
    const { db } = sandbox()
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND name LIKE 'transactions_due%'").all() as { name: string }[])
      .map((r) => r.name)
    expect(names).toEqual(['transactions_due_second'])
  })

  it('reads due work by seeking the index, with no sort, and next() seeks it too', () => {
    const { db } = sandbox()
    const due = queryPlan(db, DUE_SQL, { now: 0, limit: 1 })
    expect(due.join(' | ')).toMatch(/^SEARCH transactions USING INDEX transactions_due_second \(<expr><\?\)$/)
    const next = queryPlan(db, NEXT_DUE_SQL)
    // The first second: read from the first index entry (LIMIT 1); its least due_at: a seek. No table scan.
    expect(next.filter((d) => /transactions_due_second/.test(d)), next.join(' | ')).toEqual([
      'SEARCH transactions USING INDEX transactions_due_second (<expr>=?)',
      'SCAN transactions USING INDEX transactions_due_second',
    ])
    expect(next.filter((d) => /^SCAN transactions$|TEMP B-TREE/.test(d)), next.join(' | ')).toEqual([])
  })

  it('finalizes the earliest second first, by id within it, never what is not yet due', () => {
    const { service, db, charge, clock } = sandbox()
    const ids = Array.from({ length: 6 }, charge)
    const base = Math.floor(clock.now() / 1000) * 1000 + 10_000
    // Due times chosen so id order and due_at order differ within a second and across seconds.
    const dueAt = [base + 900, base + 100, base + 1_500, base + 500, base + 1_200, base + 2_100]
    const setDue = db.prepare('UPDATE transactions SET due_at = ? WHERE public_id = ?')
    ids.forEach((id, i) => setDue.run(dueAt[i], id))
    const idOf = db.prepare<[string], { id: number }>('SELECT id FROM transactions WHERE public_id = ?')
    /** Row ids of the charges at these places of `ids`, in that order. */
    const rows = (...places: number[]) => places.map((i) => idOf.get(ids[i]!)!.id)
    const { transactions } = service.internals.store

    expect(transactions.dueIds(base + 99, 10)).toEqual([])
    expect(transactions.dueIds(base + 600, 10)).toEqual(rows(1, 3))
    // All of the first second and what is due of the second one: the first second by id, then the next.
    expect(transactions.dueIds(base + 1_300, 10)).toEqual(rows(0, 1, 3, 4))
    expect(transactions.dueIds(base + 5_000, 10)).toEqual(rows(0, 1, 3, 2, 4, 5))
    expect(transactions.dueIds(base + 5_000, 2)).toEqual(rows(0, 1))
    // next(): the exact earliest due time, not the first entry of its second.
    expect(createDueRepo(db).next()).toBe(base + 100)
  })

  it('a file written before migration 009 gets the new index, and its pending charges still finalize', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-due-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const dbPath = join(dir, 'paydesk.db')
    const first = sandbox(dbPath)
    const ids = Array.from({ length: 3 }, first.charge)
    first.service.close()

    const old = new Database(dbPath)
    rewindToVersion1(old)
    expect(old.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'transactions_due%'").all()).toEqual([{ name: 'transactions_due' }])
    old.close()

    const second = sandbox(dbPath)
    expect(second.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version)
    expect(second.db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'transactions_due%'").all()).toEqual([{ name: 'transactions_due_second' }])
    second.clock.advance(10_000)
    await second.service.tick()
    expect(ids.map((id) => second.drive.transaction(id).status).every((s) => s !== 'pending')).toBe(true)
  })
})
