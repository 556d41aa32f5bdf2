import { randomBytes } from 'node:crypto'
import { ApiError } from '../../../shared/errors'
import type { ApprovalAction, ApprovalRule } from '../../../shared/schemas/team'
import type { Environment } from '../../../shared/schemas/common'
import type { ApprovalRow } from '../db/approvals-repo'
import { SETTINGS } from '../db/settings-registry'
import type { Principal } from '../core/principal'
import { runUnit, type Unit, type UnitRunner } from '../core/unit'
import type { Store } from '../db/store'

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

/** The merchantTransactionId a held request would use, if it names one. */
export function referenceOf(body: unknown): string | null {
  const reference = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)['merchantTransactionId'] : undefined
  return typeof reference === 'string' ? reference : null
}

/**
 * A held request reserves its merchantTransactionId at once: another request with it (held or sent) is
 * refused 409 naming the waiting approval, so the approved one never fails "already exists" after two
 * people approved it. A reference a transaction already has is refused here too, before anyone approves.
 */
export function assertReferenceUnheld(unit: Pick<Unit, 'store' | 'now'>, organizationId: string, environment: Environment, reference: string | null): void {
  if (reference === null) return
  const waiting = unit.store.approvals.pendingWithReference(organizationId, environment, reference, unit.now)
  if (waiting) {
    throw new ApiError('conflict', `merchantTransactionId ${reference} is held by approval ${waiting.id}, which is waiting for approval; use another reference.`, 'merchantTransactionId')
  }
  if (unit.store.transactions.getByMerchantRef(organizationId, environment, reference)) {
    throw new ApiError('conflict', `A transaction with merchantTransactionId ${reference} already exists.`, 'merchantTransactionId')
  }
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
  assertReferenceUnheld(unit, organizationId, environment, referenceOf(request.body))
  return recordApproval(unit, principal, request, rule.approvals)
}

/**
 * An approval asked for on purpose, not a request the policy happens to hold (an operate connection to a
 * live provider account, operations/support/operate-approval.ts): always recorded, needing the approvals
 * of the policy's matching rule (judged as amount 0), else one.
 */
export function askApproval(unit: Unit, principal: Principal, request: ApprovalRequest): ApprovalRow {
  const rule = matchingRule(unit.store.approvals.rules(principal.organizationId), request.action, principal.environment, request.amount)
  return recordApproval(unit, principal, request, rule?.approvals ?? 1)
}

function recordApproval(unit: Unit, principal: Principal, request: ApprovalRequest, approvals: 1 | 2): ApprovalRow {
  const { organizationId, environment, actor } = principal
  const row: ApprovalRow = {
    id: `apr_${randomBytes(10).toString('hex')}`, organization_id: organizationId, environment, action: request.action,
    route_id: request.routeId, amount: request.amount, request_body: request.body ?? null, idempotency_key: request.idempotencyKey ?? null,
    requester_id: actor.id, requested_by: actor, approvals_required: approvals, decisions: [], status: 'pending',
    created_at: unit.now, expires_at: unit.now + unit.store.settings.get(SETTINGS.approvalExpiryHours) * HOUR_MS,
    decided_at: null, reason: null, transaction_id: null, refusal: null,
  }
  unit.store.approvals.insert(row)
  unit.emit({ type: 'approval.changed', environment, approvalId: row.id, status: 'pending', action: row.action })
  return row
}

/**
 * Waiting approvals whose time ran out are recorded as expired (they already read as expired) and
 * announced, so their requesters are told (notifications/approval-rule.ts). Run by the hosts' tick.
 */
export function expireDueApprovals(engine: UnitRunner & { store: Store; now(): number }): void {
  const now = engine.now()
  if (engine.store.approvals.dueToExpire(now).length === 0) return
  runUnit(engine, now, (unit) => {
    for (const row of unit.store.approvals.dueToExpire(now)) {
      unit.store.approvals.update({ ...row, status: 'expired', decided_at: row.expires_at })
      unit.emit({ type: 'approval.changed', environment: row.environment, approvalId: row.id, status: 'expired', action: row.action })
    }
  })
}
