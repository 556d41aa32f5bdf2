import { formatMinor } from '../../../shared/money'
import type { PushEvent } from '../../../shared/api/push-events'
import type { TransactionFacts } from '../db/notifications-repo'
import type { Unit } from '../core/unit'
import { groupedPayoutFailure } from './burst'
import { raise } from './raise'

type TransactionChanged = Extract<PushEvent, { type: 'transaction.changed' }>

/** Transaction types that pay money out, in the words a notification uses. */
const PAYOUT_LABELS: Record<string, string> = { transfer: 'B2C payout', payment: 'B2B payment', bank_withdrawal: 'Bank transfer' }

const linkTo = (facts: TransactionFacts) => `/transactions/${facts.public_id}`

/** A completed charge: payment_received, when the organization asked for it. */
export function paymentReceived(unit: Unit, event: TransactionChanged): void {
  const { store } = unit
  // Off by default: most sandboxes never read a transaction for this rule.
  if (!store.notifications.anyPaymentRule(event.environment)) return
  const facts = store.notifications.transaction(event.transactionId)
  if (!facts || facts.type !== 'charge') return
  const rule = store.notifications.rules(facts.organization_id, facts.environment).paymentReceived
  if (!rule.enabled) return
  const details = [facts.phone_number && `From ${facts.phone_number}`, facts.merchant_transaction_id, facts.processor_reference && `receipt ${facts.processor_reference}`]
  raise(unit, {
    organizationId: facts.organization_id, environment: facts.environment, kind: 'payment_received', source: facts.public_id,
    title: `Payment received: ${formatMinor(facts.amount, 'KES')}`, body: details.filter(Boolean).join(' · '), link: linkTo(facts), sound: rule.sound,
  })
}

/** A payout (B2C, B2B, bank transfer) that failed or was refused at creation: payout_failed. */
export function payoutFailed(unit: Unit, event: TransactionChanged): void {
  const { store } = unit
  const facts = store.notifications.transaction(event.transactionId)
  const label = facts && PAYOUT_LABELS[facts.type]
  if (!facts || !label) return
  if (!store.notifications.rules(facts.organization_id, facts.environment).payoutFailed.enabled) return
  const to = facts.phone_number ?? facts.beneficiary
  const what = [to && `to ${to}`, facts.merchant_transaction_id].filter(Boolean).join(' · ')
  const single = { title: `${label} ${event.status === 'rejected' ? 'refused' : 'failed'}: ${formatMinor(facts.amount, 'KES')}`, body: [what, facts.message].filter(Boolean).join(': ') }
  // A burst (a bulk payout whose float ran dry, an outage) is told as one grouped notification.
  if (groupedPayoutFailure(unit, facts, single)) return
  raise(unit, { organizationId: facts.organization_id, environment: facts.environment, kind: 'payout_failed', source: facts.public_id, ...single, link: linkTo(facts) })
}
