import { copyFileSync, mkdtempSync, rmSync, statSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookTransport } from '../../electron/service'
import { KEPT_SETTINGS, TABLES } from '../../electron/service/db/table-catalogue'
import { startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { ALL_TIME, chargeBody, consoleAuth, defaultAccount, errorOf } from './helpers'
import { rewindToVersion1, schemaObjects } from '../support/schema-rewind'

/** Snapshots: save, list, restore (atomically, while the server runs), delete. */
const sent: string[] = []
let answer = 200
const recorder: WebhookTransport = async (request) => {
  sent.push(request.body)
  return { status: answer, bodyPrefix: '' }
}
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ webhookTransport: recorder })
})
afterAll(() => server.close())

const save = (name: string) => server.request('POST', '/console/snapshots', { headers: consoleAuth(), body: { name } })
const restore = (name: string) => server.request('POST', `/console/snapshots/${name}/restore`, { headers: consoleAuth() })

/** Every state table's rows (settings without the kept ones), in a stable order. */
function stateDump(db = server.service.internals.store.db): Record<string, unknown[]> {
  const dump: Record<string, unknown[]> = {}
  for (const [table, entry] of Object.entries(TABLES)) {
    if (entry.snapshot !== 'state') continue
    const rows = db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all() as Record<string, unknown>[]
    dump[table] = table === 'settings' ? rows.filter((row) => !(KEPT_SETTINGS as readonly string[]).includes(String(row['key']))) : rows
  }
  return dump
}

async function publicView() {
  const list = await server.request('GET', `/v1/transactions?${ALL_TIME}`)
  const accounts = await server.request('GET', '/v1/accounts')
  return { transactions: list.body.data.items, accounts: accounts.body.data.items }
}

describe('save and list', () => {
  it('saves a consistent, self-contained SQLite file and lists it', async () => {
    await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    const saved = await save('baseline')
    expect(saved.status).toBe(201)
    expect(saved.body.data).toMatchObject({ name: 'baseline', takenAt: server.clock.now(), schemaVersion: expect.any(Number), paydeskVersion: '0.1.0' })
    const listed = await server.request('GET', '/console/snapshots', { headers: consoleAuth() })
    expect(listed.body.data.items.map((s: { name: string }) => s.name)).toContain('baseline')
    const file = join(listed.body.data.folder, 'baseline.sqlite')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(existsSync(`${file}-wal`)).toBe(false)
    const copy = new Database(file, { readonly: true })
    try {
      const count = (copy.prepare('SELECT COUNT(*) AS n FROM transactions').get() as { n: number }).n
      expect(count).toBe((server.service.internals.store.db.prepare('SELECT COUNT(*) AS n FROM transactions').get() as { n: number }).n)
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
    } finally {
      copy.close()
    }
  })

  it('refuses names that are not plain file names, and API keys', async () => {
    for (const name of ['../escape', '.hidden', 'a/b', 'a..b', '', 'x'.repeat(65), 'spaces here', 'C:evil']) {
      const response = await save(name)
      expect(response.status, name).toBe(400)
      expect(errorOf(response.body).param).toBe('name')
    }
    expect((await server.request('POST', '/console/snapshots/..%2Fescape/restore', { headers: consoleAuth() })).status).toBe(400)
    expect((await server.request('POST', '/console/snapshots', { body: { name: 'x' } })).status).toBe(403)
    expect((await restore('never-saved')).status).toBe(404)
    expect((await server.request('DELETE', '/console/snapshots/never-saved', { headers: consoleAuth() })).status).toBe(404)
  })
})

