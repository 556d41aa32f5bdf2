import { formatMinor } from '../../../shared/money'
import type { Approval } from '../../../shared/schemas/team'

/** What each approval action is called on screen: the approvals queue and the approval policy in Settings. */
export const APPROVAL_ACTION_LABELS = { b2c: 'B2C payout', b2b: 'B2B payment', 'bank-transfer': 'Bank transfer', reversal: 'Reversal', 'bulk-payout': 'Bulk payout', 'live-key': 'Live API key', 'upstream-operate': 'Operate connection' } as const

/**
 * An approval in words: "B2C payout of KES 250.00", or for an operate connection (which moves no amount of
 * its own) what it lets happen, "Send real money through the provider: live …ab12 at https://…".
 */
export function approvalWords(approval: Pick<Approval, 'action' | 'amount' | 'environment' | 'request'>): string {
  if (approval.action !== 'upstream-operate') return `${APPROVAL_ACTION_LABELS[approval.action]} of KES ${formatMinor(approval.amount)}`
  const body = (approval.request.body ?? {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : '?')
  return `Send real money through the provider: ${approval.environment} ${text(body['keyFingerprint'])} at ${text(body['url'])}`
}
