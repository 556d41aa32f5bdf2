import { ApiError } from '../../shared/errors'
import type { ServiceResponse } from '../../shared/api/envelope'
import { ROUTES, isRouteId } from '../../shared/api/routes'
import type { RouteSpec } from '../../shared/api/route'
import type { PushEvent } from '../../shared/api/push-events'
import { WARNING_HEADER, warningHeaderValue, type ApiWarning } from '../../shared/api/warnings'
import { recordConsoleAction } from './audit'
import { forRelease, provisionalApiVersion, resolveApiVersion, withApiVersion } from './api-version'
import { authenticate, type CallContext, type Principal } from './auth'
import type { CallInput } from './call-input'
import { errorResponse, internalErrorResponse } from './error-response'
import type { Engine, OperationContext } from './engine'
import { sha256Hex } from './ids'
import { OPERATIONS } from './operations'
import { assertEnterpriseFields, enterpriseFieldsOf } from './operations/support/guards'
import { checkIdempotencyKey, strictChecks } from './request-checks'
import { newUnit } from './unit'
import { parseWith } from './validation'

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** The transaction a successful public call created or read, from its answer (accepted, spec 2.1 or alternative shape). */
function linkedTransactionId(body: ServiceResponse['body']): string | undefined {
  if (!('data' in body) || body.data === null || typeof body.data !== 'object') return undefined
  const data = body.data as Record<string, unknown>
  const id = data['transactionId'] ?? data['publicId'] ?? data['id']
  return typeof id === 'string' && id.startsWith('txn_') ? id : undefined
}

/**
 * The one entry point every face uses. Order of checks, so docs, code and tests agree on which error
 * wins: route -> authentication -> console access -> Idempotency-Key format -> params, query, body ->
 * enterprise fields (403) -> (in one SQLite transaction) idempotency replay or conflict -> the
 * operation's own rules. Errors before the idempotency step are never stored under the key.
 */
export function createDispatcher(engine: Engine) {
  /**
   * One call's whole work, run as a unit of a batch, and publishes `published` (the push events of a call
   * that succeeded) only after the COMMIT. Never throws, and a failed operation rolls back in its own
   * savepoint: the batcher runs it as a `selfContained` unit, with no savepoint around it.
   */
  return function respond(routeId: string, input: CallInput = {}, ctx: CallContext = {}, published: PushEvent[] = []): ServiceResponse {
    const requestId = ctx.requestId ?? engine.ids.request()
    const queued: PushEvent[] = []
    const warnings: ApiWarning[] = []
    // Warnings found before a later check refused the call still tell the caller (and the log) about it.
    const warned = (response: ServiceResponse): ServiceResponse => {
      if (warnings.length === 0) return response
      response.headers[WARNING_HEADER] = warningHeaderValue(warnings)
      response.warnings = warnings
      if (ctx.notes) ctx.notes.warnings = warnings
      return response
    }
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
      const notes = ctx.notes
      if (notes) {
        notes.organizationId = principal.organizationId
        notes.environment = principal.environment
        notes.keyPrefix = principal.via === 'console' ? 'console' : principal.keyPrefix
      }
      const strict = () => strictChecks(engine.store, principal.organizationId, engine.strictRequestChecks)
      const idempotencyKey = checkIdempotencyKey(route, principal, input.idempotencyKey, strict, warnings)
      const parsed = {
        params: parseWith(route.params, input.params, 'params'),
        query: forRelease(routeId, parseWith(route.query, input.query, 'query'), apiVersion),
        body: parseWith(route.body, input.body, 'body'),
      }
      const opCtx: OperationContext = { ...newUnit(engine, now, queued), principal, apiVersion }
      if (route.surface === 'public') assertEnterpriseFields(opCtx, enterpriseFieldsOf(parsed))
      const operation = OPERATIONS[routeId] as (ctx: OperationContext, input: unknown) => unknown
      const run = (): ServiceResponse => {
        try {
          const data = engine.store.transaction(() => {
            const result = operation(opCtx, parsed)
            recordConsoleAction(engine.store, route, routeId, principal, now, requestId, parsed.params, result)
            return result
          })
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
                if (notes) notes.replayed = true
                return { status: previous.status, body: replay, headers: { 'Idempotent-Replayed': 'true' }, requestId }
              }
              const fresh = run()
              engine.store.idempotency.put(organizationId, environment, idempotencyKey, {
                method: route.method, path: route.path, body_hash: bodyHash, status: fresh.status,
                response: JSON.stringify(fresh.body), expires_at: now + IDEMPOTENCY_TTL_MS,
              }, now)
              return fresh
            })
      published.push(...queued)
      if (notes && route.surface === 'public' && response.status < 300) notes.transactionId = linkedTransactionId(response.body)
      return withApiVersion(warned(response), apiVersion)
    } catch (error) {
      if (error instanceof ApiError) return withApiVersion(warned(errorResponse(error, requestId)), apiVersion)
      // A bug, never bad input: log without request data (it may hold secrets) and answer 500.
      console.error(`[paydesk] internal error in ${String(routeId)} (${requestId}):`, error instanceof Error ? error.stack : error)
      return internalErrorResponse(requestId, apiVersion)
    }
  }
}
