import type { RouteSpec } from '../../../shared/api/route'
import type { ServiceResponse } from '../../../shared/api/envelope'
import type { ApprovalAction } from '../../../shared/schemas/team'
import type { Principal } from '../core/principal'
import type { Unit } from '../core/unit'
import { requestApproval } from '../team/approvals'
import { auditDetails, auditLabel, recordAudit } from './audit'

/** The amount a held request is judged by: the body's amount, or for a reversal the charge it reverses. */
function amountOf(unit: Unit, principal: Principal, action: ApprovalAction, body: Record<string, unknown>): number | null {
  if (action === 'reversal') {
    const charge = typeof body['transactionId'] === 'string' ? unit.store.transactions.getByPublicId(principal.organizationId, principal.environment, body['transactionId']) : undefined
    return charge ? charge.amount : null
  }
  return typeof body['amount'] === 'number' ? body['amount'] : null
}

/**
 * The approval step of the request pipeline, after parsing and before idempotency: a money route's request
 * that the policy holds moves no money and is answered 202 with `data.approval`. Its Idempotency-Key is
 * not spent here: the approved request runs under it, once (approval-decisions.ts).
 */
export function holdForApproval(
  unit: Unit, route: RouteSpec & { id: string }, principal: Principal,
  input: { parsedBody: unknown; rawBody: unknown; idempotencyKey: string | undefined; wallNow: number }, requestId: string,
): ServiceResponse | null {
  const { parsedBody } = input
  // holdStep (execute.ts) calls this only for a signed-in user's request on a route with an `approval` action.
  if (!route.approval || parsedBody === null || typeof parsedBody !== 'object') return null
  // A key already answered (the approved run's, or the request's before the policy held it) is replayed as usual.
  if (input.idempotencyKey !== undefined && unit.store.idempotency.get(principal.organizationId, principal.environment, input.idempotencyKey, unit.now)) return null
  const amount = amountOf(unit, principal, route.approval, parsedBody as Record<string, unknown>)
  if (amount === null) return null
  // The body as sent is kept (not the parsed one), so the approved run hashes as the requester's own retry would.
  const request = { action: route.approval, amount, routeId: route.id, body: input.rawBody, idempotencyKey: input.idempotencyKey }
  const row = unit.store.transaction(() => {
    const held = requestApproval(unit, principal, request)
    if (!held) return held
    const details = auditDetails(unit.store, principal, route.id, parsedBody)
    recordAudit(unit.store, principal, { action: route.id, label: `${auditLabel(route, route.id)}: sent for approval`, target: held.id, details }, { at: unit.now, recordedAt: input.wallNow }, requestId)
    return held
  })
  if (!row) return null
  return { status: 202, body: { status: 'success', message: 'Sent for approval', data: { approval: { id: row.id, status: 'pending', action: row.action, amount: row.amount, requestedBy: row.requested_by } } }, headers: {}, requestId }
}
