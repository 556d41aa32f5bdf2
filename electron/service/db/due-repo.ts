import type { Db } from './connection'

/**
 * Each MIN reads the first entries of its partial index: due transactions are indexed by the second they
 * are due, then by id (migration 009), so the earliest is the least due_at of the first second.
 */
export const NEXT_DUE_SQL = `SELECT MIN(t) AS t FROM (
  SELECT MIN(due_at) AS t FROM transactions WHERE due_at IS NOT NULL AND status = 'pending' AND due_at / 1000 = (
    SELECT due_at / 1000 FROM transactions WHERE due_at IS NOT NULL AND status = 'pending' ORDER BY due_at / 1000 LIMIT 1)
  UNION ALL SELECT MIN(settle_due_at) FROM transactions WHERE settle_due_at IS NOT NULL AND status = 'completed'
  UNION ALL SELECT MIN(next_attempt_at) FROM webhook_deliveries WHERE status = 'pending')`

/** When the next piece of due work is (a seeded run's clock jumps to it when idle; see reproducible.ts). */
export function createDueRepo(db: Db) {
  const nextStmt = db.prepare<[], { t: number | null }>(NEXT_DUE_SQL)
  return {
    /** The earliest due time of a pending finalization, settlement or webhook attempt; null when nothing waits. */
    next(): number | null {
      return nextStmt.get()?.t ?? null
    },
  }
}
