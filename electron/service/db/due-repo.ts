import type { Db } from './connection'

/** When the next piece of due work is (a seeded run's clock jumps to it when idle; see reproducible.ts). */
export function createDueRepo(db: Db) {
  // Each MIN reads the first entry of its partial index.
  const nextStmt = db.prepare<[], { t: number | null }>(`SELECT MIN(t) AS t FROM (
    SELECT MIN(due_at) AS t FROM transactions WHERE due_at IS NOT NULL AND status = 'pending'
    UNION ALL SELECT MIN(settle_due_at) FROM transactions WHERE settle_due_at IS NOT NULL AND status = 'completed'
    UNION ALL SELECT MIN(next_attempt_at) FROM webhook_deliveries WHERE status = 'pending')`)
  return {
    /** The earliest due time of a pending finalization, settlement or webhook attempt; null when nothing waits. */
    next(): number | null {
      return nextStmt.get()?.t ?? null
    },
  }
}
