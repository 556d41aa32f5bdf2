import type { Db } from './connection'
import type { Posting, PostingRow } from './rows'

/**
 * Writes ledger postings and keeps each account's cached buckets equal to the sum of its postings.
 * Call only inside the SQLite transaction that also changes the transaction's state.
 */
export function createLedgerRepo(db: Db) {
  const insertStmt = db.prepare('INSERT INTO ledger_postings (transaction_id, account_id, bucket, amount, created_at) VALUES (?, ?, ?, ?, ?)')
  const availableStmt = db.prepare('UPDATE accounts SET available = available + ?, updated_at = ? WHERE id = ?')
  const pendingStmt = db.prepare('UPDATE accounts SET pending = pending + ?, updated_at = ? WHERE id = ?')
  const byTxStmt = db.prepare<[number], PostingRow>('SELECT * FROM ledger_postings WHERE transaction_id = ? ORDER BY id')
  const sumsStmt = db.prepare<[], { account_id: number; bucket: string; total: number }>(
    'SELECT account_id, bucket, SUM(amount) AS total FROM ledger_postings GROUP BY account_id, bucket',
  )
  const txSumsStmt = db.prepare<[], { transaction_id: number; total: number }>(
    'SELECT transaction_id, SUM(amount) AS total FROM ledger_postings GROUP BY transaction_id HAVING SUM(amount) <> 0',
  )
  return {
    post(transactionId: number, postings: readonly Posting[], at: number): void {
      const total = postings.reduce((sum, p) => sum + p.amount, 0)
      if (total !== 0) throw new Error(`ledger postings of transaction ${transactionId} sum to ${total}, not 0`)
      for (const posting of postings) {
        if (posting.amount === 0) continue
        insertStmt.run(transactionId, posting.accountId, posting.bucket, posting.amount, at)
        ;(posting.bucket === 'available' ? availableStmt : pendingStmt).run(posting.amount, at, posting.accountId)
      }
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
