import { ApiError } from '../../../shared/errors'
import type { RouteSpec } from '../../../shared/api/route'
import { roleAllows, ROLE_GRANTS } from '../../../shared/team/permissions'
import type { Principal } from '../core/principal'
import type { TeamContext } from './auth'

/**
 * The access step of the request pipeline, after authentication: console routes need a console
 * credential, and a console caller's role must hold the route's permission (shared/team/permissions.ts)
 * in the call's environment. API keys on /v1 are not subject to roles. A refusal is 403 naming the
 * permission (message and `param`).
 */
export function authorize(route: RouteSpec, principal: Principal): void {
  if (principal.via === 'apiKey') {
    if (route.surface === 'console') throw new ApiError('forbidden', 'Console routes need the console token; an API key is not enough.')
    return
  }
  const permission = route.permission
  if (permission === 'anyone') return
  const role = principal.actor.role
  if (principal.via === 'anonymous' || role === 'api-key') throw new ApiError('unauthorized', 'Sign in first (POST /console/sessions).')
  if (roleAllows(role, permission, principal.environment)) return
  const testOnly = permission !== 'signed-in' && ROLE_GRANTS[role][permission] === 'test'
  throw new ApiError(
    'forbidden',
    testOnly
      ? `The ${role} role holds the permission ${permission} only in the test environment.`
      : `The ${role} role does not hold the permission ${permission}, which this needs.`,
    permission,
  )
}

/** The team facts a call is authenticated with (the route decides whether no credential at all will do). */
export function teamContext(route: RouteSpec, teamMode: boolean, wallNow: number): TeamContext {
  // Opening an event stream is not use of the session: a tab that keeps reopening one keeps no idle session alive.
  return { teamMode, wallNow, anonymousAllowed: route.permission === 'anyone', touchesSession: route.stream === undefined }
}
