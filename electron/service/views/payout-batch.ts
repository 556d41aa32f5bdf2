import type { PayoutBatch, PayoutBatchProgress, PayoutBatchRow, PayoutBatchRowStatus, PayoutBatchStatus, PayoutBatchSummary } from '../../../shared/schemas/payout-batches'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import type { PayoutBatchCounts } from '../db/payout-batch-progress-repo'
import type { PayoutBatchRowView } from '../db/payout-batch-rows-repo'
import { namesDiffer } from '../domain/names'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** A row as stored, or as just checked (a preview: no payout, no attempt yet). */
export type RowLike = Omit<PayoutBatchRowView, 'batch_id' | 'attempt' | 'transaction_id' | 'failure_reason' | 'transaction_public_id' | 'transaction_status' | 'receipt' | 'transaction_message'>
  & Partial<Pick<PayoutBatchRowView, 'attempt' | 'failure_reason' | 'transaction_public_id' | 'transaction_status' | 'receipt' | 'transaction_message'>>

/** A row's status: its own state until it was sent, then its payout's. */
export function rowStatusOf(row: Pick<RowLike, 'state' | 'transaction_status'>): PayoutBatchRowStatus {
  switch (row.state) {
    case 'valid':
    case 'invalid':
    case 'queued':
      return row.state
    case 'refused':
      return 'failed'
    case 'sent':
      if (row.transaction_status === 'completed' || row.transaction_status === 'settled') return 'completed'
      if (row.transaction_status === 'failed' || row.transaction_status === 'rejected') return 'failed'
      return 'processing'
  }
}

export function toPayoutBatchRow(row: RowLike): PayoutBatchRow {
  const status = rowStatusOf(row)
  const recipient = row.kind === 'mobile' ? row.phone_number : row.bank_code === null && row.account_number === null ? null : `${row.bank_code ?? ''}/${row.account_number ?? ''}`
  return {
    line: row.line, type: row.kind, status, errors: row.errors, recipient, recipientName: row.recipient_name,
    intendedName: row.intended_name, nameDiffers: namesDiffer(row.intended_name, row.recipient_name), amount: row.amount, fee: row.fee,
    reference: row.reference, narration: row.narration, taxInvoiceNumber: row.tax_invoice_number ?? null, transactionId: row.transaction_public_id ?? null, receipt: row.receipt ?? null,
    failureReason: status !== 'failed' ? null : (row.state === 'refused' ? row.failure_reason : row.transaction_message) ?? null, attempt: row.attempt ?? 0,
  }
}

/** Counts of a run from the rows themselves (the detail view has them all at hand). */
export function progressOf(rows: readonly PayoutBatchRow[]): PayoutBatchProgress {
  const progress = { queued: 0, processing: 0, completed: 0, failed: 0 }
  for (const row of rows) if (row.status !== 'valid' && row.status !== 'invalid') progress[row.status]++
  return progress
}

export interface BatchFacts {
  batch: PayoutBatchRecord
  /** The batch's status as it stands: a held batch whose approval was decided without running it is a draft again. */
  status: PayoutBatchStatus
  /** The approval that holds or held it, with that approval's status now. */
  approval: PayoutBatchSummary['approval']
  accountNo: string
  floatAvailable: number
  /** Whether there is a float to check against (payout-batches/start-batch.ts floatOf). */
  floatChecked: boolean
  /** What the float must still cover: the valid rows before the run, the queued rows during it. */
  needed: number
  progress: PayoutBatchCounts
}

export function toPayoutBatchSummary({ batch, status, approval, accountNo, floatAvailable, floatChecked, needed, progress }: BatchFacts): PayoutBatchSummary {
  return {
    id: batch.public_id, name: batch.name, status, accountNo,
    totals: { rows: batch.row_count, validRows: batch.valid_rows, amount: batch.amount, fees: batch.fees },
    progress: { ...progress }, floatAvailable, floatSufficient: !floatChecked || floatAvailable >= needed, floatChecked, duplicateOf: batch.duplicate_of,
    unusedColumns: batch.unused_columns,
    createdAt: iso(batch.created_at)!, submittedAt: iso(batch.submitted_at), runAt: iso(batch.run_at), finishedAt: iso(batch.finished_at),
    submittedBy: batch.run_as, approval,
  }
}

export function toPayoutBatch(facts: Omit<BatchFacts, 'progress'>, rows: readonly RowLike[]): PayoutBatch {
  const shaped = rows.map(toPayoutBatchRow)
  return { ...toPayoutBatchSummary({ ...facts, progress: progressOf(shaped) }), rows: shaped }
}
