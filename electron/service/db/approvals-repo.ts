import type { Environment } from '../../../shared/schemas/common'
import type { Actor, ApprovalAction, ApprovalRule } from '../../../shared/schemas/team'
import type { Db } from './connection'

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'expired'

export interface ApprovalDecision {
  actor: Actor
  decision: 'approve' | 'reject'
  at: number
  reason: string | null
}

export interface ApprovalRefusal {
  status: number
  code: string
  message: string
}

/** One held request (migration 020), its JSON columns decoded. */
export interface ApprovalRow {
  id: string
  organization_id: string
  environment: Environment
  action: ApprovalAction
  route_id: string
  amount: number
  request_body: unknown
  idempotency_key: string | null
  requester_id: string
  requested_by: Actor
  approvals_required: 1 | 2
  decisions: ApprovalDecision[]
  status: ApprovalStatus
  created_at: number
  expires_at: number
  decided_at: number | null
  reason: string | null
  transaction_id: string | null
  refusal: ApprovalRefusal | null
}

type StoredApproval = Omit<ApprovalRow, 'request_body' | 'requested_by' | 'decisions' | 'refusal'> & {
  request_body: string
  requested_by: string
  decisions: string
  refusal: string | null
}

function decode(row: StoredApproval): ApprovalRow {
  return {
    ...row,
    request_body: JSON.parse(row.request_body) as unknown,
    requested_by: JSON.parse(row.requested_by) as Actor,
    decisions: JSON.parse(row.decisions) as ApprovalDecision[],
    refusal: row.refusal === null ? null : (JSON.parse(row.refusal) as ApprovalRefusal),
  }
}

function encode(row: ApprovalRow): StoredApproval {
  return {
    ...row,
    request_body: JSON.stringify(row.request_body ?? null),
    requested_by: JSON.stringify(row.requested_by),
    decisions: JSON.stringify(row.decisions),
    refusal: row.refusal === null ? null : JSON.stringify(row.refusal),
  }
}

