import { ApiError } from '../../../../shared/errors'
import { isErrorEnvelope, type ServiceResponse } from '../../../../shared/api/envelope'
import type { ApprovalRefusal, ApprovalRow } from '../../db/approvals-repo'
import type { OperationContext } from '../types'
import { approvalStatus } from '../../views/team'
import { actorOf } from '../../team/sessions'
import { startApprovedBatch } from '../../payout-batches/approval'
import { mintApprovedKey } from './live-keys'
import { approvedOperate } from './operate-approval'

/** The approval a decision is about, still open: 404 unknown, 409 decided or expired (a pending one past its time reads as expired). */
function openApproval(ctx: OperationContext, id: string): ApprovalRow {
  const row = ctx.store.approvals.get(ctx.principal.organizationId, id)
  if (!row) throw new ApiError('not_found', `No approval ${id}.`, 'id')
  const status = approvalStatus(row, ctx.now)
  if (status !== 'pending') throw new ApiError('conflict', `Approval ${id} is ${status}; only a pending request can be decided.`, 'id')
  if (row.requester_id === ctx.principal.actor.id) {
    throw new ApiError('forbidden', 'You cannot approve or reject your own request; another approver must decide it.', 'approvals.decide')
  }
  if (row.decisions.some((d) => d.actor.id === ctx.principal.actor.id)) {
    throw new ApiError('conflict', `You already approved ${id}; it needs another approver.`, 'id')
  }
  return row
}

/** The transaction a successful money call created (accepted or reversal answer). */
function transactionOf(response: ServiceResponse): string | null {
  if (isErrorEnvelope(response.body)) return null
  const data = response.body.data as Record<string, unknown> | null
  const id = data && typeof data === 'object' ? data['transactionId'] : undefined
  return typeof id === 'string' ? id : null
}

/**
 * Records an approval. The last one needed runs the held request, inside this unit, exactly once, as the
 * requester's request under its Idempotency-Key (host.runApproved); the approval keeps the transaction it
 * created, or the refusal it got (a float too low by then, a reference used since, ...).
 */
export function approve(ctx: OperationContext, id: string): ApprovalRow {
  const row = openApproval(ctx, id)
  const decisions = [...row.decisions, { actor: ctx.principal.actor, decision: 'approve' as const, at: ctx.now, reason: null }]
  const given = decisions.filter((d) => d.decision === 'approve').length
  let next: ApprovalRow = { ...row, decisions }
  if (given >= row.approvals_required) {
    // Approved before it runs: the request no longer holds its reference against itself.
    ctx.store.approvals.update({ ...next, status: 'approved', decided_at: ctx.now })
    next = { ...next, status: 'approved', decided_at: ctx.now, ...runAsRequester(ctx, row) }
  }
  ctx.store.approvals.update(next)
  ctx.emit({ type: 'approval.changed', environment: row.environment, approvalId: row.id, status: next.status, action: row.action })
  return next
}

/**
 * The held request runs as its requester is now: a new role applies (a maker made viewer is refused for
 * lack of the permission), and a disabled requester's request does not run at all.
 */
function runAsRequester(ctx: OperationContext, row: ApprovalRow): { transaction_id: string | null; refusal: ApprovalRefusal | null } {
  const requester = ctx.store.users.get(row.requester_id)
  if (requester?.disabled_at != null) {
    return { transaction_id: null, refusal: { status: 403, code: 'forbidden', message: `${requester.name} has been disabled since asking; the request did not run.` } }
  }
  const approval = requester ? { ...row, requested_by: actorOf(requester) } : row
  // A bulk payout's approval starts its held batch, which the batch runner then pays row by row.
  if (row.action === 'bulk-payout') return startApprovedBatch(ctx, approval)
  if (row.action === 'live-key') return mintApprovedKey(ctx, approval)
  if (row.action === 'upstream-operate') return approvedOperate(approval)
  const response = ctx.host.runApproved(ctx, approval)
  if (!isErrorEnvelope(response.body)) return { transaction_id: transactionOf(response), refusal: null }
  return { transaction_id: null, refusal: { status: response.status, code: response.body.error.code, message: response.body.error.message } }
}

export function reject(ctx: OperationContext, id: string, reason: string): ApprovalRow {
  const row = openApproval(ctx, id)
  const next: ApprovalRow = {
    ...row, status: 'rejected', decided_at: ctx.now, reason,
    decisions: [...row.decisions, { actor: ctx.principal.actor, decision: 'reject', at: ctx.now, reason }],
  }
  ctx.store.approvals.update(next)
  ctx.emit({ type: 'approval.changed', environment: row.environment, approvalId: row.id, status: 'rejected', action: row.action })
  return next
}
