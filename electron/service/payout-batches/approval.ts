import { ApiError, ERROR_CATALOGUE, type ErrorKind } from '../../../shared/errors'
import type { PayoutBatchStatus, PayoutBatchSummary } from '../../../shared/schemas/payout-batches'
import { roleAllows } from '../../../shared/team/permissions'
import type { Principal } from '../core/principal'
import type { Unit } from '../core/unit'
import type { ApprovalRefusal, ApprovalRow } from '../db/approvals-repo'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import type { Store } from '../db/store'
import { requestApproval } from '../team/approvals'
import { approvalStatus } from '../views/team'
import { announceBatch } from './finish-batch'
import { assertFloatCovers, startBatch } from './start-batch'

/** The route a held batch was submitted on: the approvals inbox shows it with the batch's id, name and size. */
const SUBMIT_ROUTE = 'console.payoutBatches.submit'

/** The approval that holds or held a batch, with its status now (a pending one past its time reads as expired). */
export function approvalOf(store: Store, now: number, batch: PayoutBatchRecord): PayoutBatchSummary['approval'] {
  if (batch.approval_id === null) return null
  const row = store.approvals.get(batch.organization_id, batch.approval_id)
  return row ? { id: row.id, status: approvalStatus(row, now) } : null
}

/**
 * A batch's status as it stands: a held batch whose approval was rejected, expired, or approved but
 * refused (the float too low by then) never ran, and is a draft again that can be submitted anew.
 */
export function currentStatus(batch: PayoutBatchRecord, approval: PayoutBatchSummary['approval']): PayoutBatchStatus {
  return batch.status === 'awaiting_approval' && approval?.status !== 'pending' ? 'draft' : batch.status
}

/**
 * Asks the team's approval policy whether a submitted batch waits (team/approvals.ts, action
 * `bulk-payout`, judged by the batch's total amount): one approval for the whole batch. Held: the batch is
 * `awaiting_approval` and remembers its approval, its `runAt` and who submitted it. Null: go ahead.
 */
export function holdBatch(unit: Unit, principal: Principal, batch: PayoutBatchRecord, runAt: number | null): PayoutBatchRecord | null {
  const approval = requestApproval(unit, principal, {
    action: 'bulk-payout', amount: batch.amount, routeId: SUBMIT_ROUTE, idempotencyKey: undefined,
    body: { batchId: batch.public_id, name: batch.name, rows: batch.valid_rows, fees: batch.fees },
  })
  if (!approval) return null
  const held = unit.store.payoutBatches.update({
    ...batch, status: 'awaiting_approval', run_at: runAt, run_as: principal.actor, approval_id: approval.id, submitted_at: unit.now,
  }, unit.now)
  announceBatch(unit, held)
  return held
}

function refused(kind: ErrorKind, message: string): { transaction_id: null; refusal: ApprovalRefusal } {
  const { status, code } = ERROR_CATALOGUE[kind]
  return { transaction_id: null, refusal: { status, code, message } }
}

/**
 * The last approval of a held batch starts it, in the approving unit, exactly once (the approval is
 * decided in the same transaction, and only a batch still waiting for this approval starts): as its
 * submitter is now (a role that lost payments.create is refused), if the float still covers it. A
 * refusal leaves the batch unsent (a draft again). Batches have no one transaction: `transaction_id` null.
 */
export function startApprovedBatch(unit: Unit, approval: ApprovalRow): { transaction_id: null; refusal: ApprovalRefusal | null } {
  const body = approval.request_body as { batchId?: unknown } | null
  const batchId = typeof body?.batchId === 'string' ? body.batchId : ''
  const batch = unit.store.payoutBatches.getByPublicId(approval.organization_id, approval.environment, batchId)
  if (!batch || batch.approval_id !== approval.id || batch.status !== 'awaiting_approval') {
    return refused('conflict', `Payout batch ${batchId} no longer waits for approval ${approval.id}; nothing was sent.`)
  }
  const actor = approval.requested_by
  if (actor.role === 'api-key' || !roleAllows(actor.role, 'payments.create', approval.environment)) {
    return refused('forbidden', `${actor.name}'s role (${actor.role}) no longer holds payments.create; the batch was not sent.`)
  }
  try {
    assertFloatCovers(unit, batch.account_id, batch.amount, batch.fees)
  } catch (error) {
    if (error instanceof ApiError) return refused(error.kind, error.message)
    throw error
  }
  startBatch(unit, batch, batch.run_at, actor)
  return { transaction_id: null, refusal: null }
}
