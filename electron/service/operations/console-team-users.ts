import { randomBytes } from 'node:crypto'
import { ApiError } from '../../../shared/errors'
import type { TeamSettings } from '../../../shared/schemas/team'
import { PERMISSIONS, ROLE_GRANTS, ROLES, type Permission, type Role } from '../../../shared/team/permissions'
import { SETTINGS } from '../db/settings-registry'
import type { UserRow } from '../db/users-repo'
import type { OperationContext } from './types'
import { permissionsHeld } from '../team/permissions-held'
import { hashPassword, unknownUserHash, verifyPassword } from '../team/passwords'
import { sessionEndsAt, startSession } from '../team/sessions'
import { assertPasswordAllowed } from '../team/password-rules'
import { proofHolds } from '../team/sign-in-proof'
import { toUser } from '../views/team'
import type { PartialOperationTable } from './types'

type TeamUserRoutes =
  | 'console.sessions.create' | 'console.sessions.current' | 'console.sessions.end' | 'console.users.list' | 'console.users.create'
  | 'console.users.update' | 'console.roles' | 'console.team.get' | 'console.team.update'

/** Only an owner creates an owner, changes one, or makes someone one ("admin: everything but managing owners"). */
function assertMayManage(ctx: OperationContext, role: Role, target?: UserRow): void {
  if (ctx.principal.actor.role === 'owner') return
  if (role === 'owner' || target?.role === 'owner') throw new ApiError('forbidden', 'Only an owner may create, change or appoint an owner.', 'users.manage')
}

/** The last enabled owner stays: without one, nobody could manage owners again (the console token aside). */
function assertOwnerRemains(ctx: OperationContext, target: UserRow, next: UserRow): void {
  const losesOwner = target.role === 'owner' && target.disabled_at === null && (next.role !== 'owner' || next.disabled_at !== null)
  if (!losesOwner) return
  const otherOwners = ctx.store.users.list().filter((u) => u.id !== target.id && u.role === 'owner' && u.disabled_at === null)
  if (otherOwners.length === 0) throw new ApiError('conflict', `${target.name} is the last enabled owner; appoint another owner first.`, 'role')
}

const WRONG_CREDENTIALS = 'The name or the password is not right.'

function signIn(ctx: OperationContext, name: string | undefined, password: string | undefined) {
  if (!name || !password) throw new ApiError('unauthorized', WRONG_CREDENTIALS)
  const address = ctx.clientAddress ?? 'local'
  const wallNow = ctx.host.wallNow()
  ctx.host.signInGuard.check(name, address)
  const user = ctx.store.users.byName(name)
  const usable = user !== undefined && user.disabled_at === null
  // One scrypt whatever the name: an unknown or disabled name costs the same time as a wrong password.
  // Hosts hash it off the engine thread before the call (the proof); only in-process calls hash here.
  const stored = usable ? user.password_hash : unknownUserHash()
  const matches = proofHolds(ctx.signInProof, name, password, stored) ? ctx.signInProof.matches : verifyPassword(password, stored)
  if (!usable || !matches) {
    ctx.host.signInGuard.failed(name, address)
    throw new ApiError('unauthorized', WRONG_CREDENTIALS)
  }
  ctx.host.signInGuard.succeeded(name)
  const session = startSession(ctx.store, user, wallNow)
  // Signing in is audited as the user who signed in (the call itself came without one).
  ctx.store.audit.append({
    at: ctx.now, recorded_at: wallNow, organization_id: ctx.principal.organizationId, environment: ctx.principal.environment, action: 'console.sessions.create',
    label: 'Signed in', target: user.id, request_id: ctx.requestId, actor_id: user.id, actor_name: user.name, actor_role: user.role,
  })
  return { token: session.token, user: actorOfUser(user), expiresAt: session.expiresAt, endsAt: session.endsAt }
}

const actorOfUser = (user: UserRow) => ({ id: user.id, name: user.name, role: user.role })

function teamSettings(ctx: OperationContext): TeamSettings {
  return {
    requireSignIn: ctx.store.settings.get(SETTINGS.teamRequireSignIn),
    teamMode: ctx.host.teamMode(),
    approvalExpiryHours: ctx.store.settings.get(SETTINGS.approvalExpiryHours),
  }
}

