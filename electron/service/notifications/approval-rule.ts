import type { PushEvent } from '../../../shared/api/push-events'
import { formatMinor } from '../../../shared/money'
import type { Unit } from '../core/unit'
import type { ApprovalRow } from '../db/approvals-repo'
import { raise } from './raise'

type ApprovalChanged = Extract<PushEvent, { type: 'approval.changed' }>

const ACTION_LABELS: Record<ApprovalChanged['action'], string> = {
  b2c: 'B2C payout', b2b: 'B2B payment', 'bank-transfer': 'Bank transfer', reversal: 'Reversal', 'bulk-payout': 'Bulk payout', 'live-key': 'Live API key',
  'upstream-operate': 'Sending real money through the provider',
}

/** What an approval is about, in a title's words: an operate connection moves no amount of its own. */
function whatOf(approval: ApprovalRow): string {
  const label = ACTION_LABELS[approval.action]
  return approval.action === 'upstream-operate' ? label : `${label} of ${formatMinor(approval.amount, 'KES')}`
}

/**
 * A money request held for approval (`approval.changed` with status pending, emitted by `requestApproval`
 * in the unit that recorded it): approval_waiting, once per approval. The approval is read as committed,
 * so a request whose unit rolled back raises nothing; the same request sent again with its Idempotency-Key
 * is the same approval and raises nothing more.
 */
export function approvalWaiting(unit: Unit, event: ApprovalChanged): void {
  if (event.status !== 'pending') return
  const { store } = unit
  const approval = store.approvals.byId(event.approvalId)
  if (!approval || approval.status !== 'pending') return
  if (!store.notifications.rules(approval.organization_id, approval.environment).approvalWaiting.enabled) return
  const who = approval.requested_by
  const needs = approval.approvals_required === 1 ? 'needs 1 approval' : `needs ${approval.approvals_required} approvals`
  raise(unit, {
    organizationId: approval.organization_id, environment: approval.environment, kind: 'approval_waiting', source: approval.id,
    title: `Approval waiting: ${whatOf(approval)}`,
    body: `Requested by ${who.name} (${who.role}); ${needs}.`,
    link: '/approvals',
  })
}

/** What the requester is told, by how it ended (a refusal when it ran is "approved" that did not run). */
function decision(approval: ApprovalRow): { title: string; body: string } {
  const what = whatOf(approval)
  const by = approval.decisions.at(-1)?.actor.name ?? 'an approver'
  if (approval.status === 'rejected') return { title: `Rejected: ${what}`, body: `Rejected by ${by}: “${approval.reason ?? ''}”.` }
  if (approval.status === 'expired') return { title: `Expired: ${what}`, body: 'Nobody decided it in time; it was not sent. Send it again if it is still wanted.' }
  if (approval.refusal) return { title: `Approved but refused: ${what}`, body: `Approved by ${by}, then refused when it ran: ${approval.refusal.message}` }
  return { title: `Approved and sent: ${what}`, body: `Approved by ${by}${approval.transaction_id ? `; sent as ${approval.transaction_id}` : ''}.` }
}

/**
 * A decided request (approved and sent, refused when it ran, rejected with its reason, expired):
 * approval_decided to its requester alone, once; and the approvers' "approval waiting" of it is done.
 */
export function approvalDecided(unit: Unit, event: ApprovalChanged): void {
  if (event.status === 'pending') return
  const { store } = unit
  const approval = store.approvals.byId(event.approvalId)
  if (!approval || approval.status !== event.status) return
  store.notifications.markDone(approval.organization_id, approval.environment, 'approval_waiting', approval.id, unit.now)
  const words = decision(approval)
  raise(unit, {
    organizationId: approval.organization_id, environment: approval.environment, kind: 'approval_decided', source: approval.id,
    ...words, link: approval.transaction_id ? `/transactions/${approval.transaction_id}` : '/approvals', recipientId: approval.requester_id,
  })
}
