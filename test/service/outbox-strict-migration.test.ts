import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../electron/service/db/connection'
import { MIGRATIONS } from '../../electron/service/db/migrations'

type Db = InstanceType<typeof Database>

/** A database as the round that added the outbox left it: every migration up to 027, nothing after. */
function databaseAt027(): Db {
  const db = new Database(':memory:')
  db.pragma('foreign_keys = ON')
  for (const migration of MIGRATIONS.filter((m) => m.version <= 27)) {
    if ('sql' in migration) db.exec(migration.sql)
    else migration.up(db)
    db.pragma(`user_version = ${migration.version}`)
  }
  return db
}

const outboxRow = (id: string, organization: string) => ({
  id, organization_id: organization, environment: 'live', merchant_transaction_id: `ref-${id}`, idempotency_key: `key-${id}`, route: 'payouts.b2c',
  body: '{"amount":100}', body_sha256: 'ab', state: 'accepted', attempts: 2, next_at: 5, last_error: null, transaction_id: 'tx-1',
  unknown_since: null, closed_note: null, closed_by: null, created_at: 1, updated_at: 2,
})
const INSERT_ROW = `INSERT INTO upstream_outbox VALUES (@id, @organization_id, @environment, @merchant_transaction_id, @idempotency_key, @route, @body,
  @body_sha256, @state, @attempts, @next_at, @last_error, @transaction_id, @unknown_since, @closed_note, @closed_by, @created_at, @updated_at)`

describe('migration 028: the upstream outbox is STRICT', () => {
  it('keeps every outbox row and attempt of an older file, then refuses wrong types and attempts of no row', () => {
    const db = databaseAt027()
    db.prepare("INSERT INTO organizations (id, name, created_at) VALUES ('org_1', 'Shop', 1)").run()
    db.prepare(INSERT_ROW).run(outboxRow('ob_1', 'org_1'))
    db.prepare("INSERT INTO upstream_outbox_attempts (outbox_id, at, kind, status, outcome, answer) VALUES ('ob_1', 3, 'send', 202, 'accepted', '{}')").run()
    db.prepare("INSERT INTO upstream_outbox_attempts (outbox_id, at, kind, status, outcome, answer) VALUES ('ob_1', 4, 'lookup', NULL, 'unknown', NULL)").run()
    const before = { rows: db.prepare('SELECT * FROM upstream_outbox').all(), attempts: db.prepare('SELECT * FROM upstream_outbox_attempts ORDER BY id').all() }

    migrate(db)

    expect(db.prepare('SELECT * FROM upstream_outbox').all()).toEqual(before.rows)
    expect(db.prepare('SELECT * FROM upstream_outbox_attempts ORDER BY id').all()).toEqual(before.attempts)
    expect(db.pragma('foreign_key_check')).toEqual([])
    expect(() => db.prepare(INSERT_ROW).run({ ...outboxRow('ob_3', 'org_1'), attempts: 'two' })).toThrow(/cannot store TEXT value in INTEGER column/)
    expect(() => db.prepare("INSERT INTO upstream_outbox_attempts (outbox_id, at, kind, outcome) VALUES ('ob_missing', 1, 'send', 'x')").run()).toThrow(/FOREIGN KEY/)
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name LIKE 'upstream_outbox%' AND sql IS NOT NULL ORDER BY name").pluck().all()
    expect(indexes).toEqual(['upstream_outbox_attempts_by_row', 'upstream_outbox_due'])
    db.close()
  })
})
