import { ApiError } from '../../../shared/errors'
import type { PayoutBatchRowCorrection } from '../../../shared/schemas/payout-batches'
import type { Unit } from '../core/unit'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import { DEFAULT_TARIFF } from '../domain/fees'
import { approvalOf, currentStatus } from './approval'
import { checkRow } from './check-rows'

/** Rows are dropped or corrected, and batches deleted, only before anything was sent: a draft (or an invalid one). */
function assertUnsent(unit: Unit, batch: PayoutBatchRecord, what: string): void {
  const status = currentStatus(batch, approvalOf(unit.store, unit.now, batch))
  if (status !== 'draft' && status !== 'invalid') {
    throw new ApiError('conflict', `Batch ${batch.public_id} is ${status.replace(/_/g, ' ')}; ${what} only while it is a draft.`)
  }
}

/** The batch's counts and totals from its rows as they are now (after a drop or a correction). */
function recount(unit: Unit, batch: PayoutBatchRecord): PayoutBatchRecord {
  const rows = unit.store.payoutBatchRows.rows(batch.id)
  const valid = rows.filter((row) => row.state === 'valid')
  return unit.store.payoutBatches.setTotals({
    ...batch, status: valid.length === 0 ? 'invalid' : 'draft', approval_id: null, row_count: rows.length, valid_rows: valid.length,
    amount: valid.reduce((sum, row) => sum + row.amount!, 0), fees: valid.reduce((sum, row) => sum + row.fee!, 0),
  }, unit.now)
}

function rowOf(unit: Unit, batch: PayoutBatchRecord, line: number) {
  const row = unit.store.payoutBatchRows.rows(batch.id).find((candidate) => candidate.line === line)
  if (!row) throw new ApiError('not_found', `Batch ${batch.public_id} has no row on line ${line}.`, 'line')
  return row
}

/** DELETE /console/payout-batches/{id}/rows/{line}: the row is left out of the batch; its totals follow. */
export function dropRow(unit: Unit, batch: PayoutBatchRecord, line: number): PayoutBatchRecord {
  assertUnsent(unit, batch, 'rows are dropped')
  rowOf(unit, batch, line)
  if (batch.row_count <= 1) throw new ApiError('validation_error', 'This is the batch\'s last row: delete the batch instead.', 'line')
  unit.store.payoutBatchRows.remove(batch.id, line)
  return recount(unit, batch)
}

const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim())

/**
 * PUT /console/payout-batches/{id}/rows/{line}: the row's cells replaced and checked anew as an upload
 * checks them (its reference against the batch's other rows and the organization's transactions).
 */
export function correctRow(unit: Unit, batch: PayoutBatchRecord, line: number, cells: PayoutBatchRowCorrection): PayoutBatchRecord {
  assertUnsent(unit, batch, 'rows are corrected')
  rowOf(unit, batch, line)
  const seen = new Map<string, number>()
  for (const other of unit.store.payoutBatchRows.rows(batch.id)) if (other.line !== line && other.reference !== null) seen.set(other.reference, other.line)
  const org = unit.store.organizations.get(batch.organization_id)!
  const checked = checkRow({ store: unit.store, organizationId: batch.organization_id, environment: batch.environment, tariff: org.fee_tariff ?? DEFAULT_TARIFF, batchId: batch.public_id }, {
    line, extraCells: 0, intendedName: text(cells.name),
    cells: {
      type: cells.type, phoneNumber: text(cells.phoneNumber), amount: text(cells.amount), reference: text(cells.reference), narration: text(cells.narration),
      bankCode: text(cells.bankCode), accountNumber: text(cells.accountNumber), accountName: text(cells.accountName),
    },
  }, seen)
  unit.store.payoutBatchRows.replace(batch.id, checked)
  return recount(unit, batch)
}

/** DELETE /console/payout-batches/{id}: a draft that will not be paid goes, with its rows. */
export function deleteBatch(unit: Unit, batch: PayoutBatchRecord): { id: string; deleted: true } {
  assertUnsent(unit, batch, 'a batch is deleted')
  unit.store.payoutBatchRows.removeAll(batch.id)
  unit.store.payoutBatches.remove(batch.id)
  return { id: batch.public_id, deleted: true }
}
