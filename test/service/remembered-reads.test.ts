import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTableWatch, MAX_REMEMBERED } from '../../electron/service/db/cache/table-watch'
import { sha256Hex } from '../../electron/service/core/ids'
import { SETTINGS } from '../../electron/service/db/settings-registry'
import { CONSOLE_TOKEN, TEST_KEY, testService } from '../support/harness'

/**
 * db/table-watch.ts: reads of rarely changing tables are remembered, and must never outlive a change,
 * whoever makes it (an operation, a raw statement, a rollback, another process on the same file).
 */
describe('remembered reads (db/table-watch.ts)', () => {
  const folders: string[] = []
  const tempFile = () => {
    const folder = mkdtempSync(join(tmpdir(), 'paydesk-watch-'))
    folders.push(folder)
    return join(folder, 'paydesk.sqlite')
  }
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  })

  function counted(file = ':memory:') {
    const db = new Database(file)
    if (file !== ':memory:') db.pragma('journal_mode = WAL')
    db.exec('CREATE TABLE things (id TEXT PRIMARY KEY, label TEXT, hits INTEGER NOT NULL DEFAULT 0)')
    db.exec("INSERT INTO things (id, label) VALUES ('a', 'first')")
    const watch = createTableWatch(db)
    let reads = 0
    const stmt = db.prepare<[string], { id: string; label: string }>('SELECT id, label FROM things WHERE id = ?')
    const remembered = watch.memo([{ table: 'things', columns: ['label'] }], (id) => {
      reads++
      return stmt.get(id)
    })
    // As the store runs every unit: a top-level transaction, announced to the watch as it begins.
    const label = (id: string) => {
      if (db.inTransaction) return remembered(id)
      watch.beginning()
      return db.transaction(() => remembered(id))()
    }
    return { db, watch, label, remembered, reads: () => reads }
  }

  it('reads once, then again after an INSERT, an UPDATE of a watched column, an upsert and a DELETE; not after other columns change', () => {
    const { db, label, reads } = counted()
    expect(label('a')?.label).toBe('first')
    expect(label('a')?.label).toBe('first')
    expect(reads()).toBe(1)
    db.prepare("UPDATE things SET hits = hits + 1 WHERE id = 'a'").run()
    expect(label('a')?.label).toBe('first')
    expect(reads()).toBe(1)
    db.prepare("UPDATE things SET label = 'second' WHERE id = 'a'").run()
    expect(label('a')?.label).toBe('second')
    db.prepare("INSERT INTO things (id, label) VALUES ('a', 'third') ON CONFLICT(id) DO UPDATE SET label = excluded.label").run()
    expect(label('a')?.label).toBe('third')
    expect(label('b')).toBeUndefined()
    db.prepare("INSERT INTO things (id, label) VALUES ('b', 'new')").run()
    expect(label('b')?.label).toBe('new')
    db.prepare("DELETE FROM things WHERE id = 'b'").run()
    expect(label('b')).toBeUndefined()
    expect(reads()).toBe(6)
  })

  it('outside a transaction, reads through (each read is its own snapshot; nothing is remembered)', () => {
    const { remembered, reads } = counted()
    expect(remembered('a')?.label).toBe('first')
    expect(remembered('a')?.label).toBe('first')
    expect(reads()).toBe(2)
  })

  it('forgets what a rolled-back transaction showed it', () => {
    const { db, watch, label } = counted()
    const inTransaction = db.transaction(() => {
      db.prepare("INSERT INTO things (id, label) VALUES ('c', 'doomed')").run()
      expect(label('c')?.label).toBe('doomed')
      throw new Error('rolled back')
    })
    expect(() => inTransaction()).toThrow('rolled back')
    watch.rolledBack() // what the store does for every transaction that ends in an error
    expect(label('c')).toBeUndefined()
  })

  it('sees a commit made by another connection to the same file', () => {
    const file = tempFile()
    const { db, label } = counted(file)
    expect(label('a')?.label).toBe('first')
    const other = new Database(file)
    other.prepare("UPDATE things SET label = 'from elsewhere' WHERE id = 'a'").run()
    other.close()
    expect(label('a')?.label).toBe('from elsewhere')
    db.close()
  })

  it('the store forgets what a unit that rolled back showed it (a key created inside it is unknown after)', () => {
    const { service } = testService()
    const { store } = service.internals
    const organizationId = store.settings.get(SETTINGS.demoOrganizationId)!
    const hash = sha256Hex('sk_test_rolledback0000000001')
    expect(() => store.transaction(() => {
      store.apiKeys.insert({
        id: 'key_doomed', organization_id: organizationId, environment: 'test', prefix: 'sk_test_roll…0001', key_hash: hash, label: 'doomed',
        created_at: 0, last_used_at: null, revoked_at: null, api_version: null,
      } as never)
      expect(store.apiKeys.findByHash(hash)?.id).toBe('key_doomed')
      throw new Error('the unit failed')
    })).toThrow('the unit failed')
    expect(store.apiKeys.findByHash(hash)).toBeUndefined()
    service.close()
  })

  it('keeps at most MAX_REMEMBERED values: made-up keys (misses are remembered too) cannot grow it without end', () => {
    const { db, watch } = counted()
    let reads = 0
    const probe = watch.memo([{ table: 'things' }], (key) => {
      reads++
      return key === 'a' ? 'found' : undefined
    })
    db.transaction(() => {
      probe('made-up-first')
      probe('made-up-first')
      expect(reads).toBe(1) // remembered
      for (let i = 0; i < 3 * MAX_REMEMBERED; i++) probe(`made-up-${i}`)
      const before = reads
      // The memo started over on the way instead of growing: the first key is no longer remembered.
      expect(probe('made-up-first')).toBeUndefined()
      expect(reads).toBe(before + 1)
      expect(probe('a')).toBe('found')
    })()
  })

  it('hands out frozen values: a caller cannot change what the next reader gets', () => {
    const { label } = counted()
    const value = label('a')!
    expect(Object.isFrozen(value)).toBe(true)
    expect(() => {
      ;(value as { label: string }).label = 'changed'
    }).toThrow(TypeError)
  })

  it('the engine: a key revoked by the console, or by another process on the same file, is refused at once', () => {
    const file = tempFile()
    const { service } = testService({ dbPath: file })
    const accounts = () => service.call('accounts.list', {}, { bearer: TEST_KEY })
    expect(accounts().status).toBe(200)
    expect(accounts().status).toBe(200)
    const other = new Database(file)
    other.pragma('busy_timeout = 5000')
    other.prepare('UPDATE api_keys SET revoked_at = ? WHERE key_hash = ?').run(Date.now(), sha256Hex(TEST_KEY))
    other.close()
    expect(accounts()).toMatchObject({ status: 401, body: { error: { message: 'This API key has been revoked.' } } })

    // Through the engine's own connection: a new key works at once, and is refused once revoked.
    const created = service.call('console.keys.create', { body: { label: 'watch' } }, { bearer: CONSOLE_TOKEN })
    expect(created.status).toBe(201)
    const { id, key: secret } = (created.body as { data: { id: string; key: string } }).data
    expect(service.call('accounts.list', {}, { bearer: secret }).status).toBe(200)
    expect(service.call('console.keys.revoke', { params: { keyId: id } }, { bearer: CONSOLE_TOKEN }).status).toBe(200)
    expect(service.call('accounts.list', {}, { bearer: secret }).status).toBe(401)
    service.close()
  })

  it('the engine: a webhook URL set by another process is used for the next event', async () => {
    const file = tempFile()
    const sent: string[] = []
    const { service, clock } = testService({
      dbPath: file, simulatorMode: 'fast',
      webhookTransport: async (request) => {
        sent.push(request.url)
        return { status: 200, bodyPrefix: '' }
      },
    })
    const { store } = service.internals
    const organizationId = store.settings.get(SETTINGS.demoOrganizationId)!
    const charge = async (reference: string) => {
      const accepted = service.call('mobile.charge', { body: { phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: reference } }, { bearer: TEST_KEY })
      expect(accepted.status).toBe(202)
      clock.advance(10_000)
      await service.tick()
      await service.tick()
    }
    await charge('watch-1')
    expect(sent).not.toContain('http://127.0.0.1:9/elsewhere')
    const other = new Database(file)
    other.pragma('busy_timeout = 5000')
    other.prepare(`INSERT INTO webhook_endpoints (organization_id, environment, default_url, secret) VALUES (?, 'test', ?, ?)
      ON CONFLICT(organization_id, environment) DO UPDATE SET default_url = excluded.default_url`).run(organizationId, 'http://127.0.0.1:9/elsewhere', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')
    other.close()
    await charge('watch-2')
    expect(sent).toContain('http://127.0.0.1:9/elsewhere')
    service.close()
  })
})
