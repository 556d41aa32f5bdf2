import { randomBytes } from 'node:crypto'
import type { ApprovalAction, ApprovalRule } from '../../../shared/schemas/team'
import type { Environment } from '../../../shared/schemas/common'
import type { ApprovalRow } from '../db/approvals-repo'
import { SETTINGS } from '../db/settings-registry'
import type { Principal } from '../core/principal'
import type { Unit } from '../core/unit'

const HOUR_MS = 3_600_000

/** The rule that holds a request, if any: of those matching, the one asking the most approvals. */
export function matchingRule(rules: readonly ApprovalRule[], action: ApprovalAction, environment: Environment, amount: number): ApprovalRule | null {
  let found: ApprovalRule | null = null
  for (const rule of rules) {
    if (rule.action !== action || (rule.environment !== 'any' && rule.environment !== environment) || amount < rule.minAmount) continue
    if (!found || rule.approvals > found.approvals) found = rule
  }
  return found
}

/** Only a signed-in user's requests wait for approval: automation (the console token), the local console and API keys never do. */
export function subjectToApproval(principal: Principal): boolean {
  return principal.via === 'console' && principal.sessionId !== null
}

export interface ApprovalRequest {
  action: ApprovalAction
  /** In cents: what the policy's minAmount is compared with. */
  amount: number
  /** The route run, with `body` and `idempotencyKey`, as the requester's request once approved. */
  routeId: string
  body: unknown
  idempotencyKey: string | undefined
}

/**
 * The seam for anything that moves money on a console user's behalf (money routes here, bulk payouts):
 * asks the policy whether `request` must wait for approval and, if so, records it (or finds the same
 * request already waiting, sent again with its Idempotency-Key) and emits `approval.changed`. Null: go ahead.
 */
export function requestApproval(unit: Unit, principal: Principal, request: ApprovalRequest): ApprovalRow | null {
  if (!subjectToApproval(principal)) return null
  const { organizationId, environment, actor } = principal
  const rule = matchingRule(unit.store.approvals.rules(organizationId), request.action, environment, request.amount)
  if (!rule) return null
  if (request.idempotencyKey !== undefined) {
    const waiting = unit.store.approvals.pendingWithKey(organizationId, environment, actor.id, request.idempotencyKey)
    if (waiting && unit.now < waiting.expires_at) return waiting
  }
  const row: ApprovalRow = {
    id: `apr_${randomBytes(10).toString('hex')}`, organization_id: organizationId, environment, action: request.action,
    route_id: request.routeId, amount: request.amount, request_body: request.body ?? null, idempotency_key: request.idempotencyKey ?? null,
    requester_id: actor.id, requested_by: actor, approvals_required: rule.approvals, decisions: [], status: 'pending',
    created_at: unit.now, expires_at: unit.now + unit.store.settings.get(SETTINGS.approvalExpiryHours) * HOUR_MS,
    decided_at: null, reason: null, transaction_id: null, refusal: null,
  }
  unit.store.approvals.insert(row)
  unit.emit({ type: 'approval.changed', environment, approvalId: row.id, status: 'pending', action: row.action })
  return row
}

