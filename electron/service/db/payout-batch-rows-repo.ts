import type { Db } from './connection'
import type { TransactionStatus } from './rows'

export type PayoutRowState = 'valid' | 'invalid' | 'queued' | 'sent' | 'refused'

export interface PayoutBatchRowRecord {
  batch_id: number
  line: number
  kind: 'mobile' | 'bank'
  phone_number: string | null
  bank_code: string | null
  account_number: string | null
  account_name: string | null
  recipient_name: string | null
  /** The name the file gives (its name, employee, recipient or payee column), shown beside the registered one. */
  intended_name: string | null
  amount: number | null
  fee: number | null
  reference: string | null
  narration: string | null
  /** metadata.taxInvoiceNumber and metadata.sellerKraPin of the row's payout (migration 024). */
  tax_invoice_number: string | null
  kra_pin: string | null
  /** Why the row cannot run (JSON in SQLite, decoded here); empty when valid. */
  errors: string[]
  state: PayoutRowState
  attempt: number
  transaction_id: number | null
  /** Its outbox row, when the row was sent to the provider (migration 027). */
  outbox_id?: string | null
  failure_reason: string | null
}
type StoredRow = Omit<PayoutBatchRowRecord, 'errors'> & { errors: string | null }
export type NewPayoutBatchRow = Omit<PayoutBatchRowRecord, 'attempt' | 'transaction_id' | 'failure_reason'>

/** A row with what its payout says now (null before it was sent). */
export interface PayoutBatchRowView extends PayoutBatchRowRecord {
  transaction_public_id: string | null
  transaction_status: TransactionStatus | null
  receipt: string | null
  transaction_message: string | null
}

const decode = <T extends { errors: string | null }>(row: T): Omit<T, 'errors'> & { errors: string[] } =>
  ({ ...row, errors: row.errors === null ? [] : (JSON.parse(row.errors) as string[]) })

export const FINAL_FAILED = "('failed', 'rejected')"
export const FINAL_DONE = "('completed', 'settled')"
/**
 * A row with its payout: the local transaction, or (a row sent to the provider) its outbox row and the
 * mirrored transaction once the mirror holds the provider's id. Aliases: r the row, o its outbox row, t its payout.
 */
export const ROWS_WITH_PAYOUT = `payout_batch_rows r LEFT JOIN upstream_outbox o ON o.id = r.outbox_id
  LEFT JOIN transactions t ON t.id = COALESCE(r.transaction_id, (SELECT m.id FROM transactions m
    WHERE m.public_id = o.transaction_id AND m.organization_id = o.organization_id AND m.environment = o.environment))`
/** The payout's status: the transaction's; before the mirror has it, a provider's refusal (or a row closed by hand) is a failure, anything else still runs. */
export const PAYOUT_STATUS = `COALESCE(t.status, CASE o.state WHEN 'rejected' THEN 'failed' WHEN 'closed' THEN 'failed' END, 'pending')`
/** What "retry failed" sends again: refused here, failed at the payout, or conclusively refused by the provider; never an unclear outcome, nor a row closed by hand. */
export const RETRYABLE = `(r.state = 'refused' OR (r.state = 'sent' AND (t.status IN ${FINAL_FAILED} OR (t.id IS NULL AND o.state = 'rejected'))))`
const WITH_PAYOUT = `SELECT r.*, COALESCE(t.public_id, o.transaction_id) AS transaction_public_id, ${PAYOUT_STATUS} AS transaction_status,
  t.processor_reference AS receipt, COALESCE(t.message, o.last_error) AS transaction_message FROM ${ROWS_WITH_PAYOUT}`

const INSERTED = ['batch_id', 'line', 'kind', 'phone_number', 'bank_code', 'account_number', 'account_name', 'recipient_name', 'intended_name', 'amount', 'fee',
  'reference', 'narration', 'tax_invoice_number', 'kra_pin', 'errors', 'state'] as const
/** Rows per INSERT statement: a file of 10,000 rows is 100 statements instead of 10,000 (a third of the upload's time). */
const ROWS_PER_INSERT = 100
const insertSql = (rows: number) =>
  `INSERT INTO payout_batch_rows (${INSERTED.join(', ')}) VALUES ${Array.from({ length: rows }, () => `(${INSERTED.map(() => '?').join(', ')})`).join(', ')}`

