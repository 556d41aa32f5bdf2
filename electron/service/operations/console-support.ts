import type { Actor } from '../../../shared/schemas/team'
import { isRole } from '../../../shared/team/permissions'
import type { PartialOperationTable } from './types'
import { customerView } from './console-customer'
import { search } from './console-search'
import { settlementReport, statement } from './console-statements'

const AUDIT_PAGE = 100

/** A stored role as the API's actor role (a hand-edited value reads as the least privileged one). */
function actorRole(stored: string): Actor['role'] {
  return isRole(stored) || stored === 'api-key' ? stored : 'viewer'
}

/** Operations of the support-desk routes (shared/api/routes/console-support.ts). */
export const CONSOLE_SUPPORT_OPERATIONS: PartialOperationTable<
  'console.search' | 'console.customers.get' | 'console.audit.list' | 'console.statements.get' | 'console.reports.settlement'
> = {
  'console.search': (ctx, { query }) => search(ctx, query),
  'console.customers.get': (ctx, { params }) => customerView(ctx, params.phoneNumber),
  'console.audit.list': (ctx, { query }) => {
    const limit = query.limit ?? AUDIT_PAGE
    const rows = ctx.store.audit.list({ organizationId: ctx.principal.organizationId, ...query, limit: limit + 1 })
    const items = rows.slice(0, limit).map((row) => ({
      id: row.id, at: row.at, environment: row.environment, action: row.action, label: row.label, target: row.target, requestId: row.request_id,
      actor: { id: row.actor_id, name: row.actor_name, role: actorRole(row.actor_role) },
      details: row.details,
    }))
    return { items, nextBefore: rows.length > limit ? items[items.length - 1]!.id : null, actions: ctx.store.audit.actions(ctx.principal.organizationId) }
  },
  'console.statements.get': (ctx, { query }) => statement(ctx, query),
  'console.reports.settlement': (ctx, { query }) => settlementReport(ctx, query),
}
