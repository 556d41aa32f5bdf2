import { ROUTES, isRouteId } from '../../../../shared/api/routes'
import { roleAllows } from '../../../../shared/team/permissions'
import type { ApprovalRow } from '../../db/approvals-repo'
import { referenceOf } from '../../team/approvals'
import type { OperationContext } from '../types'

/**
 * Why a waiting request could no longer run if approved now, or null: said before anyone approves,
 * instead of after two people did. Its requester disabled or without the permission any more, or its
 * merchantTransactionId taken by a transaction since (a request held before references were reserved).
 */
export function whyCannotRun(ctx: OperationContext, row: ApprovalRow): string | null {
  const requester = ctx.store.users.get(row.requester_id)
  if (requester?.disabled_at != null) return `${requester.name} has been disabled since asking: approving it would not run it.`
  const permission = isRouteId(row.route_id) ? ROUTES[row.route_id].permission : null
  const role = requester?.role
  if (role && permission && !roleAllows(role, permission, row.environment)) {
    return `${requester!.name} is now ${role}, which does not hold ${permission}: approving it would not run it.`
  }
  const reference = referenceOf(row.request_body)
  if (reference !== null && ctx.store.transactions.getByMerchantRef(row.organization_id, row.environment, reference)) {
    return `merchantTransactionId ${reference} has been used by a transaction since: approving it would be refused as a duplicate.`
  }
  return null
}
