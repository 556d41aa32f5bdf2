import type { PushEvent } from '../../shared/api/push-events'
import type { PaydeskService } from '../service'
import type { ConsoleConnection } from './team-connection'

// The shapes of Electron's Notification this file uses, spelled out so it loads under plain Node: tests
// pass a recording class, and only electron/main/index.ts imports 'electron' at runtime.
export interface NativeNotificationLike {
  show(): void
  on(event: 'click', listener: () => void): unknown
}
export interface NativeNotificationClass {
  new (options: { title: string; body: string; silent?: boolean }): NativeNotificationLike
  isSupported(): boolean
}

/**
 * Shows a raised notification (its push event, published after the change it describes committed) through
 * the operating system, with a sound only when the payment-received chime is on; a click calls `onClick`
 * with the notification's link. Other events are ignored, and nothing is shown where the system has none.
 */
export function nativeNotifier(Notification: NativeNotificationClass, onClick: (link: string | null) => void): (event: PushEvent) => void {
  if (!Notification.isSupported()) return () => undefined
  return (event) => {
    if (event.type !== 'notification.raised') return
    // One person's (a decision, to its requester): the window's console toasts it to them; the system does not know who is signed in.
    if (event.notification.recipientId !== null) return
    const { title, body, link } = event.notification
    const native = new Notification({ title, body, silent: !event.sound })
    native.on('click', () => onClick(link))
    native.show()
  }
}

/**
 * The desktop app's native notifications of what its own engine raises. While the console is connected to
 * a team server (`connection`), the notifications shown are that server's, relayed with its live updates
 * (the connection's `deliver` passes them to a `nativeNotifier`), not this computer's. Returns the unsubscribe.
 */
export function showNativeNotifications(
  service: PaydeskService, Notification: NativeNotificationClass, onClick: (link: string | null) => void, connection?: Pick<ConsoleConnection, 'state'>,
): () => void {
  const show = nativeNotifier(Notification, onClick)
  return service.onEvent((event) => {
    if (connection?.state().kind !== 'remote') show(event)
  })
}