describe('restore', () => {
  it('puts back the whole state while the server runs; restoring twice gives the same state', async () => {
    await save('before-changes')
    const before = stateDump()
    const view = await publicView()
    // Changes of every kind after the snapshot: money, a sandbox, a key, a simulator setting.
    for (let i = 0; i < 5; i++) await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    await server.request('POST', '/console/sandboxes', { headers: consoleAuth(), body: { name: 'after the snapshot' } })
    await server.request('POST', '/console/keys', { headers: consoleAuth(), body: { label: 'after' } })
    server.clock.advance(30_000)
    await server.service.tick()
    expect(stateDump()).not.toEqual(before)

    const first = await restore('before-changes')
    expect(first.status).toBe(200)
    expect(first.body.data.tables.transactions).toBe(before['transactions']!.length)
    const afterFirst = stateDump()
    // Pending timers moved by the 30 s since the snapshot; everything else is as saved.
    expect(first.body.data.timersShiftedMs).toBe(30_000)
    const unshift = (dump: Record<string, unknown[]>) => ({
      ...dump,
      transactions: dump['transactions']!.map((row: any) => ({ ...row, due_at: row.due_at === null ? null : row.due_at - 30_000, settle_due_at: row.settle_due_at === null ? null : row.settle_due_at - 30_000 })),
      webhook_deliveries: dump['webhook_deliveries']!.map((row: any) => ({ ...row, next_attempt_at: row.status === 'pending' && row.next_attempt_at !== null ? row.next_attempt_at - 30_000 : row.next_attempt_at })),
    })
    expect(unshift(afterFirst)).toEqual(before)
    expect(await publicView()).toEqual(view)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])

    const second = await restore('before-changes')
    expect(second.status).toBe(200)
    expect(stateDump()).toEqual(afterFirst)
  })

  it('brings back pending simulator timers and webhook deliveries, which then run as they would have', async () => {
    answer = 500 // the first attempt fails: the delivery stays pending with a retry time
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ webhookUrl: 'http://127.0.0.1:9/hook' }) })
    const id = charge.body.data.transactionId as string
    const row = () => server.service.internals.store.db.prepare('SELECT status, due_at FROM transactions WHERE public_id = ?').get(id) as { status: string; due_at: number | null }
    expect(row().status).toBe('pending')
    const dueIn = row().due_at! - server.clock.now()
    expect(dueIn).toBeGreaterThan(0)
    await save('charge-pending')

    // It completes and its webhook is tried and retried...
    server.clock.advance(dueIn)
    await server.service.tick()
    expect(row().status).toBe('completed')
    const pendingDelivery = () => server.service.internals.store.db.prepare("SELECT d.id, d.next_attempt_at, d.attempt_count FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN transactions t ON t.id = e.transaction_id WHERE t.public_id = ? AND d.status = 'pending'").get(id) as { id: string; next_attempt_at: number; attempt_count: number } | undefined
    expect(pendingDelivery()?.attempt_count).toBe(1)
    await save('delivery-retrying')
    const retryIn = pendingDelivery()!.next_attempt_at - server.clock.now()

    // ... back to the pending charge, 10 minutes later: due after the same remaining delay, not at once.
    server.clock.advance(600_000)
    expect((await restore('charge-pending')).status).toBe(200)
    expect(row().status).toBe('pending')
    expect(row().due_at! - server.clock.now()).toBe(dueIn)
    await server.service.tick()
    expect(row().status).toBe('pending')
    server.clock.advance(dueIn)
    await server.service.tick()
    expect(row().status).toBe('completed')

    // The retrying delivery comes back with its attempt count and remaining delay, then succeeds.
    expect((await restore('delivery-retrying')).status).toBe(200)
    expect(pendingDelivery()).toMatchObject({ attempt_count: 1 })
    expect(pendingDelivery()!.next_attempt_at - server.clock.now()).toBe(retryIn)
    answer = 200
    sent.length = 0
    server.clock.advance(retryIn)
    await server.service.tick()
    expect(pendingDelivery()).toBeUndefined()
    expect(sent.some((body) => body.includes(id))).toBe(true)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('a webhook attempt in flight during a restore is not recorded onto the restored rows', async () => {
    answer = 200
    let release: () => void = () => {}
    const gate = new Promise<void>((done) => (release = done))
    let calls = 0
    const slow = await startTestServer({
      webhookTransport: async () => {
        calls += 1
        await gate
        return { status: 200, bodyPrefix: '' }
      },
    })
    try {
      await slow.request('POST', '/v1/mobile/charge', { body: chargeBody({ webhookUrl: 'http://127.0.0.1:9/slow' }) })
      slow.clock.advance(5_000)
      // The charge completes and its webhook attempt starts, held in flight by the gate.
      const ticking = slow.service.tick()
      const pending = () => (slow.service.internals.store.db.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'pending'").get() as { n: number }).n
      expect(pending()).toBe(1)
      expect((await slow.request('POST', '/console/snapshots', { headers: consoleAuth(), body: { name: 'in-flight' } })).status).toBe(201)
      expect((await slow.request('POST', '/console/snapshots/in-flight/restore', { headers: consoleAuth() })).status).toBe(200)
      release()
      await ticking
      await slow.service.tick()
      // The old attempt's answer belonged to the replaced state and was not recorded; the restored delivery
      // (pending, as in the snapshot) was sent again with the same event id, and only that attempt is logged.
      expect(calls).toBe(2)
      expect(pending()).toBe(0)
      expect((slow.service.internals.store.db.prepare('SELECT COUNT(*) AS n FROM webhook_attempts').get() as { n: number }).n).toBe(1)
    } finally {
      release()
      await slow.close()
    }
  })

  it('restores atomically under load: concurrent charges never see half a restore, the ledger stays balanced', async () => {
    answer = 200
    await save('under-load')
    const snapshotView = await publicView()
    const payouts = await defaultAccount(server, 'payouts')
    const statuses: number[] = []
    let running = true
    const load = (async () => {
      while (running) {
        const batch = await Promise.all(Array.from({ length: 8 }, () => server.request('POST', '/v1/mobile/charge', { body: chargeBody() })))
        statuses.push(...batch.map((response) => response.status))
        await server.request('GET', `/v1/balance?accountNo=${payouts.accountNo}`)
        server.clock.advance(1_000)
        void server.service.tick()
      }
    })()
    for (let i = 0; i < 5; i++) {
      const response = await restore('under-load')
      expect(response.status).toBe(200)
      expect(ledgerViolations(server.service.internals.store)).toEqual([])
      await new Promise((resolve) => setImmediate(resolve))
    }
    running = false
    await load
    expect(statuses.length).toBeGreaterThan(0)
    expect(statuses.every((status) => status === 202)).toBe(true)
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
    await restore('under-load')
    expect(await publicView()).toEqual(snapshotView)
  })
})

