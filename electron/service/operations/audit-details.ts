import { formatMinor } from '../../../shared/money'
import type { AuditRow } from '../db/audit-repo'
import type { OperationContext } from './types'

/**
 * What an audit entry's target says about the action, read when the log is listed (the row keeps only the
 * target, never the request body): for a reversal, the charge it reversed, the narration typed and who asked.
 * Every audited action came with the console credential, so "who" is the console.
 */
export function auditDetails(ctx: OperationContext, row: AuditRow): string | null {
  if (row.action !== 'mobile.reverse' || row.target === null) return null
  const reversal = ctx.store.transactions.getByPublicId(row.organization_id, row.environment, row.target)
  const charge = reversal?.related_id == null ? undefined : ctx.store.transactions.get(reversal.related_id)
  if (!reversal || !charge) return null
  const typed = reversal.narration !== null && reversal.narration !== `Reversal of ${charge.public_id}`
  const narration = typed ? `narration “${reversal.narration}”` : 'no narration typed'
  return `Reverses charge ${charge.public_id} of ${formatMinor(charge.amount, charge.currency)}; ${narration}; requested from the console.`
}
