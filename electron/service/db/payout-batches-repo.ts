import type { PayoutBatchStatus } from '../../../shared/schemas/payout-batches'
import type { Db } from './connection'
import type { TransactionStatus } from './rows'

export interface PayoutBatchRecord {
  id: number
  public_id: string
  organization_id: string
  environment: 'test' | 'live'
  account_id: number
  name: string
  status: PayoutBatchStatus
  file_hash: string
  duplicate_of: string | null
  row_count: number
  valid_rows: number
  amount: number
  fees: number
  completed_rows: number
  failed_rows: number
  run_at: number | null
  created_at: number
  submitted_at: number | null
  finished_at: number | null
  updated_at: number
}
export type NewPayoutBatch = Omit<PayoutBatchRecord, 'id' | 'completed_rows' | 'failed_rows' | 'submitted_at' | 'finished_at' | 'run_at'>

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
  amount: number | null
  fee: number | null
  reference: string | null
  narration: string | null
  /** Why the row cannot run (JSON in SQLite, decoded here); empty when valid. */
  errors: string[]
  state: PayoutRowState
  attempt: number
  transaction_id: number | null
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

export interface PayoutBatchCounts {
  queued: number
  processing: number
  completed: number
  failed: number
}

const decode = <T extends { errors: string | null }>(row: T): Omit<T, 'errors'> & { errors: string[] } =>
  ({ ...row, errors: row.errors === null ? [] : (JSON.parse(row.errors) as string[]) })

const WITH_PAYOUT = `SELECT r.*, t.public_id AS transaction_public_id, t.status AS transaction_status, t.processor_reference AS receipt,
  t.message AS transaction_message FROM payout_batch_rows r LEFT JOIN transactions t ON t.id = r.transaction_id`
const FINAL_FAILED = "('failed', 'rejected')"
const FINAL_DONE = "('completed', 'settled')"

