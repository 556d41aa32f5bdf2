import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../electron/service/db/connection'
import { createApiRequestsRepo, type NewApiRequestRow } from '../../electron/service/db/api-requests-repo'
import { MIGRATIONS } from '../../electron/service/db/migrations'
import { createStore } from '../../electron/service/db/store'
import { queryPlan } from '../support/query-plan'

/**
 * Migration 016: every request log row knows the bytes it keeps (`stored_bytes`), rows of older files
 * included, and the byte bound's sums and cut read the environment's index only, never a row's bodies.
 */
const row = (requestId: string, body: string | null): NewApiRequestRow => ({
  request_id: requestId, environment: 'test', organization_id: null, at: 1, method: 'POST', path: '/v1/mobile/charge', query: '?a=é',
  status: 400, duration_ms: 1, key_prefix: null, idempotency_key: null, replayed: 0, request_headers: { a: 'b' }, request_body: body,
  response_headers: {}, response_body: '{"status":"error"}', warnings: [], transaction_id: null, faults: [],
})
/** The row as an older file stores it (JSON columns as text, empty lists as NULL). */
const stored = (record: NewApiRequestRow) => ({
  ...record, request_headers: JSON.stringify(record.request_headers), response_headers: JSON.stringify(record.response_headers), warnings: null, faults: null,
})

describe('request log bytes (migration 016)', () => {
  it('gives rows written before it their size, as the repository counts it for new ones', () => {
    const db = new Database(':memory:')
    db.transaction(() => {
      for (const migration of MIGRATIONS.filter((m) => m.version < 16)) {
        if ('sql' in migration) db.exec(migration.sql)
        else migration.up(db)
      }
      db.pragma(`user_version = ${MIGRATIONS.filter((m) => m.version < 16).at(-1)!.version}`)
    })()
    const old = stored(row('old', 'ü'.repeat(1000)))
    db.prepare(`INSERT INTO api_requests (${Object.keys(old).join(', ')}) VALUES (${Object.keys(old).map((k) => `@${k}`).join(', ')})`).run(old)
    migrate(db)
    const repo = createApiRequestsRepo(db)
    const fresh = repo.insert(row('new', 'ü'.repeat(1000)))
    const sizes = db.prepare('SELECT request_id, stored_bytes FROM api_requests ORDER BY seq').all()
    expect(sizes).toEqual([{ request_id: 'old', stored_bytes: fresh }, { request_id: 'new', stored_bytes: fresh }])
    expect(fresh).toBe(Buffer.byteLength('/v1/mobile/charge?a=é{"a":"b"}{}{"status":"error"}') + 2000)
    expect(repo.bytes('test')).toBe(2 * fresh)
    db.close()
  })

  it('drops the fewest oldest rows that free the bytes asked, and counts what it dropped', () => {
    const db = new Database(':memory:')
    migrate(db)
    const repo = createApiRequestsRepo(db)
    const sizes = [10, 20, 30, 40].map((n, i) => repo.insert(row(`r${i}`, 'x'.repeat(n * 100))))
    expect(repo.dropOldestBytes('test', sizes[0]! + 1)).toEqual({ rows: 2, bytes: sizes[0]! + sizes[1]! })
    expect(db.prepare('SELECT request_id FROM api_requests ORDER BY seq').pluck().all()).toEqual(['r2', 'r3'])
    expect(repo.dropOldest('test', 1)).toEqual({ rows: 1, bytes: sizes[2] })
    expect(repo.bytes('test')).toBe(sizes[3])
    for (const sql of ['SELECT coalesce(sum(stored_bytes), 0) FROM api_requests WHERE environment = ?', 'SELECT seq, stored_bytes FROM api_requests WHERE environment = ? ORDER BY seq']) {
      expect(queryPlan(db, sql, ['test']).join(' ')).toMatch(/USING COVERING INDEX api_requests_env/)
    }
    db.close()
  })

  it('keeps each environment\'s tally exact without counting again, and counts again after what it cannot follow', () => {
    const db = new Database(':memory:')
    migrate(db)
    const store = createStore(db)
    const repo = store.apiRequests
    const counted = () => ({ rows: repo.count('test'), bytes: repo.bytes('test') })
    for (let i = 0; i < 5; i++) repo.insert({ ...row(`r${i}`, 'x'.repeat((i + 1) * 10)), organization_id: i < 2 ? 'org_a' : null })
    expect(repo.tally('test')).toEqual(counted())
    // Counted once, then kept: a row inserted behind the repository's back is not seen (nothing counts again).
    db.prepare(`INSERT INTO api_requests (request_id, environment, at, method, path, query, status, duration_ms, request_headers, response_headers, stored_bytes)
      VALUES ('hidden', 'test', 1, 'GET', '/', '', 200, 1, '{}', '{}', 7)`).run()
    repo.insert(row('r5', 'y'))
    repo.dropOldest('test', 1)
    expect(repo.tally('test')).toEqual({ rows: counted().rows - 1, bytes: counted().bytes - 7 })
    // Rows another statement deletes (an organization's), and a rollback of rows the repository wrote.
    db.prepare("DELETE FROM api_requests WHERE organization_id = 'org_a'").run()
    expect(repo.tally('test')).toEqual(counted())
    expect(() => store.transaction(() => {
      repo.insert(row('gone', 'z'))
      throw new Error('rolled back')
    })).toThrow('rolled back')
    expect(repo.tally('test')).toEqual(counted())
    expect(repo.tally('test').rows).toBe(5)
    db.close()
  })
})
