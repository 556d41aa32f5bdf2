import { ApiError } from '../../../shared/errors'
import { ROUTES, type RouteId } from '../../../shared/api/routes'
import type { RouteSpec } from '../../../shared/api/route'
import { forRelease, resolveApiVersion } from './api-version'
import { authenticate } from './auth'
import { authorize, teamContext } from './authorize'
import type { Call, Established } from './call'
import { checkIdempotencyKey } from './request-checks'
import { strictChecks } from '../operations/support/developer-settings'
import { parseWith } from './validation'
import { refuseInUpstreamMode } from './upstream-mode'
import { assertEnterpriseFields, enterpriseFieldsOf } from '../operations/support/guards'

/** One step of the request pipeline: adds what it establishes to the call, or refuses it (throws ApiError). */
export type Step = (call: Call) => void

/** Every route with its id, built once: a call names its route, never copies it. */
const ROUTES_WITH_ID = new Map<string, RouteSpec & { id: RouteId }>(
  (Object.keys(ROUTES) as RouteId[]).map((id) => [id, Object.freeze({ ...(ROUTES[id] as RouteSpec), id })]),
)

function findRoute(call: Call): void {
  const route = ROUTES_WITH_ID.get(call.routeId)
  if (!route) throw new ApiError('not_found', `No route ${String(call.routeId)}.`)
  call.route = route
}

/** Who calls; a bearer presented is noted accepted or refused (the HTTP face budgets refusals per client address). */
function authenticateCaller(call: Call): void {
  const { engine, host, consoleToken } = call.deps
  const { route } = established(call, 'route')
  const { ctx } = call
  const presented = ctx.notes && ctx.bearer !== undefined && ctx.bearer !== '' ? ctx.notes : undefined
  try {
    call.principal = authenticate(engine.store, consoleToken, ctx, call.now, teamContext(route, host.teamMode(), engine.wallNow()))
  } catch (error) {
    if (presented && error instanceof ApiError && error.kind === 'unauthorized') presented.credential = 'refused'
    throw error
  }
  if (presented) presented.credential = 'accepted'
  if (ctx.notes && call.principal.sessionId !== null) ctx.notes.sessionId = call.principal.sessionId
  if (ctx.notes) ctx.notes.actor = call.principal.actor
}

function resolveRelease(call: Call): void {
  call.apiVersion = resolveApiVersion(call.ctx.apiVersion, established(call, 'principal').principal)
}

/** Console routes need a console credential; a console caller's role must hold the route's permission. */
function checkConsoleAccess(call: Call): void {
  const { route, principal } = established(call, 'route', 'principal')
  authorize(route, principal)
}

/** An environment that mirrors a provider account refuses money and the sandbox's controls (upstream-mode.ts). */
function checkUpstreamMode(call: Call): void {
  const { route, principal } = established(call, 'route', 'principal')
  refuseInUpstreamMode(call, route, principal)
}

/** Who called, for the request log: known from here on, even when a later step refuses the call. */
function noteCaller(call: Call): void {
  const { principal } = established(call, 'principal')
  const notes = call.ctx.notes
  if (!notes) return
  notes.organizationId = principal.organizationId
  notes.environment = principal.environment
  notes.keyPrefix = principal.via === 'apiKey' ? principal.keyPrefix : 'console'
}

function checkIdempotencyKeyFormat(call: Call): void {
  const { route, principal } = established(call, 'route', 'principal')
  const { store } = call.deps.engine
  const strict = () => strictChecks(store, principal.organizationId, call.deps.strictRequestChecks)
  call.idempotencyKey = checkIdempotencyKey(route, principal, call.input.idempotencyKey, strict, call.warnings)
}

function parseInput(call: Call): void {
  const { route } = established(call, 'route')
  call.parsed = {
    params: parseWith(route.params, call.input.params, 'params'),
    query: forRelease(route.id, parseWith(route.query, call.input.query, 'query'), call.apiVersion),
    body: parseWith(route.body, call.input.body, 'body'),
  }
}

/** Enterprise fields on public routes: after validation, so a refused caller never stores an answer under its key. */
function checkEnterpriseFields(call: Call): void {
  const { route, principal, parsed } = established(call, 'route', 'principal', 'parsed')
  if (route.surface === 'public') assertEnterpriseFields({ store: call.deps.engine.store, principal }, enterpriseFieldsOf(parsed))
}

/**
 * The request pipeline, in the order its checks run, so docs, code and tests agree on which error wins:
 * route -> authentication -> release -> console access -> upstream mode (409) -> Idempotency-Key format -> params, query,
 * body -> enterprise fields (403). Then (execute.ts, in one SQLite transaction) idempotency replay or
 * conflict -> the operation's own rules, and the audit entry. Errors before execution are never stored
 * under the key.
 */
export const PIPELINE: readonly Step[] = [
  findRoute,
  authenticateCaller,
  resolveRelease,
  checkConsoleAccess,
  noteCaller,
  checkUpstreamMode,
  checkIdempotencyKeyFormat,
  parseInput,
  checkEnterpriseFields,
]

/** The call with the fields earlier steps established; a step run out of order is a programming error. */
export function established<K extends 'route' | 'principal' | 'parsed'>(call: Call, ...fields: K[]): Call & Required<Pick<Call, K>> {
  for (const field of fields) if (call[field] === undefined) throw new Error(`pipeline: ${field} is not established before this step`)
  return call as Call & Required<Pick<Call, K>>
}

/** After every step ran. */
export function completed(call: Call): Established {
  return established(call, 'route', 'principal', 'parsed')
}
