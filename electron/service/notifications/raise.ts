import type { Environment } from '../../../shared/schemas/common'
import type { Notification, NotificationKind } from '../../../shared/schemas/notifications'
import type { NotificationRow } from '../db/notifications-repo'
import type { Unit } from '../core/unit'

export function toNotification(row: NotificationRow): Notification {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, createdAt: row.created_at, read: row.read_at !== null, link: row.link, recipientId: row.recipient_id }
}

/** A notification to raise: whose, which kind, about what (`source`, unique per kind), and its words. */
export interface Draft {
  organizationId: string
  environment: Environment
  kind: NotificationKind
  source: string
  title: string
  body: string
  link: string | null
  /** Play the payment-received chime (console) / a sound with the desktop notification. */
  sound?: boolean
  /** The one user it is for (a decision, to its requester); absent: everyone. */
  recipientId?: string
}

/**
 * Notifications kept per organization and environment (as many as GET /console/notifications lists at
 * once): past it, the oldest read ones go first, then the oldest unread.
 */
export const NOTIFICATIONS_KEPT = 200

/**
 * Stores the notification in the unit and queues its push event (the console's bell and toast, the desktop's
 * native notification), published after the COMMIT. A kind already raised for the same source is not
 * raised again: returns null.
 */
export function raise(unit: Unit, draft: Draft): Notification | null {
  const row = unit.store.notifications.raise({
    organization_id: draft.organizationId, environment: draft.environment, kind: draft.kind, source: draft.source,
    title: draft.title, body: draft.body, link: draft.link, created_at: unit.now, recipient_id: draft.recipientId ?? null,
  })
  if (!row) return null
  unit.store.notifications.prune(draft.organizationId, draft.environment, NOTIFICATIONS_KEPT)
  const notification = toNotification(row)
  unit.emit({ type: 'notification.raised', environment: draft.environment, organizationId: draft.organizationId, notification, sound: draft.sound ?? false })
  return notification
}
