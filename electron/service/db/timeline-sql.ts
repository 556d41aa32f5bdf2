/**
 * The entries of a transaction's timeline, found by their chain (migration 013): the transaction names its
 * newest entry (`last_event_id`), each entry the one before it (`prev_id`). No index on `transaction_id`
 * (each status change would write into the middle of one); a timeline is a few entries, each a rowid lookup.
 */

/** SQL selecting the ids of every timeline entry of the transactions `transactionIds` (SQL selecting their ids) selects. */
export function timelineEntryIds(transactionIds: string): string {
  return `WITH RECURSIVE chain(id) AS (
    SELECT last_event_id FROM transactions WHERE id IN (${transactionIds}) AND last_event_id IS NOT NULL
    UNION ALL
    SELECT e.prev_id FROM transaction_events e JOIN chain ON e.id = chain.id WHERE e.prev_id IS NOT NULL)
  SELECT id FROM chain`
}

/** One transaction's timeline (parameter: its id), oldest first. */
export const TIMELINE_SQL = `SELECT e.id, e.transaction_id, e.status, e.message, e.at FROM transaction_events e
  WHERE e.id IN (${timelineEntryIds('?')}) ORDER BY e.at, e.id`

/** The id the next timeline entry gets: a new transaction's INSERT names it (transactions-repo.ts); the history writer counts on from it. */
export const NEXT_TIMELINE_ID_SQL = 'SELECT COALESCE(MAX(id), 0) + 1 FROM transaction_events'