/** Held money requests and the policy that holds them (migration 020). */
export function createApprovalsRepo(db: Db) {
  const columns = 'id, organization_id, environment, action, route_id, amount, request_body, idempotency_key, requester_id, requested_by, approvals_required, decisions, status, created_at, expires_at, decided_at, reason, transaction_id, refusal'
  const insertStmt = db.prepare(`INSERT INTO approvals (${columns}) VALUES (${columns.split(', ').map((c) => `@${c}`).join(', ')})`)
  const updateStmt = db.prepare(`UPDATE approvals SET decisions = @decisions, status = @status, decided_at = @decided_at, reason = @reason,
    transaction_id = @transaction_id, refusal = @refusal WHERE id = @id`)
  const getStmt = db.prepare<[string, string], StoredApproval>(`SELECT ${columns} FROM approvals WHERE id = ? AND organization_id = ?`)
  const byIdStmt = db.prepare<[string], StoredApproval>(`SELECT ${columns} FROM approvals WHERE id = ?`)
  const listStmt = db.prepare<[string, string], StoredApproval>(`SELECT ${columns} FROM approvals WHERE organization_id = ? AND environment = ? ORDER BY created_at DESC, id DESC LIMIT 500`)
  // Through approvals_org (the organization's environment), then the few rows an organization has.
  const ofTransactionStmt = db.prepare<[string, string, string], StoredApproval>(`SELECT ${columns} FROM approvals
    WHERE organization_id = ? AND environment = ? AND transaction_id = ? ORDER BY created_at, id`)
  const pendingByKeyStmt = db.prepare<[string, string, string, string], StoredApproval>(`SELECT ${columns} FROM approvals
    WHERE organization_id = ? AND environment = ? AND requester_id = ? AND idempotency_key = ? AND status = 'pending' ORDER BY created_at DESC LIMIT 1`)
  const pendingByReferenceStmt = db.prepare<[string, string, number, string], StoredApproval>(`SELECT ${columns} FROM approvals
    WHERE organization_id = ? AND environment = ? AND status = 'pending' AND expires_at > ?
      AND json_extract(request_body, '$.merchantTransactionId') = ? ORDER BY created_at LIMIT 1`)
  // An operate connection's approvals are few; through approvals_org, then its action and identity.
  const operateStmt = db.prepare<[string, string, string], StoredApproval>(`SELECT ${columns} FROM approvals
    WHERE organization_id = ? AND environment = ? AND action = 'upstream-operate' AND json_extract(request_body, '$.identity') = ?
    ORDER BY created_at DESC, id DESC LIMIT 20`)
  const dueStmt = db.prepare<[number], StoredApproval>(`SELECT ${columns} FROM approvals WHERE status = 'pending' AND expires_at <= ? ORDER BY expires_at LIMIT 100`)
  return {
    insert(row: ApprovalRow): void {
      insertStmt.run(encode(row))
    },
    /** Records decisions, the status and what the approved request got. */
    update(row: ApprovalRow): void {
      const stored = encode(row)
      updateStmt.run({ id: stored.id, decisions: stored.decisions, status: stored.status, decided_at: stored.decided_at, reason: stored.reason, transaction_id: stored.transaction_id, refusal: stored.refusal })
    },
    get(organizationId: string, id: string): ApprovalRow | undefined {
      const row = getStmt.get(id, organizationId)
      return row && decode(row)
    },
    /** The engine's own lookup of an approval its events name (notifications); callers' lookups go through `get`. */
    byId(id: string): ApprovalRow | undefined {
      const row = byIdStmt.get(id)
      return row && decode(row)
    },
    /** The newest 500 of an organization's environment, newest first. */
    list(organizationId: string, environment: Environment): ApprovalRow[] {
      return listStmt.all(organizationId, environment).map(decode)
    },
    /** The approvals whose approved request created `transactionId`, oldest first. */
    ofTransaction(organizationId: string, environment: Environment, transactionId: string): ApprovalRow[] {
      return ofTransactionStmt.all(organizationId, environment, transactionId).map(decode)
    },
    /** A pending request the same user already sent with this Idempotency-Key (a retry is the same request). */
    pendingWithKey(organizationId: string, environment: Environment, requesterId: string, idempotencyKey: string): ApprovalRow | undefined {
      const row = pendingByKeyStmt.get(organizationId, environment, requesterId, idempotencyKey)
      return row && decode(row)
    },
    /** A request still waiting for approval that holds this merchantTransactionId (reserved from the moment it was held). */
    pendingWithReference(organizationId: string, environment: Environment, merchantTransactionId: string, now: number): ApprovalRow | undefined {
      const row = pendingByReferenceStmt.get(organizationId, environment, now, merchantTransactionId)
      return row && decode(row)
    },
    /** The approvals asked for an operate connection of this identity (URL, key and mode, as a digest), newest first. */
    ofOperateIdentity(organizationId: string, environment: Environment, identity: string): ApprovalRow[] {
      return operateStmt.all(organizationId, environment, identity).map(decode)
    },
    /** Waiting approvals whose time ran out (every organization), the oldest first: to be marked expired. */
    dueToExpire(now: number): ApprovalRow[] {
      return dueStmt.all(now).map(decode)
    },
    ...createPolicyQueries(db),
  }
}
export type ApprovalsRepo = ReturnType<typeof createApprovalsRepo>

/** The approval policy's rules, in their order. */
function createPolicyQueries(db: Db) {
  const rulesStmt = db.prepare<[string], { action: ApprovalAction; environment: ApprovalRule['environment']; min_amount: number; approvals: 1 | 2 }>(
    'SELECT action, environment, min_amount, approvals FROM approval_rules WHERE organization_id = ? ORDER BY position')
  const clearRulesStmt = db.prepare('DELETE FROM approval_rules WHERE organization_id = ?')
  const insertRuleStmt = db.prepare('INSERT INTO approval_rules (organization_id, position, action, environment, min_amount, approvals) VALUES (?, ?, ?, ?, ?, ?)')
  return {
    rules(organizationId: string): ApprovalRule[] {
      return rulesStmt.all(organizationId).map((r) => ({ action: r.action, environment: r.environment, minAmount: r.min_amount, approvals: r.approvals }))
    },
    replaceRules(organizationId: string, rules: readonly ApprovalRule[]): void {
      clearRulesStmt.run(organizationId)
      rules.forEach((rule, position) => insertRuleStmt.run(organizationId, position, rule.action, rule.environment, rule.minAmount, rule.approvals))
    },
  }
}
