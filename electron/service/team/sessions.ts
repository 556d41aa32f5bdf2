import { randomBytes } from 'node:crypto'
import type { Actor } from '../../../shared/schemas/team'
import type { Store } from '../db/store'
import type { UserRow } from '../db/users-repo'
import { sha256Hex } from '../core/ids'

/**
 * Sign-in sessions: a random bearer token shown once, stored as its SHA-256 digest. A session ends after
 * 12 idle hours and 7 days after sign-in even if used all along (the host's real clock), when its user
 * signs out, is disabled, gets a new role or a new password. Every call re-reads the user, so a role
 * change applies to the very next call.
 */
export const SESSION_IDLE_MS = 12 * 60 * 60_000
export const SESSION_MAX_MS = 7 * 24 * 60 * 60_000
/** last_seen_at is written at most once a minute per session, not on every call. */
const TOUCH_INTERVAL_MS = 60_000
export const SESSION_TOKEN_PATTERN = /^pds_[A-Za-z0-9_-]{40}$/

/** The built-in user the console token acts as: a machine credential for CI and the CLI. */
export const AUTOMATION: Actor = { id: 'automation', name: 'automation', role: 'owner' }
/** The desktop window when this computer does not require sign-in: its one local operator. */
export const LOCAL_CONSOLE: Actor = { id: 'local', name: 'this computer', role: 'owner' }

export function actorOf(user: Pick<UserRow, 'id' | 'name' | 'role'>): Actor {
  return { id: user.id, name: user.name, role: user.role }
}

export interface ActiveSession {
  sessionId: string
  user: UserRow
}

/** Starts a session for `user`; answers the token (never stored), when it ends if left idle, and when it ends anyway. */
export function startSession(store: Store, user: UserRow, wallNow: number): { token: string; expiresAt: string; endsAt: string } {
  const token = `pds_${randomBytes(30).toString('base64url')}`
  store.sessions.insert({ id: `ses_${randomBytes(12).toString('hex')}`, user_id: user.id, token_hash: sha256Hex(token), created_at: wallNow, last_seen_at: wallNow })
  return { token, expiresAt: new Date(wallNow + SESSION_IDLE_MS).toISOString(), endsAt: sessionEndsAt(wallNow) }
}

/** When a session started at `createdAt` ends even if used all along. */
export const sessionEndsAt = (createdAt: number): string => new Date(createdAt + SESSION_MAX_MS).toISOString()

/** The session a token names, if it is still alive and its user enabled; ends an idle one. `use`: the call counts as use. */
export function resolveSession(store: Store, token: string, wallNow: number, use = true): ActiveSession | null {
  if (!SESSION_TOKEN_PATTERN.test(token)) return null
  const session = store.sessions.byTokenHash(sha256Hex(token))
  if (!session) return null
  const user = store.users.get(session.user_id)
  const ended = wallNow - session.last_seen_at >= SESSION_IDLE_MS || wallNow - session.created_at >= SESSION_MAX_MS
  if (!user || user.disabled_at !== null || ended) {
    store.sessions.end(session.id)
    return null
  }
  if (use && wallNow - session.last_seen_at > TOUCH_INTERVAL_MS) store.sessions.touch(session.id, wallNow)
  return { sessionId: session.id, user }
}
