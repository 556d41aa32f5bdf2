import type { CallNotes, PaydeskService } from '../service'

/**
 * The sign-in session of the desktop window, for its push channel. When this computer requires sign-in
 * (team mode), the window's live updates go to it only while the session its last call was made with is
 * valid: signed out, its user disabled or given another role or password, or its idle or lifetime end
 * passed (the host's real clock), the window hears nothing more until a call with a valid session. Without
 * sign-in required the window is the built-in owner and hears everything, as before. Pushing to the window
 * is not use of the session: only calls move its idle end.
 */
export function createWindowSession(service: Pick<PaydeskService, 'watchSession' | 'teamMode'>) {
  let held: { sessionId: string; hold: ReturnType<PaydeskService['watchSession']> } | null = null
  const release = () => {
    held?.hold?.stop()
    held = null
  }
  return {
    /** After a call of the window answered: the session it was made with (`notes.sessionId`) is the window's now. */
    noteCall(notes: CallNotes): void {
      const sessionId = notes.sessionId
      if (sessionId === undefined) return
      if (held?.sessionId === sessionId && held.hold?.alive()) return
      release()
      const entry = { sessionId, hold: null as ReturnType<PaydeskService['watchSession']> }
      held = entry
      entry.hold = service.watchSession(sessionId, () => {
        if (held === entry) held = null
      })
      if (!entry.hold) held = null
    },
    /** Whether a push event may go to the window now. */
    mayPush(): boolean {
      if (!service.teamMode()) return true
      return held?.hold?.alive() === true
    },
    close: release,
  }
}
export type WindowSession = ReturnType<typeof createWindowSession>
