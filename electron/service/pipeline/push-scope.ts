import { ROUTES, type RouteId } from '../../../shared/api/routes'
import type { PushEvent } from '../../../shared/api/push-events'
import type { Actor } from '../../../shared/schemas/team'
import { roleAllows } from '../../../shared/team/permissions'
import { LOCAL_CONSOLE } from '../team/sessions'

/** Who a push channel (an HTTP event stream, the desktop window) delivers to: the actor that opened it. */
export type PushSubscriber = Pick<Actor, 'id' | 'role'>

/** The desktop window's subscriber when sign-in is not required: the built-in owner, as its calls are. */
export const LOCAL_SUBSCRIBER: PushSubscriber = LOCAL_CONSOLE

/**
 * The route through which each push event's content is read: its `permission` is what a subscriber's role
 * must hold for the event, so a live update never tells more than the API would answer the same caller.
 */
const READ_ROUTE: Record<PushEvent['type'], RouteId> = {
  'transaction.changed': 'console.transactions.detail',
  'balance.changed': 'balance.get',
  'webhook.attempted': 'console.webhooks.events.list',
  'prompt.pending': 'console.prompts.list',
  'requests.logged': 'console.requests.list',
  'approval.changed': 'console.approvals.list',
  'reconciliation.saved': 'console.reconciliations.get',
  'notification.raised': 'console.notifications.list',
  'payoutBatch.changed': 'console.payoutBatches.get',
  'payoutBatch.finished': 'console.payoutBatches.get',
}

/**
 * Whether `event` may go to `subscriber`: its role holds the reading route's permission in the event's
 * environment, and a personal notification (`recipientId`) goes only to its recipient, as GET
 * /console/notifications lists for a caller only the shared ones and its own (the console token's are
 * `automation`'s, the desktop window's without sign-in `local`'s). An API key never subscribes.
 */
export function mayReceive(event: PushEvent, subscriber: PushSubscriber): boolean {
  if (subscriber.role === 'api-key') return false
  if (event.type === 'notification.raised' && event.notification.recipientId !== null && event.notification.recipientId !== subscriber.id) return false
  return roleAllows(subscriber.role, ROUTES[READ_ROUTE[event.type]].permission, event.environment)
}