describe('where snapshots live', () => {
  let folder: string
  afterEach(() => rmSync(folder, { recursive: true, force: true }))

  it('in a snapshots/ folder next to a database file; an older snapshot is migrated, one made by a newer Paydesk is refused', async () => {
    folder = mkdtempSync(join(tmpdir(), 'paydesk-snapfile-'))
    const onFile = await startTestServer({ dbPath: join(folder, 'paydesk.db') })
    try {
      const saved = await onFile.request('POST', '/console/snapshots', { headers: consoleAuth(), body: { name: 'on-disk' } })
      expect(saved.status).toBe(201)
      const listed = await onFile.request('GET', '/console/snapshots', { headers: consoleAuth() })
      expect(listed.body.data.folder).toBe(join(folder, 'snapshots'))
      expect(statSync(join(folder, 'snapshots')).mode & 0o777).toBe(0o700)
      const file = join(folder, 'snapshots', 'on-disk.sqlite')
      // A snapshot from the first schema (no api_keys.api_version, no later tables): migrated on the fly, then restored.
      const older = new Database(file)
      rewindToVersion1(older, ['paydesk_snapshot'])
      older.close()
      await onFile.request('POST', '/console/keys', { headers: consoleAuth(), body: { label: 'made after the snapshot', apiVersion: '1.0.0' } })
      const migrated = await onFile.request('POST', '/console/snapshots/on-disk/restore', { headers: consoleAuth() })
      expect(migrated.status).toBe(200)
      const keys = await onFile.request('GET', '/console/keys', { headers: consoleAuth() })
      expect(keys.body.data.items.map((k: { label: string }) => k.label)).not.toContain('made after the snapshot')
      expect(keys.body.data.items.every((k: { apiVersion: string | null }) => k.apiVersion === null)).toBe(true)
      const future = new Database(file)
      future.pragma('user_version = 999')
      future.close()
      const refused = await onFile.request('POST', '/console/snapshots/on-disk/restore', { headers: consoleAuth() })
      expect(refused.status).toBe(400)
      expect(errorOf(refused.body)).toMatchObject({ code: 'validation_error', param: 'name' })
      expect(errorOf(refused.body).message).toMatch(/newer Paydesk/)
      const deleted = await onFile.request('DELETE', '/console/snapshots/on-disk', { headers: consoleAuth() })
      expect(deleted.body.data).toEqual({ name: 'on-disk', deleted: true })
      expect(existsSync(file)).toBe(false)
    } finally {
      await onFile.close()
    }
  })
})

