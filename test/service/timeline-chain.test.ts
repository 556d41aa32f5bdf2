import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../electron/service/db/migrations'
import { LIVE_KEY, testService } from '../support/harness'
import { rewindToVersion1 } from '../support/schema-rewind'
import { acknowledgingTransport, reference, serviceDriver } from '../support/simulator-driver'

/**
 * Migration 013: a transaction's timeline is a chain (the row names its newest entry, each entry the one
 * before it), not an index on transaction_id that every finalization and settlement wrote into the middle
 * of. Migration 014: its postings name the entry of the state change that moved them and are found through
 * the chain. What the console shows must not change: the timeline and the postings of every transaction,
 * through its whole life, on new files and on files written before; and deleting transactions (a sandbox
 * reset, a deleted sandbox) must take their timelines and postings with them, now that no foreign key checks it.
 */
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
})

type Db = InstanceType<typeof Database>
type Timeline = { status: string; message: string | null; at: number }[]
type Detail = { timeline: Timeline; postings: { accountNo: string; bucket: string; amount: number; at: number }[] }

function sandbox(dbPath = ':memory:') {
  const { service, clock } = testService({ dbPath, webhookTransport: acknowledgingTransport })
  cleanups.push(() => service.close())
  const drive = serviceDriver(() => service)
  const charge = (phoneNumber = '0712345678') =>
    drive.ok(drive.api('mobile.charge', { body: { phoneNumber, amount: 10_000, merchantTransactionId: reference('chain') } })).transactionId
  /** The timeline the console shows (the transaction detail route, as over IPC). */
  const detail = (transactionId: string): Detail => drive.ok(drive.console('console.transactions.detail', { params: { transactionId } }))
  const timeline = (transactionId: string): Timeline => detail(transactionId).timeline
  return { service, clock, drive, charge, detail, timeline, db: service.internals.store.db as Db }
}

/**
 * Timeline entries whose transaction is gone, transactions whose newest entry is not theirs, and postings
 * whose entry is missing or another transaction's (the chain would not find them).
 */
function brokenLinks(db: Db): { orphans: number; misnamed: number; strayPostings: number } {
  return db.prepare<[], { orphans: number; misnamed: number; strayPostings: number }>(`SELECT
    (SELECT COUNT(*) FROM transaction_events e WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id)) AS orphans,
    (SELECT COUNT(*) FROM transactions t LEFT JOIN transaction_events e ON e.id = t.last_event_id
      WHERE e.transaction_id IS NOT t.id) AS misnamed,
    (SELECT COUNT(*) FROM ledger_postings p LEFT JOIN transaction_events e ON e.id = p.event_id
      WHERE e.transaction_id IS NOT p.transaction_id) AS strayPostings`).get()!
}
const LINKED = { orphans: 0, misnamed: 0, strayPostings: 0 }

/** Charges finalized in the order their random delays came due, settled, a few reversed: entries of many transactions interleave. */
async function busyHistory(s: ReturnType<typeof sandbox>): Promise<{ ids: string[]; reversals: string[] }> {
  const ids: string[] = []
  for (let i = 0; i < 40; i++) {
    ids.push(s.charge())
    s.clock.advance(7)
  }
  for (let i = 0; i < 12; i++) {
    s.clock.advance(250)
    await s.service.tick()
  }
  s.clock.advance(15_000)
  await s.service.tick()
  await s.service.tick()
  const reversals = ids.slice(0, 5).map((id) => s.drive.ok(s.drive.api('mobile.reverse', { body: { transactionId: id, narration: 'Refund' } })).transactionId)
  s.clock.advance(5_000)
  await s.service.tick()
  return { ids, reversals }
}

