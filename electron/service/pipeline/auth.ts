import { timingSafeEqual } from 'node:crypto'
import { ApiError } from '../../../shared/errors'
import type { Environment } from '../../../shared/schemas/common'
import type { Principal } from '../core/principal'
import type { CallNotes } from '../request-log/exchange'
import type { Store } from '../db/store'
import { sha256Hex } from '../core/ids'
import { SETTINGS } from '../db/settings-registry'
import type { Actor } from '../../../shared/schemas/team'
import type { SignInProof } from '../team/sign-in-proof'
import { actorOf, AUTOMATION, LOCAL_CONSOLE, resolveSession, SESSION_TOKEN_PATTERN } from '../team/sessions'

export type { Principal } from '../core/principal'
export type { CallNotes } from '../request-log/exchange'

export interface CallContext {
  /** Bearer token of the Authorization header (HTTP): an API key or the console token. */
  bearer?: string
  /** Set only by in-process hosts (the desktop app's IPC handler): the console acting for its user. */
  trustedConsole?: boolean
  /** The console's environment (IPC argument or `Paydesk-Environment` header); an API key fixes its own. */
  environment?: Environment
  /** The organization the console acts for (default: the demo organization). */
  organizationId?: string
  requestId?: string
  /** The `Paydesk-Api-Version` header as sent (unvalidated). */
  apiVersion?: string
  /** A sign-in session token sent over IPC by the desktop window (HTTP sends it as the bearer token). */
  sessionToken?: string
  /** The client's network address (HTTP), for the sign-in guard's bound per address. */
  clientAddress?: string
  /** Set only by the approval runner: the held request runs as its requester's, once approved. */
  approvedRequest?: { approvalId: string; actor: Actor }
  /**
   * Set only by the engine's own runners (a bulk payout's rows): the call is this console actor's, with no
   * sign-in session, so the approval policy never holds it (the batch was held, or not, as a whole).
   */
  actingFor?: Actor
  /** Set only by the service's async way in (`submit`): a sign-in's password, already hashed off the engine thread. */
  signInProof?: SignInProof
  /** Filled in by the dispatcher for the request log (the HTTP adapter passes one in). */
  notes?: CallNotes
  /** The caller writes bytes as they come (HTTP): a heavy download may answer a StreamedAnswer (core/streamed-answer.ts). */
  streaming?: boolean
}

const KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9]{8,128}$/
const TOUCH_INTERVAL_MS = 60_000

/** Digests of the console tokens this process was given (one per service; never a presented secret). */
const consoleDigests = new Map<string, Buffer>()
function consoleTokenDigest(consoleToken: string): Buffer {
  let digest = consoleDigests.get(consoleToken)
  if (!digest) {
    if (consoleDigests.size >= 16) consoleDigests.clear()
    digest = Buffer.from(sha256Hex(consoleToken), 'hex')
    consoleDigests.set(consoleToken, digest)
  }
  return digest
}

/**
 * How this run treats console callers: team mode (sign-in required) and the host's real clock for sessions.
 * Required of every caller of `authenticate`, even one that only looks who calls (the fault lab): judged on
 * the simulated clock, days ahead after QA advanced it, a fresh session looks idle and is ended.
 */
export interface TeamContext {
  teamMode: boolean
  /** The host's real clock (`engine.wallNow()`), never the simulated `now`. */
  wallNow: number
  /** The route takes callers without any credential (signing in). */
  anonymousAllowed?: boolean
  /** The call counts as use of its session (idle end moves on); false: an event stream's opening. Default true. */
  touchesSession?: boolean
}

/** Whoever calls a route that takes no credential (signing in); it holds no permission. */
const ANONYMOUS: Actor = { id: 'anonymous', name: 'anonymous', role: 'viewer' }

/** A 401 whose `param` is `session` means "sign in" (team mode): the console shows its sign-in page. */
const SIGN_IN_REQUIRED = 'Sign in first: this Paydesk requires a signed-in user (POST /console/sessions).'

export function authenticate(store: Store, consoleToken: string, ctx: CallContext, now: number, team: TeamContext): Principal {
  const consolePrincipal = (actor: Actor, sessionId: string | null = null): Principal => {
    const organizationId = ctx.organizationId ?? store.settings.get(SETTINGS.demoOrganizationId)!
    if (!store.organizations.get(organizationId)) throw new ApiError('not_found', `No organization ${organizationId}`, 'organizationId')
    return { organizationId, environment: ctx.environment ?? 'test', via: 'console', keyId: null, keyPrefix: null, pinnedApiVersion: null, actor, sessionId }
  }
  const signedIn = (token: string): Principal => {
    const session = resolveSession(store, token, team.wallNow, team.touchesSession ?? true)
    if (!session) throw new ApiError('unauthorized', 'This session has ended or is not valid; sign in again.', 'session')
    return consolePrincipal(actorOf(session.user), session.sessionId)
  }
  const anonymous = (): Principal => ({ ...consolePrincipal(ANONYMOUS), via: 'anonymous' })
  if (ctx.approvedRequest) return consolePrincipal(ctx.approvedRequest.actor)
  if (ctx.actingFor) return consolePrincipal(ctx.actingFor)
  if (ctx.trustedConsole) {
    if (ctx.sessionToken) return signedIn(ctx.sessionToken)
    if (!team.teamMode) return consolePrincipal(LOCAL_CONSOLE)
    if (team.anonymousAllowed) return anonymous()
    throw new ApiError('unauthorized', SIGN_IN_REQUIRED, 'session')
  }
  const token = ctx.bearer
  if (token === undefined || token === '') {
    if (team.anonymousAllowed) return anonymous()
    if (team.teamMode) throw new ApiError('unauthorized', SIGN_IN_REQUIRED, 'session')
    throw new ApiError('unauthorized', 'No API key provided. Send the header "Authorization: Bearer <API_KEY>".')
  }
  // One digest of the token serves both checks. Digests are compared, so the comparison with the console
  // token takes the same time whatever the lengths.
  const hash = sha256Hex(token)
  if (timingSafeEqual(Buffer.from(hash, 'hex'), consoleTokenDigest(consoleToken))) return consolePrincipal(AUTOMATION)
  if (SESSION_TOKEN_PATTERN.test(token)) return signedIn(token)
  if (!KEY_PATTERN.test(token)) throw new ApiError('unauthorized', 'Invalid API key.')
  const row = store.apiKeys.findByHash(hash)
  if (!row || !timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'))) {
    throw new ApiError('unauthorized', 'Invalid API key.')
  }
  if (row.revoked_at !== null) throw new ApiError('unauthorized', 'This API key has been revoked.')
  if (row.last_used_at === null || now - row.last_used_at > TOUCH_INTERVAL_MS) store.apiKeys.touch(row.id, now)
  return {
    organizationId: row.organization_id, environment: row.environment, via: 'apiKey', keyId: row.id, keyPrefix: row.prefix,
    pinnedApiVersion: row.api_version ?? null, actor: { id: row.id, name: row.prefix, role: 'api-key' }, sessionId: null,
  }
}