/** The rows of payout batches (migration 018) and the runner's queue of them. */
export function createPayoutBatchRowsRepo(db: Db) {
  const insertManyStmt = db.prepare(insertSql(ROWS_PER_INSERT))
  const insertOneStmt = db.prepare(insertSql(1))
  const rowsStmt = db.prepare<[number], StoredRow & Omit<PayoutBatchRowView, keyof PayoutBatchRowRecord>>(`${WITH_PAYOUT} WHERE r.batch_id = ? ORDER BY r.line`)
  const rowsPageStmt = db.prepare<[number, number, number], StoredRow & Omit<PayoutBatchRowView, keyof PayoutBatchRowRecord>>(
    `${WITH_PAYOUT} WHERE r.batch_id = ? AND r.line > ? ORDER BY r.line LIMIT ?`)
  const queueValidStmt = db.prepare("UPDATE payout_batch_rows SET state = 'queued' WHERE batch_id = ? AND state = 'valid'")
  const queuedStmt = db.prepare<[number, number], StoredRow>("SELECT * FROM payout_batch_rows WHERE batch_id = ? AND state = 'queued' ORDER BY line LIMIT ?")
  const sentStmt = db.prepare("UPDATE payout_batch_rows SET state = 'sent', transaction_id = ?, failure_reason = NULL WHERE batch_id = ? AND line = ? AND state = 'queued'")
  const sentUpstreamStmt = db.prepare("UPDATE payout_batch_rows SET state = 'sent', outbox_id = ?, failure_reason = NULL WHERE batch_id = ? AND line = ? AND state = 'queued'")
  const refusedStmt = db.prepare("UPDATE payout_batch_rows SET state = 'refused', failure_reason = ? WHERE batch_id = ? AND line = ? AND state = 'queued'")
  const requeueStmt = db.prepare(`UPDATE payout_batch_rows SET state = 'queued', attempt = attempt + 1, transaction_id = NULL, outbox_id = NULL, failure_reason = NULL
    WHERE batch_id = ? AND line IN (SELECT r.line FROM ${ROWS_WITH_PAYOUT} WHERE r.batch_id = ? AND ${RETRYABLE})`)
  const removeStmt = db.prepare("DELETE FROM payout_batch_rows WHERE batch_id = ? AND line = ? AND state IN ('valid', 'invalid')")
  const removeAllStmt = db.prepare('DELETE FROM payout_batch_rows WHERE batch_id = ?')
  return {
    /** Inserts a batch's rows; call inside the transaction that inserted the batch. */
    insert(batchId: number, rows: readonly Omit<NewPayoutBatchRow, 'batch_id'>[]): void {
      const values = (row: Omit<NewPayoutBatchRow, 'batch_id'>) => INSERTED.map((column) => column === 'batch_id' ? batchId
        : column === 'errors' ? (row.errors.length === 0 ? null : JSON.stringify(row.errors)) : row[column])
      let at = 0
      for (; at + ROWS_PER_INSERT <= rows.length; at += ROWS_PER_INSERT) insertManyStmt.run(rows.slice(at, at + ROWS_PER_INSERT).flatMap(values))
      for (; at < rows.length; at++) insertOneStmt.run(values(rows[at]!))
    },
    rows(batchId: number): PayoutBatchRowView[] {
      return rowsStmt.all(batchId).map(decode)
    },
    /** Up to `limit` rows after line `afterLine`, in line order: a page of the results file. */
    rowsPage(batchId: number, afterLine: number, limit: number): PayoutBatchRowView[] {
      return rowsPageStmt.all(batchId, afterLine, limit).map(decode)
    },
    /** Replaces a row not yet submitted with the same line checked anew (a correction made on screen). */
    replace(batchId: number, row: Omit<NewPayoutBatchRow, 'batch_id'>): void {
      removeStmt.run(batchId, row.line)
      this.insert(batchId, [row])
    },
    /** Drops a row not yet submitted; false when there is no such row (or it was already submitted). */
    remove(batchId: number, line: number): boolean {
      return removeStmt.run(batchId, line).changes === 1
    },
    /** Every row of a batch, for deleting a draft. */
    removeAll(batchId: number): void {
      removeAllStmt.run(batchId)
    },
    queueValid(batchId: number): number {
      return queueValidStmt.run(batchId).changes
    },
    queued(batchId: number, limit: number): PayoutBatchRowRecord[] {
      return queuedStmt.all(batchId, limit).map(decode)
    },
    /** The row's payout exists: false when the row is no longer queued (another unit sent it). */
    markSent(row: PayoutBatchRowRecord, transactionId: number): boolean {
      return sentStmt.run(transactionId, row.batch_id, row.line).changes === 1
    },
    /** The row's outbox row was written (a batch on an environment that sends to the provider). */
    markSentUpstream(row: PayoutBatchRowRecord, outboxId: string): boolean {
      return sentUpstreamStmt.run(outboxId, row.batch_id, row.line).changes === 1
    },
    markRefused(row: PayoutBatchRowRecord, reason: string): boolean {
      return refusedStmt.run(reason, row.batch_id, row.line).changes === 1
    },
    /** Queues the failed rows again, each one attempt later; returns how many. */
    requeueFailed(batchId: number): number {
      return requeueStmt.run(batchId, batchId).changes
    },
  }
}
export type PayoutBatchRowsRepo = ReturnType<typeof createPayoutBatchRowsRepo>
