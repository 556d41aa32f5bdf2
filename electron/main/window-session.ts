import type { PushEvent } from '../../shared/api/push-events'
import { LOCAL_SUBSCRIBER, mayReceive, type CallNotes, type PaydeskService, type PushSubscriber } from '../service'

/**
 * The sign-in session of the desktop window, for its push channel. When this computer requires sign-in
 * (team mode), the window's live updates go to it only while the session its last call was made with is
 * valid: signed out, its user disabled or given another role or password, or its idle or lifetime end
 * passed (the host's real clock), the window hears nothing more until a call with a valid session. Without
 * sign-in required the window is the built-in owner (`local`). Either way it hears only what its subscriber
 * could read through the API (`mayReceive`): a role's permissions, a personal notification only to its
 * recipient. Pushing to the window is not use of the session: only calls move its idle end. A new role ends
 * the session, so the actor noted with it holds for as long as the session does.
 */
export function createWindowSession(service: Pick<PaydeskService, 'watchSession' | 'teamMode'>) {
  let held: { sessionId: string; actor: PushSubscriber; hold: ReturnType<PaydeskService['watchSession']> } | null = null
  const release = () => {
    held?.hold?.stop()
    held = null
  }
  const subscriber = (): PushSubscriber | null => {
    if (!service.teamMode()) return LOCAL_SUBSCRIBER
    return held?.hold?.alive() === true ? held.actor : null
  }
  return {
    /** After a call of the window answered: the session it was made with (`notes.sessionId`) is the window's now. */
    noteCall(notes: CallNotes): void {
      const sessionId = notes.sessionId
      const actor = notes.actor
      if (sessionId === undefined || actor === undefined) return
      if (held?.sessionId === sessionId && held.hold?.alive()) return
      release()
      const entry = { sessionId, actor, hold: null as ReturnType<PaydeskService['watchSession']> }
      held = entry
      entry.hold = service.watchSession(sessionId, () => {
        if (held === entry) held = null
      })
      if (!entry.hold) held = null
    },
    /** Whom the window's push events are for now; null while sign-in is required and it holds no valid session. */
    subscriber,
    /** Whether `event` may go to the window now. */
    mayPush(event: PushEvent): boolean {
      const who = subscriber()
      return who !== null && mayReceive(event, who)
    },
    close: release,
  }
}
export type WindowSession = ReturnType<typeof createWindowSession>
