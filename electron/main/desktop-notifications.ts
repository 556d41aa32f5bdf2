import type { PushEvent } from '../../shared/api/push-events'
import { mayReceive, type PaydeskService } from '../service'
import type { ConsoleConnection } from './team-connection'
import type { WindowSession } from './window-session'

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

/** The shortest gap between two native notifications: a burst is one summary, not a wall of them. */
export const NATIVE_GAP_MS = 5_000

/** Real time and a timer, injectable so tests run on a fake clock. */
export interface NativePacing {
  now(): number
  later(run: () => void, ms: number): void
}
const REAL_TIME: NativePacing = { now: () => Date.now(), later: (run, ms) => void setTimeout(run, ms).unref?.() }

type Raised = Extract<PushEvent, { type: 'notification.raised' }>

/**
 * Shows a raised notification (its push event, published after the change it describes committed) through
 * the operating system, with a sound only when the payment-received chime is on; a click calls `onClick`
 * with the notification's link. At most one every NATIVE_GAP_MS: what is raised in between waits and is
 * shown as one at the end of the gap (itself when alone, else "N new notifications" with the newest titles).
 * Other events are ignored, and nothing is shown where the system has none. A personal notification
 * (`recipientId`) is shown only when the caller says it is for whoever sits at this computer (`forViewer`).
 */
export function nativeNotifier(
  Notification: NativeNotificationClass, onClick: (link: string | null) => void, pacing: NativePacing = REAL_TIME,
): (event: PushEvent, forViewer?: boolean) => void {
  if (!Notification.isSupported()) return () => undefined
  let shownAt = -Infinity
  let held: Raised[] = []
  let waiting = false
  const show = (title: string, body: string, silent: boolean, link: string | null) => {
    const native = new Notification({ title, body, silent })
    native.on('click', () => onClick(link))
    native.show()
    shownAt = pacing.now()
  }
  const showHeld = () => {
    waiting = false
    const events = held
    held = []
    if (events.length === 1) {
      const [{ notification, sound }] = events as [Raised]
      show(notification.title, notification.body, !sound, notification.link)
    } else if (events.length > 1) {
      const newest = events.slice(-3).reverse().map((event) => event.notification.title)
      show(`${events.length} new notifications`, newest.join(' · '), !events.some((event) => event.sound), null)
    }
  }
  return (event, forViewer = false) => {
    if (event.type !== 'notification.raised') return
    // One person's (a decision, to its requester): unless the caller checked it is the signed-in user's, the
    // window's console toasts it to them; the system does not know who is signed in.
    if (event.notification.recipientId !== null && !forViewer) return
    held.push(event)
    if (waiting) return
    const wait = shownAt + NATIVE_GAP_MS - pacing.now()
    if (wait <= 0) return showHeld()
    waiting = true
    pacing.later(showHeld, wait)
  }
}

/**
 * The desktop app's native notifications of what its own engine raises. While the console is connected to
 * a team server (`connection`), the notifications shown are that server's, relayed with its live updates
 * (the connection's `deliver` passes them to a `nativeNotifier`), not this computer's. When this computer
 * requires sign-in (`windowSession`), only what the window's signed-in user may read through the API
 * (`mayReceive`), their personal notifications included, and nothing while nobody is signed in: the screen
 * may be seen by whoever is near it. Returns the unsubscribe.
 */
export function showNativeNotifications(
  service: Pick<PaydeskService, 'onEvent' | 'teamMode'>, Notification: NativeNotificationClass, onClick: (link: string | null) => void,
  connection?: Pick<ConsoleConnection, 'state'>, pacing?: NativePacing, windowSession?: Pick<WindowSession, 'subscriber'>,
): () => void {
  const show = nativeNotifier(Notification, onClick, pacing)
  return service.onEvent((event) => {
    if (connection?.state().kind === 'remote') return
    if (!windowSession || !service.teamMode()) return show(event)
    const viewer = windowSession.subscriber()
    if (viewer && mayReceive(event, viewer)) show(event, true)
  })
}