describe('a sandbox of thousands of transactions', () => {
  it('is restored whole: rows copied many to an INSERT, none lost or doubled at the seams, the word index in step', async () => {
    // 2,500 seeded transactions: three INSERTs of ~1,000 rows for transactions, more for events and postings.
    const big = await startTestServer({ seedHistory: 2_500 })
    try {
      const db = big.service.internals.store.db
      const saved = await big.request('POST', '/console/snapshots', { headers: consoleAuth(), body: { name: 'thousands' } })
      expect(saved.status).toBe(201)
      const before = stateDump(db)
      expect(before['transactions']!.length).toBeGreaterThan(2_500)
      const word = String((before['transactions']!.find((row: any) => row.narration) as any).narration).split(/\s+/)[0]!
      const matching = () => (db.prepare('SELECT COUNT(*) AS n FROM transactions_fts WHERE transactions_fts MATCH ?').get(`"${word}"`) as { n: number }).n
      const matchedBefore = matching()
      for (let i = 0; i < 3; i++) await big.request('POST', '/v1/mobile/charge', { body: chargeBody({ narration: `${word} after the snapshot` }) })
      expect(matching()).toBe(matchedBefore + 3)

      const schemaBefore = schemaObjects(db)

      // A damaged snapshot (a row SQLite refuses) is refused: nothing changes, the indexes the restore set aside included.
      const folder = (await big.request('GET', '/console/snapshots', { headers: consoleAuth() })).body.data.folder as string
      copyFileSync(join(folder, 'thousands.sqlite'), join(folder, 'damaged.sqlite'))
      const damaged = new Database(join(folder, 'damaged.sqlite'))
      damaged.pragma('ignore_check_constraints = ON')
      damaged.prepare("UPDATE transactions SET environment = 'staging' WHERE id = (SELECT MAX(id) FROM transactions)").run()
      damaged.close()
      const beforeFailure = stateDump(db)
      const failed = await big.request('POST', '/console/snapshots/damaged/restore', { headers: consoleAuth() })
      expect(failed.status).toBe(400)
      expect(errorOf(failed.body)).toMatchObject({ code: 'validation_error', param: 'name' })
      expect(errorOf(failed.body).message).toMatch(/^Cannot restore damaged: the snapshot holds rows this sandbox refuses \(CHECK constraint failed/)
      expect(stateDump(db)).toEqual(beforeFailure)
      expect(schemaObjects(db)).toEqual(schemaBefore)

      const restored = await big.request('POST', '/console/snapshots/thousands/restore', { headers: consoleAuth() })
      expect(restored.status).toBe(200)
      expect(restored.body.data.tables.transactions).toBe(before['transactions']!.length)
      expect(restored.body.data.tables.ledger_postings).toBe(before['ledger_postings']!.length)
      expect(stateDump(db)).toEqual(before)
      // Indexes set aside during the copy are back, as they were defined.
      expect(schemaObjects(db)).toEqual(schemaBefore)
      expect(matching()).toBe(matchedBefore)
      db.prepare("INSERT INTO transactions_fts(transactions_fts) VALUES ('integrity-check')").run()
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(ledgerViolations(big.service.internals.store)).toEqual([])
    } finally {
      await big.close()
    }
  })
})
