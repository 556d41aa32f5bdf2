import type { Approval, User } from '../../../shared/schemas/team'
import type { ApprovalRow } from '../db/approvals-repo'
import type { UserRow } from '../db/users-repo'

/** A user as the API shows it: never the password hash. */
export function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, role: row.role, disabled: row.disabled_at !== null, createdAt: row.created_at }
}

/** A pending approval past its expiry reads as expired even before anyone wrote so. */
export function approvalStatus(row: ApprovalRow, now: number): Approval['status'] {
  return row.status === 'pending' && now >= row.expires_at ? 'expired' : row.status
}

/**
 * What an approver sees of a held request: a held live key's label and prefix, never its digest; an operate
 * connection's address, key fingerprint and mode, never its identity digest.
 */
function shownBody(row: ApprovalRow): unknown {
  if ((row.action !== 'live-key' && row.action !== 'upstream-operate') || row.request_body === null || typeof row.request_body !== 'object') return row.request_body
  const { keyHash: _hidden, identity: _bound, ...shown } = row.request_body as Record<string, unknown>
  return shown
}

export function toApproval(row: ApprovalRow, now: number): Approval {
  return {
    id: row.id,
    status: approvalStatus(row, now),
    action: row.action,
    amount: row.amount,
    environment: row.environment,
    requestedBy: row.requested_by,
    requestedAt: row.created_at,
    expiresAt: row.expires_at,
    approvalsRequired: row.approvals_required,
    decisions: row.decisions,
    request: { routeId: row.route_id, body: shownBody(row), idempotencyKey: row.idempotency_key },
    transactionId: row.transaction_id,
    refusal: row.refusal,
    reason: row.reason,
    cannotRun: null,
    summary: null,
  }
}
