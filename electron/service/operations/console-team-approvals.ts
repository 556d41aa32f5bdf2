import { ApiError } from '../../../shared/errors'
import type { OperationContext } from './types'
import { approve, reject } from './support/approval-decisions'
import { toApproval } from '../views/team'
import { whyCannotRun } from './support/approval-checks'
import { summaryOf } from './support/approval-summary'
import type { ApprovalRow } from '../db/approvals-repo'
import type { Approval } from '../../../shared/schemas/team'
import type { PartialOperationTable } from './types'

type ApprovalRoutes = 'console.approvalPolicy.get' | 'console.approvalPolicy.update' | 'console.approvals.list' | 'console.approvals.approve' | 'console.approvals.reject'

/** An approval as the inbox shows it: what the maker saw, and why a waiting one could no longer run. */
function approvalView(ctx: OperationContext, row: ApprovalRow): Approval {
  const approval = { ...toApproval(row, ctx.now), summary: summaryOf(ctx, row) }
  return approval.status === 'pending' ? { ...approval, cannotRun: whyCannotRun(ctx, row) } : approval
}

/** Pending first, oldest first (the inbox's order of work), then the decided ones, newest first. */
function approvalsOf(ctx: OperationContext, status: string | undefined) {
  const all = ctx.store.approvals.list(ctx.principal.organizationId, ctx.principal.environment).map((row) => approvalView(ctx, row))
  const pending = all.filter((a) => a.status === 'pending').reverse()
  const rest = all.filter((a) => a.status !== 'pending')
  const items = [...pending, ...rest].filter((a) => status === undefined || a.status === status)
  return { items, pendingCount: pending.length }
}

/** Approval actions with no amount to compare (minting a live key, sending real money through the provider). */
const AMOUNTLESS = new Set(['live-key', 'upstream-operate'])

/** Operations of the approval policy and the approvals inbox (shared/api/routes/console-team.ts). */
export const CONSOLE_TEAM_APPROVAL_OPERATIONS: PartialOperationTable<ApprovalRoutes> = {
  'console.approvalPolicy.get': (ctx) => ({ rules: ctx.store.approvals.rules(ctx.principal.organizationId) }),
  'console.approvalPolicy.update': (ctx, { body }) => {
    // An action that moves no amount is held whatever its rule's minAmount says: a rule that could never match
    // would leave it to the one-approver default unseen, so it is refused.
    body.rules.forEach((rule, i) => {
      if (AMOUNTLESS.has(rule.action) && rule.minAmount !== 0) {
        throw new ApiError('invalid_parameter', `A ${rule.action} rule holds every request: its minAmount must be 0.`, `rules.${i}.minAmount`)
      }
    })
    ctx.store.approvals.replaceRules(ctx.principal.organizationId, body.rules)
    return { rules: ctx.store.approvals.rules(ctx.principal.organizationId) }
  },
  'console.approvals.list': (ctx, { query }) => approvalsOf(ctx, query.status),
  'console.approvals.approve': (ctx, { params }) => approvalView(ctx, approve(ctx, params.id)),
  'console.approvals.reject': (ctx, { params, body }) => approvalView(ctx, reject(ctx, params.id, body.reason)),
}
