import { useEffect, useId, useRef, useState } from 'react'
import type { Notification } from '../../../../shared/schemas/notifications'
import { useApiClient } from '../../api/api-context'
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../../api/hooks/notifications'
import { navigate } from '../../lib/router'
import { Timestamp } from '../../components/timestamp'
import { pagePermission, requestPagePermission } from './page-notifications'
import './notifications.css'

function Item({ notification, onOpen }: { notification: Notification; onOpen(notification: Notification): void }) {
  return (
    <li className={notification.read ? 'bell-item' : 'bell-item bell-item--unread'}>
      <button type="button" className="bell-item__button" onClick={() => onOpen(notification)}>
        <span className="bell-item__title">{notification.title}</span>
        <span className="bell-item__body">{notification.body}</span>
        <Timestamp ms={notification.createdAt} compact className="bell-item__time" />
      </button>
    </li>
  )
}

/** In a browser, the page's own Notification permission: offered until granted or refused. */
function PagePermission() {
  const client = useApiClient()
  const [permission, setPermission] = useState(pagePermission())
  if (client.transport.kind !== 'http' || permission !== 'default') return null
  return (
    <button type="button" className="button button--ghost button--small" onClick={() => void requestPagePermission().then(setPermission)}>
      Show notifications on this computer
    </button>
  )
}

/** The bell in the top bar, on every screen: unread count, the newest notifications, mark read, open. */
export function NotificationBell() {
  const notifications = useNotifications()
  const markRead = useMarkNotificationRead()
  const markAll = useMarkAllNotificationsRead()
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('mousedown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open])
  const unread = notifications.data?.unread ?? 0
  const openOne = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ params: { id: String(notification.id) } })
    setOpen(false)
    if (notification.link) navigate(notification.link)
  }
  return (
    <div className="bell" ref={root}>
      <button type="button" className="bell__button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}>
        <svg className="bell__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        {unread > 0 ? <span className="bell__count" data-testid="bell-count">{unread > 99 ? '99+' : unread}</span> : null}
      </button>
      {open ? (
        <div className="bell__panel" id={id} role="region" aria-label="Notifications">
          <div className="bell__header">
            <strong>Notifications</strong>
            <button type="button" className="button button--ghost button--small" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate({})}>Mark all read</button>
          </div>
          <PagePermission />
          {notifications.data && notifications.data.items.length > 0 ? (
            <ul className="bell__list">{notifications.data.items.map((n) => <Item key={n.id} notification={n} onOpen={openOne} />)}</ul>
          ) : <p className="form__note bell__empty">Nothing yet. Choose what to be told about in Settings.</p>}
        </div>
      ) : null}
    </div>
  )
}
