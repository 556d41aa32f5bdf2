import type { OperationContext } from './types'
import { approve, reject } from './support/approval-decisions'
import { toApproval } from '../views/team'
import { whyCannotRun } from './support/approval-checks'
import type { PartialOperationTable } from './types'

type ApprovalRoutes = 'console.approvalPolicy.get' | 'console.approvalPolicy.update' | 'console.approvals.list' | 'console.approvals.approve' | 'console.approvals.reject'

/** Pending first, oldest first (the inbox's order of work), then the decided ones, newest first. */
function approvalsOf(ctx: OperationContext, status: string | undefined) {
  const all = ctx.store.approvals.list(ctx.principal.organizationId, ctx.principal.environment).map((row) => {
    const approval = toApproval(row, ctx.now)
    return approval.status === 'pending' ? { ...approval, cannotRun: whyCannotRun(ctx, row) } : approval
  })
  const pending = all.filter((a) => a.status === 'pending').reverse()
  const rest = all.filter((a) => a.status !== 'pending')
  const items = [...pending, ...rest].filter((a) => status === undefined || a.status === status)
  return { items, pendingCount: pending.length }
}

/** Operations of the approval policy and the approvals inbox (shared/api/routes/console-team.ts). */
export const CONSOLE_TEAM_APPROVAL_OPERATIONS: PartialOperationTable<ApprovalRoutes> = {
  'console.approvalPolicy.get': (ctx) => ({ rules: ctx.store.approvals.rules(ctx.principal.organizationId) }),
  'console.approvalPolicy.update': (ctx, { body }) => {
    ctx.store.approvals.replaceRules(ctx.principal.organizationId, body.rules)
    return { rules: ctx.store.approvals.rules(ctx.principal.organizationId) }
  },
  'console.approvals.list': (ctx, { query }) => approvalsOf(ctx, query.status),
  'console.approvals.approve': (ctx, { params }) => toApproval(approve(ctx, params.id), ctx.now),
  'console.approvals.reject': (ctx, { params, body }) => toApproval(reject(ctx, params.id, body.reason), ctx.now),
}
