import type { Db } from './connection'
import type { Posting, PostingRow, TransactionRow } from './rows'
import { timelineEntryIds } from './timeline-sql'

/** A transaction's postings, through its timeline (migration 014): ledger_postings_event, no index on transaction_id. */
export const POSTINGS_OF_SQL = `SELECT * FROM ledger_postings WHERE event_id IN (${timelineEntryIds('?')}) ORDER BY id`

/**
 * Writes ledger postings and keeps each account's cached buckets equal to the sum of its postings.
 * Call only inside the SQLite transaction that also changes the transaction's state.
 */
export function createLedgerRepo(db: Db) {
  const insertStmt = db.prepare('INSERT INTO ledger_postings (transaction_id, account_id, bucket, amount, created_at, event_id) VALUES (?, ?, ?, ?, ?, ?)')
  const bucketsStmt = db.prepare('UPDATE accounts SET available = available + ?, pending = pending + ?, updated_at = ? WHERE id = ?')
  const byTxStmt = db.prepare<[number], PostingRow>(POSTINGS_OF_SQL)
  const sumsStmt = db.prepare<[], { account_id: number; bucket: string; total: number }>(
    'SELECT account_id, bucket, SUM(amount) AS total FROM ledger_postings GROUP BY account_id, bucket',
  )
  const txSumsStmt = db.prepare<[], { transaction_id: number; total: number }>(
    'SELECT transaction_id, SUM(amount) AS total FROM ledger_postings GROUP BY transaction_id HAVING SUM(amount) <> 0',
  )
  return {
    /**
     * `transaction` as read or last written in this unit: its newest timeline entry is the one the postings
     * name (the state change that moves the money writes its entry first; any entry of the chain finds them).
     */
    post(transaction: Pick<TransactionRow, 'id' | 'last_event_id'>, postings: readonly Posting[], at: number): void {
      const transactionId = transaction.id
      const total = postings.reduce((sum, p) => sum + p.amount, 0)
      if (total !== 0) throw new Error(`ledger postings of transaction ${transactionId} sum to ${total}, not 0`)
      const eventId = transaction.last_event_id
      if (eventId === null) throw new Error(`transaction ${transactionId} has no timeline entry for its postings to name`)
      // One UPDATE per account, not per posting: a settlement or a reservation moves money between two
      // buckets of one account (one UPDATE less, ~1 us). Every movement gives a bucket at most one posting,
      // so the CHECK on accounts (no negative bucket) sees the same values it saw posting by posting.
      const deltas = new Map<number, { available: number; pending: number }>()
      for (const posting of postings) {
        if (posting.amount === 0) continue
        insertStmt.run(transactionId, posting.accountId, posting.bucket, posting.amount, at, eventId)
        const delta = deltas.get(posting.accountId) ?? { available: 0, pending: 0 }
        delta[posting.bucket] += posting.amount
        deltas.set(posting.accountId, delta)
      }
      for (const [accountId, delta] of deltas) bucketsStmt.run(delta.available, delta.pending, at, accountId)
    },
    postingsOf(transactionId: number): PostingRow[] {
      return byTxStmt.all(transactionId)
    },
    /** Per account and bucket, the sum of all postings (for invariant checks). */
    sums(): { account_id: number; bucket: string; total: number }[] {
      return sumsStmt.all()
    },
    /** Transactions whose postings do not sum to zero (always empty unless the ledger is broken). */
    unbalancedTransactions(): { transaction_id: number; total: number }[] {
      return txSumsStmt.all()
    },
  }
}
export type LedgerRepo = ReturnType<typeof createLedgerRepo>
