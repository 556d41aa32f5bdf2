import { ApiError } from '../../../../shared/errors'
import { roleAllows } from '../../../../shared/team/permissions'
import type { ApprovalRefusal, ApprovalRow } from '../../db/approvals-repo'
import { askApproval } from '../../team/approvals'
import type { UpstreamConnection } from '../../upstream/connection'
import type { OperationContext } from '../types'

/**
 * Sending real money through a connected provider account is itself an approval action
 * (`upstream-operate`): with a team, a live key's operate connection runs as read until an approval bound
 * to its address, key and mode is approved (upstream/operate-approval.ts). Asking again while one waits
 * answers that one; a rejected or expired one may be asked again.
 */
export function askOperateApproval(ctx: OperationContext, connection: UpstreamConnection) {
  const operate = connection.operate()
  if (operate === null) {
    throw new ApiError('conflict', 'The provider connection is in read mode: start it with --upstream-mode operate to send money through it.')
  }
  if (operate.state === 'not_required') {
    throw new ApiError('conflict', 'This operate connection needs no approval: only a live key with a team (sign-in required) waits for one.')
  }
  if (operate.state === 'approved') throw new ApiError('conflict', `This operate connection is approved already (${operate.approvalId}).`)
  const waiting = operate.state === 'waiting_approval' ? ctx.store.approvals.get(ctx.principal.organizationId, operate.approvalId!) : undefined
  const row = waiting ?? askApproval(ctx, ctx.principal, {
    action: 'upstream-operate', amount: 0, routeId: 'console.upstream.operate', body: connection.approvalBody, idempotencyKey: undefined,
  })
  return { state: 'waiting_approval' as const, approvalId: row.id, approvalsRequired: row.approvals_required }
}

/**
 * The approved run of an operate connection's approval: nothing runs (the connection reads its state from
 * the approval), but a requester who may no longer manage the connection has it refused, so it stays read.
 */
export function approvedOperate(approval: ApprovalRow): { transaction_id: null; refusal: ApprovalRefusal | null } {
  const { role, name } = approval.requested_by
  if (role === 'api-key' || roleAllows(role, 'settings.manage', approval.environment)) return { transaction_id: null, refusal: null }
  return { transaction_id: null, refusal: { status: 403, code: 'forbidden', message: `${name} may no longer manage the provider connection; it stays read.` } }
}
