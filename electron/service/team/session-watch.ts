import type { Store } from '../db/store'
import { SESSION_IDLE_MS, SESSION_MAX_MS } from './sessions'

/** Between looks at the watched sessions' time-based ends (idle, lifetime) when no event is written. */
export const SESSION_WATCH_INTERVAL_MS = 5_000

/** One open stream's hold on the session that opened it. */
export interface SessionHold {
  /** Whether the session is still valid now; when it is not, the stream's `onEnd` has run (once). */
  alive(): boolean
  /** The stream closed on its own: stop watching. */
  stop(): void
}

interface Watched {
  sessionId: string
  /** Real-clock time until which the session is known valid (its idle or lifetime end as last read). */
  validUntil: number
  onEnd(): void
}

/**
 * Binds open event streams to the sign-in session that opened them: a stream's session that ended (signed
 * out, its user disabled or given a new role or password) or ran out (idle, lifetime: the host's real clock)
 * ends the stream. Watching never counts as use: it reads `last_seen_at`, never writes it, so an open
 * stream alone never keeps an idle session alive. Looked at: after every COMMIT that ended sessions
 * (`sessionsEnded`), before every event is written (`alive`), and every few seconds while any is watched.
 */
export function createSessionWatch(store: Store, wallNow: () => number) {
  const watched = new Set<Watched>()
  let timer: ReturnType<typeof setInterval> | null = null
  let endingsSeen = store.sessions.endings()

  /** Until when the session is valid (real clock), or null when it has ended or its user is disabled. */
  const validUntil = (sessionId: string): number | null => {
    const session = store.sessions.get(sessionId)
    const user = session && store.users.get(session.user_id)
    if (!session || !user || user.disabled_at !== null) return null
    return Math.min(session.last_seen_at + SESSION_IDLE_MS, session.created_at + SESSION_MAX_MS)
  }
  const end = (entry: Watched) => {
    if (!watched.delete(entry)) return
    if (watched.size === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
    entry.onEnd()
  }
  /** `reread`: the database changed, so what was read before no longer holds. */
  const check = (entry: Watched, reread: boolean): boolean => {
    if (!watched.has(entry)) return false
    const now = wallNow()
    if (!reread && now < entry.validUntil) return true
    const until = validUntil(entry.sessionId)
    if (until === null || now >= until) {
      end(entry)
      return false
    }
    entry.validUntil = until
    return true
  }
  const checkAll = (reread: boolean) => {
    for (const entry of [...watched]) check(entry, reread)
  }
  return {
    /** Watches `sessionId` for one stream; `onEnd` closes it. null when the session is not valid now. */
    watch(sessionId: string, onEnd: () => void): SessionHold | null {
      const until = validUntil(sessionId)
      if (until === null || wallNow() >= until) return null
      const entry: Watched = { sessionId, validUntil: until, onEnd }
      watched.add(entry)
      if (!timer) {
        timer = setInterval(() => checkAll(false), SESSION_WATCH_INTERVAL_MS)
        timer.unref()
      }
      return { alive: () => check(entry, false), stop: () => watched.delete(entry) }
    },
    /** After a COMMIT: re-reads every watched session when sessions were ended since the last look. */
    afterCommit(): void {
      const endings = store.sessions.endings()
      if (endings === endingsSeen) return
      endingsSeen = endings
      checkAll(true)
    },
    close(): void {
      if (timer) clearInterval(timer)
      timer = null
      watched.clear()
    },
  }
}
export type SessionWatch = ReturnType<typeof createSessionWatch>
