import { useEffect, useState } from 'react'
import type { Notification } from '../../../../shared/schemas/notifications'
import { useApiClient } from '../../api/api-context'
import { useConsoleInfo } from '../../api/hooks/console'
import { useWhoAmI } from '../../api/hooks/team'
import { onPushEvent } from '../../api/push-listeners'
import { navigate } from '../../lib/router'
import { useEnvironment } from '../../stores/environment-store'
import { playChime, showPageNotification } from './page-notifications'

const SHOWN_MS = 8_000
const AT_ONCE = 3

/**
 * A toast for each notification raised while the console is open (its push event), of the console's
 * organization in its environment (the event stream carries every organization's); with the payment-received chime when the rule asks for it, and in a browser the page's own
 * notification when allowed (the desktop app's main process shows native ones itself).
 */
export function NotificationToasts() {
  const client = useApiClient()
  const environment = useEnvironment()
  const organizationId = useConsoleInfo().data?.organization.id
  const me = useWhoAmI().data?.actor.id
  const [toasts, setToasts] = useState<Notification[]>([])
  useEffect(() => onPushEvent((event) => {
    if (event.type !== 'notification.raised' || event.environment !== environment || event.organizationId !== organizationId) return
    const { notification } = event
    // A decision is its requester's alone.
    if (notification.recipientId !== null && notification.recipientId !== me) return
    setToasts((current) => [notification, ...current].slice(0, AT_ONCE))
    setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== notification.id)), SHOWN_MS)
    if (event.sound) playChime()
    if (client.transport.kind === 'http') showPageNotification(notification.title, notification.body)
  }), [client, environment, organizationId, me])
  const dismiss = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id))
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} data-testid="toast">
          <button type="button" className="toast__open" onClick={() => { dismiss(toast.id); if (toast.link) navigate(toast.link) }}>
            <strong>{toast.title}</strong>
            <span>{toast.body}</span>
          </button>
          <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>×</button>
        </div>
      ))}
    </div>
  )
}