function roleMatrix() {
  return {
    permissions: (Object.keys(PERMISSIONS) as Permission[]).map((name) => ({ name, description: PERMISSIONS[name] })),
    roles: ROLES.map((role) => ({
      role,
      grants: Object.fromEntries((Object.keys(PERMISSIONS) as Permission[]).map((p) => [p, ROLE_GRANTS[role][p] ?? ('no' as const)])),
    })),
  }
}

/** Operations of the team routes about people (shared/api/routes/console-team.ts). */
export const CONSOLE_TEAM_USER_OPERATIONS: PartialOperationTable<TeamUserRoutes> = {
  'console.sessions.create': (ctx, { body }) => signIn(ctx, body.name, body.password),
  'console.sessions.current': (ctx) => {
    const session = ctx.principal.sessionId === null ? undefined : ctx.store.sessions.get(ctx.principal.sessionId)
    return {
      actor: ctx.principal.actor, teamMode: ctx.host.teamMode(), permissions: permissionsHeld(ctx.principal, ctx.principal.environment),
      sessionEndsAt: session ? sessionEndsAt(session.created_at) : null,
    }
  },
  'console.sessions.end': (ctx) => {
    if (ctx.principal.sessionId === null) throw new ApiError('invalid_parameter', 'This call was not made with a session token, so there is no session to end.', 'Authorization')
    ctx.store.sessions.end(ctx.principal.sessionId)
    return { ended: true as const }
  },
  'console.users.list': (ctx) => ({ items: ctx.store.users.list().map(toUser) }),
  'console.users.create': (ctx, { body }) => {
    assertMayManage(ctx, body.role)
    if (ctx.store.users.byName(body.name)) throw new ApiError('conflict', `A user named ${body.name} already exists.`, 'name')
    assertPasswordAllowed(body.password, body.name)
    const row: UserRow = {
      id: `usr_${randomBytes(10).toString('hex')}`, name: body.name, role: body.role, password_hash: hashPassword(body.password),
      disabled_at: null, created_at: ctx.now, updated_at: ctx.now,
    }
    ctx.store.users.insert(row)
    return toUser(row)
  },
  'console.users.update': (ctx, { params, body }) => {
    const target = ctx.store.users.get(params.id)
    if (!target) throw new ApiError('not_found', `No user ${params.id}.`, 'id')
    assertMayManage(ctx, body.role ?? target.role, target)
    if (body.password !== undefined) assertPasswordAllowed(body.password, target.name)
    const disabledAt = body.disabled === undefined ? target.disabled_at : body.disabled ? (target.disabled_at ?? ctx.now) : null
    const next: UserRow = {
      ...target, role: body.role ?? target.role, disabled_at: disabledAt, updated_at: ctx.now,
      password_hash: body.password === undefined ? target.password_hash : hashPassword(body.password),
    }
    assertOwnerRemains(ctx, target, next)
    ctx.store.users.update(next)
    // A new role, a disabling or a new password applies at once: whoever holds an old session signs in again.
    if (next.role !== target.role || next.disabled_at !== null || body.password !== undefined) ctx.store.sessions.endAllOf(target.id)
    return toUser(next)
  },
  'console.roles': () => roleMatrix(),
  'console.team.get': (ctx) => teamSettings(ctx),
  'console.team.update': (ctx, { body }) => {
    // Turning sign-in off makes the desktop window the built-in owner: an admin would become one.
    const changesSignIn = body.requireSignIn !== undefined && body.requireSignIn !== ctx.store.settings.get(SETTINGS.teamRequireSignIn)
    if (changesSignIn && ctx.principal.actor.role !== 'owner') {
      throw new ApiError('forbidden', `Only an owner may change whether sign-in is required (the ${ctx.principal.actor.role} role may not).`, 'requireSignIn')
    }
    if (body.requireSignIn === true && ctx.store.users.enabledManagers() === 0) {
      throw new ApiError('conflict', 'Create an enabled owner or admin first: with sign-in required and nobody to sign in, this console would lock itself out.', 'requireSignIn')
    }
    if (body.requireSignIn !== undefined) ctx.store.settings.set(SETTINGS.teamRequireSignIn, body.requireSignIn)
    if (body.approvalExpiryHours !== undefined) ctx.store.settings.set(SETTINGS.approvalExpiryHours, body.approvalExpiryHours)
    return teamSettings(ctx)
  },
}
