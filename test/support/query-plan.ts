import type { Db } from '../../electron/service/db/connection'

/** The `detail` of each step of SQLite's plan for `sql` (EXPLAIN QUERY PLAN), for tests that prove a query seeks an index. */
export function queryPlan(db: Db, sql: string, params: unknown[] | Record<string, unknown> = []): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((step) => step.detail)
}
