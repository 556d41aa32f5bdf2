import type { PushEvent } from '../../../shared/api/push-events'
import type { RouteSelector } from './query-keys'

/**
 * Which cached answers each push event makes stale. Screens need no code of their own to update live:
 * any query of a listed route (in the event's environment) is refetched. Add a line here when a new
 * screen reads a route that an event changes.
 */
export const PUSH_INVALIDATES: Record<PushEvent['type'], readonly RouteSelector[]> = {
  // A status change moves balances too (reserve, release, credit), and may close a pending prompt.
  'transaction.changed': [
    'transactions.', 'console.transactions.', 'console.reversals.', 'console.reports.', 'console.search', 'console.prompts.', 'console.customers.',
    'accounts.list', 'balance.get', 'console.floatDesk.get',
  ],
  'balance.changed': ['accounts.list', 'balance.get', 'console.floatDesk.get'],
  'webhook.attempted': ['console.webhooks.'],
  'prompt.pending': ['console.prompts.'],
  'requests.logged': ['console.requests.'],
  // A held bulk payout follows its approval (rejected or expired: a draft again).
  'approval.changed': ['console.approvals.', 'console.audit.', 'console.payoutBatches.'],
  'reconciliation.saved': ['console.reconciliations.'],
  'notification.raised': ['console.notifications.'],
  // A batch's rows follow their payouts: the bulk screen also refetches on a timer while a batch runs.
  'payoutBatch.changed': ['console.payoutBatches.', 'accounts.list', 'balance.get', 'console.floatDesk.get'],
  'payoutBatch.finished': ['console.payoutBatches.'],
}
