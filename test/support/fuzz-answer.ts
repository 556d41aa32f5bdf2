import { ERROR_CATALOGUE } from '../../shared/errors'
import type { RouteSpec } from '../../shared/api/route'
import { ROUTES, type RouteId } from '../../shared/api/routes'

/** Statuses only the HTTP layer produces (not in the catalogue): node's parser limits, with our envelope. */
const TRANSPORT_STATUSES = new Set([408, 431])

/**
 * What every answer must be: never a 5xx; JSON; an error envelope whose type, code and status agree with
 * the catalogue and whose requestId is the X-Request-Id header; or the route's success envelope with data
 * that matches the route's response schema (a document route: the document itself, matching it). Returns a problem description, or null when the answer is fine.
 */
export function checkAnswer(routeId: RouteId, status: number, headers: Headers, text: string): string | null {
  if (status >= 500) return `status ${status}: ${text.slice(0, 300)}`
  // A route that produces a file answers its success as that file, not as an envelope.
  const produces = (ROUTES[routeId] as RouteSpec).produces
  if (produces && status < 400) {
    if (status !== ROUTES[routeId].successStatus) return `success status ${status}, route says ${ROUTES[routeId].successStatus}`
    const mediaType = headers.get('content-type') ?? ''
    return mediaType.startsWith(produces) ? null : `a ${produces} route answered ${mediaType}: ${text.slice(0, 200)}`
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `status ${status} with a body that is not JSON: ${text.slice(0, 200)}`
  }
  if (typeof body !== 'object' || body === null) return `body is not an object: ${text.slice(0, 200)}`
  if (status >= 400) {
    const keys = Object.keys(body)
    const error = (body as { error?: Record<string, unknown> }).error
    if (keys.length !== 1 || !error) return `error body is not { error }: ${text.slice(0, 200)}`
    const { type, code, message, param, requestId } = error
    if (Object.keys(error).sort().join() !== 'code,message,param,requestId,type') return `error keys ${Object.keys(error).join()}`
    if (typeof message !== 'string' || message.length === 0) return 'error.message is not a non-empty string'
    if (param !== null && typeof param !== 'string') return 'error.param is neither a string nor null'
    // An idempotent replay sends the stored body, whose requestId is the original request's (docs/api.md).
    const replayed = headers.get('idempotent-replayed') === 'true'
    if (!/^req_/.test(String(requestId)) || (!replayed && requestId !== headers.get('x-request-id'))) return `requestId ${String(requestId)} != X-Request-Id ${headers.get('x-request-id')}`
    const known = Object.values(ERROR_CATALOGUE).some((entry) => entry.type === type && entry.code === code && entry.status === status)
    const transport = TRANSPORT_STATUSES.has(status) && type === 'invalid_request_error'
    if (!known && !transport) return `status ${status} with ${String(type)}/${String(code)} is not in the error catalogue`
    if (status === 429 && !headers.get('retry-after')) return '429 without Retry-After'
    return null
  }
  const route: RouteSpec = ROUTES[routeId]
  if (status !== route.successStatus) return `success status ${status}, route says ${route.successStatus}`
  // A document route answers the document itself, as an attachment (shared/api/route.ts `download`).
  if (route.download) {
    if (!/^attachment; filename="[A-Za-z0-9._-]+"$/.test(headers.get('content-disposition') ?? '')) return `download without its attachment header: ${headers.get('content-disposition')}`
    const document = route.response.safeParse(body)
    return document.success ? null : `document does not match the route's response schema: ${document.error.issues[0]?.message} at ${document.error.issues[0]?.path.join('.')}`
  }
  const envelope = body as { status?: unknown; message?: unknown; data?: unknown }
  if (envelope.status !== 'success' || envelope.message !== route.message) return `success envelope ${text.slice(0, 200)}`
  const parsed = route.response.safeParse(envelope.data)
  if (!parsed.success) return `data does not match the route's response schema: ${parsed.error.issues[0]?.message} at ${parsed.error.issues[0]?.path.join('.')}`
  return null
}

