import type { PayoutBatchStatus } from '../../../shared/schemas/payout-batches'
import type { Actor } from '../../../shared/schemas/team'
import type { Db } from './connection'

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
  /** Whose console payouts the rows are (decoded from JSON): set when the batch is submitted or its failed rows retried. */
  run_as: Actor | null
  /** The approval holding (or that held) the batch, when the team's approval policy asked for one. */
  approval_id: string | null
  /** Headers of the file's columns Paydesk does not use (decoded from JSON; empty when every column was read). */
  unused_columns: string[]
  created_at: number
  submitted_at: number | null
  finished_at: number | null
  updated_at: number
}
export type NewPayoutBatch = Omit<PayoutBatchRecord, 'id' | 'completed_rows' | 'failed_rows' | 'submitted_at' | 'finished_at' | 'run_at' | 'run_as' | 'approval_id'>

type StoredBatch = Omit<PayoutBatchRecord, 'run_as' | 'unused_columns'> & { run_as: string | null; unused_columns: string | null }

const decode = (row: StoredBatch): PayoutBatchRecord => ({
  ...row, run_as: row.run_as === null ? null : (JSON.parse(row.run_as) as Actor), unused_columns: row.unused_columns === null ? [] : (JSON.parse(row.unused_columns) as string[]),
})
const decodeOne = (row: StoredBatch | undefined): PayoutBatchRecord | undefined => row && decode(row)

/** Bulk payouts (migration 018): the batches; their rows are payout-batch-rows-repo.ts. */
export function createPayoutBatchesRepo(db: Db) {
  const insertStmt = db.prepare(`INSERT INTO payout_batches (public_id, organization_id, environment, account_id, name, status, file_hash,
    duplicate_of, row_count, valid_rows, amount, fees, unused_columns, created_at, updated_at) VALUES (@public_id, @organization_id, @environment, @account_id,
    @name, @status, @file_hash, @duplicate_of, @row_count, @valid_rows, @amount, @fees, @unused_columns, @created_at, @updated_at)`)
  const getStmt = db.prepare<[number], StoredBatch>('SELECT * FROM payout_batches WHERE id = ?')
  const byPublicIdStmt = db.prepare<[string, string, string], StoredBatch>('SELECT * FROM payout_batches WHERE public_id = ? AND organization_id = ? AND environment = ?')
  const listStmt = db.prepare<[string, string, number], StoredBatch>(
    'SELECT * FROM payout_batches WHERE organization_id = ? AND environment = ? ORDER BY created_at DESC, id DESC LIMIT ?')
  const firstWithHashStmt = db.prepare<[string, string, string], StoredBatch>(
    'SELECT * FROM payout_batches WHERE organization_id = ? AND environment = ? AND file_hash = ? ORDER BY id LIMIT 1')
  const activeStmt = db.prepare<[], StoredBatch>("SELECT * FROM payout_batches WHERE status IN ('scheduled', 'running') ORDER BY id")
  const updateStmt = db.prepare(`UPDATE payout_batches SET status = @status, submitted_at = @submitted_at, run_at = @run_at, run_as = @run_as,
    approval_id = @approval_id, finished_at = @finished_at, completed_rows = @completed_rows, failed_rows = @failed_rows, updated_at = @updated_at WHERE id = @id`)
  const totalsStmt = db.prepare(`UPDATE payout_batches SET status = @status, row_count = @row_count, valid_rows = @valid_rows, amount = @amount,
    fees = @fees, updated_at = @updated_at WHERE id = @id`)
  const removeStmt = db.prepare('DELETE FROM payout_batches WHERE id = ?')
  return {
    /** Inserts a batch; its rows go in with payoutBatchRows.insert, in the same transaction. */
    insert(batch: NewPayoutBatch): PayoutBatchRecord {
      const unused = batch.unused_columns.length === 0 ? null : JSON.stringify(batch.unused_columns)
      return decode(getStmt.get(Number(insertStmt.run({ ...batch, unused_columns: unused }).lastInsertRowid))!)
    },
    get(id: number): PayoutBatchRecord | undefined {
      return decodeOne(getStmt.get(id))
    },
    getByPublicId(organizationId: string, environment: string, publicId: string): PayoutBatchRecord | undefined {
      return decodeOne(byPublicIdStmt.get(publicId, organizationId, environment))
    },
    list(organizationId: string, environment: string, limit: number): PayoutBatchRecord[] {
      return listStmt.all(organizationId, environment, limit).map(decode)
    },
    /** The earliest batch of the same file in this organization and environment. */
    firstWithHash(organizationId: string, environment: string, fileHash: string): PayoutBatchRecord | undefined {
      return decodeOne(firstWithHashStmt.get(organizationId, environment, fileHash))
    },
    /** Batches the runner looks at: scheduled and running ones, of every organization. */
    active(): PayoutBatchRecord[] {
      return activeStmt.all().map(decode)
    },
    /** A draft's counts and totals after a row was dropped or corrected (`draft`, or `invalid` with no valid row). */
    setTotals(batch: PayoutBatchRecord, now: number): PayoutBatchRecord {
      totalsStmt.run({ ...batch, updated_at: now })
      return decode(getStmt.get(batch.id)!)
    },
    /** Deletes a batch (its rows first: payoutBatchRows.removeAll). */
    remove(id: number): void {
      removeStmt.run(id)
    },
    update(batch: PayoutBatchRecord, now: number): PayoutBatchRecord {
      updateStmt.run({ ...batch, run_as: batch.run_as === null ? null : JSON.stringify(batch.run_as), updated_at: now })
      return decode(getStmt.get(batch.id)!)
    },
  }
}
export type PayoutBatchesRepo = ReturnType<typeof createPayoutBatchesRepo>
