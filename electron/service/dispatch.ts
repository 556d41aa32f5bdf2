import { ApiError, ERROR_CATALOGUE } from '../../shared/errors'
import type { ErrorEnvelope, ServiceResponse } from '../../shared/api/envelope'
import { ROUTES, isRouteId } from '../../shared/api/routes'
import type { RouteSpec } from '../../shared/api/route'
import type { PushEvent } from '../../shared/api/push-events'
import { forRelease, provisionalApiVersion, resolveApiVersion, withApiVersion } from './api-version'
import { authenticate, type CallContext, type Principal } from './auth'
import type { Engine, OperationContext } from './engine'
import { sha256Hex } from './ids'
import { OPERATIONS } from './operations'
import { assertEnterpriseFields, enterpriseFieldsOf } from './operations/support/guards'
import { parseWith } from './validation'

/** What a host passes: raw, unvalidated input for one route. */
export interface CallInput {
  query?: unknown
  body?: unknown
  params?: unknown
  idempotencyKey?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

export function errorResponse(error: ApiError, requestId: string): ServiceResponse {
  const entry = ERROR_CATALOGUE[error.kind]
  const body: ErrorEnvelope = { error: { type: entry.type, code: entry.code, message: error.message, param: error.param, requestId } }
  return { status: entry.status, body, headers: { ...error.headers }, requestId }
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

function checkIdempotencyKey(route: RouteSpec, principal: Principal, key: string | undefined): string | undefined {
  if (route.idempotency === 'none') return undefined
  if (key === undefined || key === '') {
    if (route.idempotency === 'required-live' && principal.environment === 'live') {
      throw new ApiError('missing_header', 'The Idempotency-Key header is required for this operation with a live key.', 'Idempotency-Key')
    }
    return undefined
  }
  if (!UUID.test(key)) throw new ApiError('invalid_parameter', 'Idempotency-Key must be a UUID.', 'Idempotency-Key')
  return key.toLowerCase()
}

/**
 * The one entry point every face uses. Order of checks, so docs, code and tests agree on which error
 * wins: route -> authentication -> console access -> Idempotency-Key format -> params, query, body ->
 * enterprise fields (403) -> (in one SQLite transaction) idempotency replay or conflict -> the
 * operation's own rules. Errors before the idempotency step are never stored under the key.
 */
export function createDispatcher(engine: Engine, publish: (events: PushEvent[]) => void) {
  return function call(routeId: string, input: CallInput = {}, ctx: CallContext = {}): ServiceResponse {
    const requestId = ctx.requestId ?? engine.ids.request()
    const queued: PushEvent[] = []
    let apiVersion = provisionalApiVersion(ctx.apiVersion)
    try {
      if (!isRouteId(routeId)) throw new ApiError('not_found', `No route ${String(routeId)}.`)
      const route: RouteSpec = ROUTES[routeId]
      const now = engine.now()
      const principal = authenticate(engine.store, engine.consoleToken, ctx, now)
      apiVersion = resolveApiVersion(ctx.apiVersion, principal)
      if (route.surface === 'console' && principal.via !== 'console') {
        throw new ApiError('forbidden', 'Console routes need the console token; an API key is not enough.')
      }
      const idempotencyKey = checkIdempotencyKey(route, principal, input.idempotencyKey)
      const parsed = {
        params: parseWith(route.params, input.params, 'params'),
        query: forRelease(routeId, parseWith(route.query, input.query, 'query'), apiVersion),
        body: parseWith(route.body, input.body, 'body'),
      }
      const opCtx: OperationContext = { engine, store: engine.store, principal, now, apiVersion, emit: (event) => queued.push(event) }
      if (route.surface === 'public') assertEnterpriseFields(opCtx, enterpriseFieldsOf(parsed))
      const operation = OPERATIONS[routeId] as (ctx: OperationContext, input: unknown) => unknown
      const run = (): ServiceResponse => {
        try {
          const data = engine.store.transaction(() => operation(opCtx, parsed))
          return { status: route.successStatus, body: { status: 'success', message: route.message, data }, headers: {}, requestId }
        } catch (error) {
          queued.length = 0
          if (error instanceof ApiError) return errorResponse(error, requestId)
          throw error
        }
      }
      const response =
        idempotencyKey === undefined
          ? run()
          : engine.store.transaction(() => {
              const { organizationId, environment } = principal
              const bodyHash = sha256Hex(stableJson(input.body ?? null))
              const previous = engine.store.idempotency.get(organizationId, environment, idempotencyKey, now)
              if (previous) {
                if (previous.method !== route.method || previous.path !== route.path || previous.body_hash !== bodyHash) {
                  throw new ApiError('idempotency_conflict', 'This Idempotency-Key was already used with a different request.', 'Idempotency-Key')
                }
                const replay = JSON.parse(previous.response) as ServiceResponse['body']
                return { status: previous.status, body: replay, headers: { 'Idempotent-Replayed': 'true' }, requestId }
              }
              const fresh = run()
              engine.store.idempotency.put(organizationId, environment, idempotencyKey, {
                method: route.method, path: route.path, body_hash: bodyHash, status: fresh.status,
                response: JSON.stringify(fresh.body), expires_at: now + IDEMPOTENCY_TTL_MS,
              }, now)
              return fresh
            })
      publish(queued)
      return withApiVersion(response, apiVersion)
    } catch (error) {
      if (error instanceof ApiError) return withApiVersion(errorResponse(error, requestId), apiVersion)
      // A bug, never bad input: log without request data (it may hold secrets) and answer 500.
      console.error(`[paydesk] internal error in ${String(routeId)} (${requestId}):`, error instanceof Error ? error.stack : error)
      return withApiVersion(errorResponse(new ApiError('internal', `An internal error occurred. Quote ${requestId} when reporting it.`), requestId), apiVersion)
    }
  }
}
