import { describe, expect, it } from 'vitest'
import { POSTINGS_OF_SQL } from '../../electron/service/db/ledger-repo'
import { REBALANCE_SQL } from '../../electron/service/db/sandbox-repo'
import { STATEMENT_POSTINGS_PAGE_SQL, STATEMENT_POSTINGS_SQL } from '../../electron/service/db/statement-repo'
import { testService } from '../support/harness'
import { queryPlan } from '../support/query-plan'

/**
 * Migration 008 dropped `ledger_postings_account (account_id, bucket)`: every posting paid for it, and
 * `ledger_postings_account_time (account_id, created_at, id)` serves each query that used it. These plans
 * prove the queries that read one account's postings still seek an index instead of scanning the table.
 * Migration 014 replaced `ledger_postings_tx (transaction_id)` by `ledger_postings_event (event_id)`: a
 * transaction's postings are found through its timeline's entries, each a seek (never a scan).
 */
describe('ledger_postings indexes (migration 008)', () => {
  const { service } = testService()
  const { db } = service.internals.store
  const plan = (sql: string, params: unknown[] | Record<string, unknown>) => queryPlan(db, sql, params)

  it('keeps one index per way postings are read, and no redundant one', () => {
    const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ledger_postings' ORDER BY name").all() as { name: string }[])
      .map((r) => r.name)
    expect(names).toEqual(['ledger_postings_account_time', 'ledger_postings_event'])
  })

  it('rebalances a reset sandbox by seeking each account (never a scan of the postings)', () => {
    const details = plan(REBALANCE_SQL, { now: 0, org: 'o', env: 'test' })
    const postings = details.filter((d) => /\bp\b/.test(d) || /ledger_postings/.test(d))
    expect(postings.length, details.join(' | ')).toBeGreaterThan(0)
    for (const d of postings) expect(d, details.join(' | ')).toMatch(/^SEARCH p USING INDEX ledger_postings_account_time \(account_id=\?\)/)
  })

  it("seeks an account's postings by time for statements, and a transaction's through its timeline", () => {
    for (const sql of [
      'SELECT bucket, SUM(amount) AS total FROM ledger_postings WHERE account_id = ? AND created_at < ? GROUP BY bucket',
      'SELECT COUNT(*) AS n FROM ledger_postings WHERE account_id = ? AND created_at BETWEEN ? AND ?',
    ]) {
      const details = plan(sql, sql.includes('BETWEEN') ? [1, 0, 1] : [1, 0])
      expect(details.some((d) => /^SEARCH ledger_postings USING (COVERING )?INDEX ledger_postings_account_time \(account_id=\? AND created_at/.test(d)), details.join(' | ')).toBe(true)
    }
    for (const [sql, params] of [[POSTINGS_OF_SQL, [1]], [STATEMENT_POSTINGS_SQL, [1, 0, 1]], [STATEMENT_POSTINGS_PAGE_SQL, [1, 0, 1, 0, 0, 500]]] as const) {
      const details = plan(sql, [...params])
      expect(details.some((d) => /^SEARCH (ledger_postings|f) USING INDEX ledger_postings_event \(event_id=\?\)/.test(d)), details.join(' | ')).toBe(true)
      if (sql !== POSTINGS_OF_SQL) expect(details.some((d) => /^SEARCH p USING INDEX ledger_postings_account_time \(account_id=\? AND created_at/.test(d)), details.join(' | ')).toBe(true)
      expect(details.filter((d) => /^SCAN (ledger_postings|transaction_events|transactions|[pfe])\b/.test(d)), details.join(' | ')).toEqual([])
    }
  })
})