describe('timelines as chains (migration 013)', () => {
  it('keeps no index and no foreign key on the timeline, and indexes postings by their entry: every write is an append', () => {
    const { db } = sandbox()
    expect(db.pragma('index_list(transaction_events)')).toEqual([])
    expect(db.pragma('foreign_key_list(transaction_events)')).toEqual([])
    const postingKeys = (db.pragma('index_list(ledger_postings)') as { name: string }[]).map((index) =>
      (db.pragma(`index_info(${index.name})`) as { name: string }[]).map((column) => column.name).join(','))
    expect(postingKeys.sort()).toEqual(['account_id,created_at,id', 'event_id'])
    expect((db.pragma('foreign_key_list(ledger_postings)') as { from: string }[]).map((key) => key.from)).toEqual(['account_id'])
  })

  it('shows every transaction its own whole timeline, in order, however their entries interleave', async () => {
    const s = sandbox()
    const { ids, reversals } = await busyHistory(s)
    const statuses = (id: string) => s.timeline(id).map((entry) => entry.status)
    for (const id of ids) expect(statuses(id)).toEqual(['pending', 'completed', 'settled'])
    for (const id of reversals) expect(statuses(id)).toEqual(['pending', 'completed'])
    for (const id of [...ids, ...reversals]) {
      const entries = s.timeline(id)
      expect(entries.map((entry) => entry.at)).toEqual([...entries.map((entry) => entry.at)].sort((a, b) => a - b))
    }
    // Interleaved for real: the finalizations did not come in the order the charges were made.
    const finalized = s.db.prepare<[], { transaction_id: number }>("SELECT transaction_id FROM transaction_events WHERE status = 'completed' ORDER BY id").all()
    const order = finalized.map((entry) => entry.transaction_id)
    expect(order).not.toEqual([...order].sort((a, b) => a - b))
    expect(brokenLinks(s.db)).toEqual(LINKED)
    // Postings come with their state changes: a settled charge's completion (3 postings) and settlement (2).
    for (const id of ids) {
      const { postings, timeline } = s.detail(id)
      const completedAt = timeline[1]!.at
      const settledAt = timeline[2]!.at
      expect(postings.map((p) => p.at)).toEqual([completedAt, completedAt, completedAt, settledAt, settledAt])
      expect(postings.reduce((sum, p) => sum + p.amount, 0)).toBe(0)
    }
  })

  it('links seeded history the same way (the bulk writer names each row\'s newest entry as it writes them)', () => {
    const { service } = testService({ seedHistory: 400 })
    cleanups.push(() => service.close())
    const db = service.internals.store.db as Db
    expect(brokenLinks(db)).toEqual(LINKED)
    const chained = db.prepare<[], { n: number; longest: number }>(`WITH lengths AS (
      SELECT t.id, (WITH RECURSIVE chain(id, n) AS (SELECT t.last_event_id, 1 UNION ALL
        SELECT e.prev_id, chain.n + 1 FROM transaction_events e JOIN chain ON e.id = chain.id WHERE e.prev_id IS NOT NULL)
        SELECT MAX(n) FROM chain) AS length,
        (SELECT COUNT(*) FROM transaction_events e WHERE e.transaction_id = t.id) AS entries
      FROM transactions t)
      SELECT SUM(length = entries) AS n, MAX(length) AS longest FROM lengths`).get()!
    // Every chain reaches every entry of its transaction; charges have three (pending, completed, settled).
    expect(chained.n).toBe((db.prepare('SELECT COUNT(*) AS n FROM transactions').get() as { n: number }).n)
    expect(chained.longest).toBeGreaterThanOrEqual(3)
  })

  it('a sandbox reset takes the reset transactions\' timelines and leaves the rest linked', async () => {
    const s = sandbox()
    await busyHistory(s)
    const live = s.drive.ok(s.drive.api('mobile.charge', { body: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference('live') } }, LIVE_KEY))
    const liveBefore = s.drive.ok(s.drive.console('console.transactions.detail', { params: { transactionId: live.transactionId } }, 'live')).timeline
    s.drive.ok(s.drive.console('console.simulator.reset', {}))
    expect(brokenLinks(s.db)).toEqual(LINKED)
    // What is left in test is the opening floats, each with its one entry.
    const left = s.db.prepare<[], { n: number; entries: number }>(`SELECT COUNT(*) AS n,
      (SELECT COUNT(*) FROM transaction_events e JOIN transactions t ON t.id = e.transaction_id WHERE t.environment = 'test') AS entries
      FROM transactions WHERE environment = 'test'`).get()!
    expect(left.entries).toBe(left.n)
    expect(s.drive.ok(s.drive.console('console.transactions.detail', { params: { transactionId: live.transactionId } }, 'live')).timeline).toEqual(liveBefore)
  })

  it('a file written before the chain gets one, and every timeline reads as it did', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-chain-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const dbPath = join(dir, 'paydesk.db')
    const first = sandbox(dbPath)
    const { ids, reversals } = await busyHistory(first)
    const all = [...ids, ...reversals]
    const before = new Map(all.map((id) => [id, first.detail(id)]))
    first.service.close()

    const old = new Database(dbPath)
    rewindToVersion1(old)
    expect(old.pragma('index_list(transaction_events)')).toEqual([expect.objectContaining({ name: 'transaction_events_tx' })])
    old.close()

    const second = sandbox(dbPath)
    expect(second.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version)
    expect(brokenLinks(second.db)).toEqual(LINKED)
    for (const id of all) expect(second.detail(id), id).toEqual(before.get(id))
    // And the chains go on from there: a charge pending at the upgrade finalizes and settles onto its old entry.
    const pending = second.charge()
    second.clock.advance(1)
    second.service.close()
    const older = new Database(dbPath)
    rewindToVersion1(older)
    older.close()
    const third = sandbox(dbPath)
    third.clock.advance(3_100)
    await third.service.tick()
    third.clock.advance(15_000)
    await third.service.tick()
    expect(third.timeline(pending).map((entry) => entry.status)).toEqual(['pending', 'completed', 'settled'])
    expect(third.detail(pending).postings).toHaveLength(5)
    expect(brokenLinks(third.db)).toEqual(LINKED)
  })
})