/** Bulk payouts (migration 018): batches, their rows, and the runner's queue. */
export function createPayoutBatchesRepo(db: Db) {
  const insertBatchStmt = db.prepare(`INSERT INTO payout_batches (public_id, organization_id, environment, account_id, name, status, file_hash,
    duplicate_of, row_count, valid_rows, amount, fees, created_at, updated_at) VALUES (@public_id, @organization_id, @environment, @account_id,
    @name, @status, @file_hash, @duplicate_of, @row_count, @valid_rows, @amount, @fees, @created_at, @updated_at)`)
  const insertRowStmt = db.prepare(`INSERT INTO payout_batch_rows (batch_id, line, kind, phone_number, bank_code, account_number, account_name,
    recipient_name, amount, fee, reference, narration, errors, state) VALUES (@batch_id, @line, @kind, @phone_number, @bank_code, @account_number,
    @account_name, @recipient_name, @amount, @fee, @reference, @narration, @errors, @state)`)
  const getStmt = db.prepare<[number], PayoutBatchRecord>('SELECT * FROM payout_batches WHERE id = ?')
  const byPublicIdStmt = db.prepare<[string, string, string], PayoutBatchRecord>('SELECT * FROM payout_batches WHERE public_id = ? AND organization_id = ? AND environment = ?')
  const listStmt = db.prepare<[string, string, number], PayoutBatchRecord>(
    'SELECT * FROM payout_batches WHERE organization_id = ? AND environment = ? ORDER BY created_at DESC, id DESC LIMIT ?')
  const firstWithHashStmt = db.prepare<[string, string, string], PayoutBatchRecord>(
    'SELECT * FROM payout_batches WHERE organization_id = ? AND environment = ? AND file_hash = ? ORDER BY id LIMIT 1')
  const activeStmt = db.prepare<[], PayoutBatchRecord>("SELECT * FROM payout_batches WHERE status IN ('scheduled', 'running') ORDER BY id")
  const updateStmt = db.prepare(`UPDATE payout_batches SET status = @status, submitted_at = @submitted_at, run_at = @run_at, finished_at = @finished_at,
    completed_rows = @completed_rows, failed_rows = @failed_rows, updated_at = @updated_at WHERE id = @id`)
  const rowsStmt = db.prepare<[number], StoredRow & Omit<PayoutBatchRowView, keyof PayoutBatchRowRecord>>(`${WITH_PAYOUT} WHERE r.batch_id = ? ORDER BY r.line`)
  const queueValidStmt = db.prepare("UPDATE payout_batch_rows SET state = 'queued' WHERE batch_id = ? AND state = 'valid'")
  const queuedStmt = db.prepare<[number, number], StoredRow>("SELECT * FROM payout_batch_rows WHERE batch_id = ? AND state = 'queued' ORDER BY line LIMIT ?")
  const sentStmt = db.prepare("UPDATE payout_batch_rows SET state = 'sent', transaction_id = ?, failure_reason = NULL WHERE batch_id = ? AND line = ? AND state = 'queued'")
  const refusedStmt = db.prepare("UPDATE payout_batch_rows SET state = 'refused', failure_reason = ? WHERE batch_id = ? AND line = ? AND state = 'queued'")
  const requeueStmt = db.prepare(`UPDATE payout_batch_rows SET state = 'queued', attempt = attempt + 1, transaction_id = NULL, failure_reason = NULL
    WHERE batch_id = ? AND (state = 'refused'
      OR (state = 'sent' AND EXISTS (SELECT 1 FROM transactions t WHERE t.id = payout_batch_rows.transaction_id AND t.status IN ${FINAL_FAILED})))`)
  const failedTotalsStmt = db.prepare<[number], { amount: number; fees: number }>(`SELECT COALESCE(SUM(r.amount), 0) AS amount, COALESCE(SUM(r.fee), 0) AS fees
    FROM payout_batch_rows r LEFT JOIN transactions t ON t.id = r.transaction_id
    WHERE r.batch_id = ? AND (r.state = 'refused' OR (r.state = 'sent' AND t.status IN ${FINAL_FAILED}))`)
  const queuedTotalStmt = db.prepare<[number], { total: number }>(
    "SELECT COALESCE(SUM(amount + fee), 0) AS total FROM payout_batch_rows WHERE batch_id = ? AND state = 'queued'")
  const countsStmt = db.prepare<[number], PayoutBatchCounts>(`SELECT
      COALESCE(SUM(r.state = 'queued'), 0) AS queued,
      COALESCE(SUM(r.state = 'sent' AND t.status NOT IN ${FINAL_DONE} AND t.status NOT IN ${FINAL_FAILED}), 0) AS processing,
      COALESCE(SUM(r.state = 'sent' AND t.status IN ${FINAL_DONE}), 0) AS completed,
      COALESCE(SUM(r.state = 'refused' OR (r.state = 'sent' AND t.status IN ${FINAL_FAILED})), 0) AS failed
    FROM payout_batch_rows r LEFT JOIN transactions t ON t.id = r.transaction_id WHERE r.batch_id = ?`)
  const anyQueuedStmt = db.prepare<[number], { n: number }>("SELECT EXISTS (SELECT 1 FROM payout_batch_rows WHERE batch_id = ? AND state = 'queued') AS n")
  // From a line on, the first row whose payout is not final yet: the runner asks on every tick while a
  // batch's payouts finish, each time from the line it found last (final rows stay final), so a batch's
  // rows are walked about once in all, not once per tick.
  const firstRunningStmt = db.prepare<[number, number], { line: number }>(`SELECT r.line FROM payout_batch_rows r
    JOIN transactions t ON t.id = r.transaction_id WHERE r.batch_id = ? AND r.line >= ? AND r.state = 'sent'
      AND t.status NOT IN ${FINAL_DONE} AND t.status NOT IN ${FINAL_FAILED} ORDER BY r.line LIMIT 1`)
  return {
    /** Inserts a batch and its rows; call inside a transaction. */
    insert(batch: NewPayoutBatch, rows: readonly Omit<NewPayoutBatchRow, 'batch_id'>[]): PayoutBatchRecord {
      const id = Number(insertBatchStmt.run(batch).lastInsertRowid)
      for (const row of rows) insertRowStmt.run({ ...row, batch_id: id, errors: row.errors.length === 0 ? null : JSON.stringify(row.errors) })
      return getStmt.get(id)!
    },
    get(id: number): PayoutBatchRecord | undefined {
      return getStmt.get(id)
    },
    getByPublicId(organizationId: string, environment: string, publicId: string): PayoutBatchRecord | undefined {
      return byPublicIdStmt.get(publicId, organizationId, environment)
    },
    list(organizationId: string, environment: string, limit: number): PayoutBatchRecord[] {
      return listStmt.all(organizationId, environment, limit)
    },
    /** The earliest batch of the same file in this organization and environment. */
    firstWithHash(organizationId: string, environment: string, fileHash: string): PayoutBatchRecord | undefined {
      return firstWithHashStmt.get(organizationId, environment, fileHash)
    },
    /** Batches the runner looks at: scheduled and running ones, of every organization. */
    active(): PayoutBatchRecord[] {
      return activeStmt.all()
    },
    update(batch: PayoutBatchRecord, now: number): PayoutBatchRecord {
      updateStmt.run({ ...batch, updated_at: now })
      return getStmt.get(batch.id)!
    },
    rows(batchId: number): PayoutBatchRowView[] {
      return rowsStmt.all(batchId).map(decode)
    },
    queueValid(batchId: number): number {
      return queueValidStmt.run(batchId).changes
    },
    queued(batchId: number, limit: number): PayoutBatchRowRecord[] {
      return queuedStmt.all(batchId, limit).map(decode)
    },
    /** The row's payout exists: refused when the row is no longer queued (another unit sent it). */
    markSent(row: PayoutBatchRowRecord, transactionId: number): boolean {
      return sentStmt.run(transactionId, row.batch_id, row.line).changes === 1
    },
    markRefused(row: PayoutBatchRowRecord, reason: string): boolean {
      return refusedStmt.run(reason, row.batch_id, row.line).changes === 1
    },
    /** Amount and fees of the failed rows (what a retry needs from the float). */
    failedTotals(batchId: number): { amount: number; fees: number } {
      return failedTotalsStmt.get(batchId)!
    },
    /** Queues the failed rows again, each one attempt later; returns how many. */
    requeueFailed(batchId: number): number {
      return requeueStmt.run(batchId).changes
    },
    /** Amount + fees of the rows still queued. */
    queuedTotal(batchId: number): number {
      return queuedTotalStmt.get(batchId)!.total
    },
    counts(batchId: number): PayoutBatchCounts {
      return countsStmt.get(batchId)!
    },
    anyQueued(batchId: number): boolean {
      return anyQueuedStmt.get(batchId)!.n === 1
    },
    /** The first line from `fromLine` on whose payout is still running, or null when every sent row is final. */
    firstRunningLine(batchId: number, fromLine: number): number | null {
      return firstRunningStmt.get(batchId, fromLine)?.line ?? null
    },
  }
}
export type PayoutBatchesRepo = ReturnType<typeof createPayoutBatchesRepo>
