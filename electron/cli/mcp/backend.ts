import { isErrorEnvelope } from '../../../shared/api/envelope'
import type { RouteSpec } from '../../../shared/api/route'
import { ROUTES, type RouteId } from '../../../shared/api/routes'

/** What a tool passes for one route: the route table's parts, unvalidated (the sandbox validates them). */
export interface RouteCall {
  query?: Record<string, unknown>
  body?: unknown
  params?: Record<string, string>
  idempotencyKey?: string
}

/** One answer: the envelope's data on success, the API's error otherwise. */
export type RouteAnswer =
  | { ok: true; status: number; data: unknown }
  | { ok: false; status: number; error: { type: string; code: string; message: string; param: string | null } }

/** The sandbox a tool talks to: always through its HTTP routes, as the console does. */
export interface Backend {
  /** http://127.0.0.1:port of the sandbox. */
  url: string
  call(routeId: RouteId, input?: RouteCall): Promise<RouteAnswer>
}

/**
 * A path parameter that is not an id: `.` and `..` are left as they are by encodeURIComponent and resolved
 * by every URL parser, so `get_transaction("..")` would reach another route.
 */
function unsafeParam(params: Record<string, string> = {}): RouteAnswer | null {
  const found = Object.entries(params).find(([, value]) => value === '' || value === '.' || value === '..')
  if (!found) return null
  const [name, value] = found
  return { ok: false, status: 0, error: { type: 'invalid_request_error', code: 'invalid_parameter', message: `${name} must be an id, not "${value}".`, param: name } }
}

function pathOf(routeId: RouteId, params: Record<string, string> = {}): string {
  return ROUTES[routeId].path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''))
}

function queryOf(query: Record<string, unknown> | undefined): string {
  const entries = Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== null)
  if (entries.length === 0) return ''
  return `?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)] as [string, string])).toString()}`
}

/**
 * A client of the sandbox's routes with the console token, in the test environment: public routes too, as
 * the console's own forms send them (so the request log records them, and team permissions apply).
 */
export function httpBackend(baseUrl: string, consoleToken: string): Backend {
  const url = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')
  return {
    url,
    async call(routeId, input = {}) {
      const unsafe = unsafeParam(input.params)
      if (unsafe) return unsafe
      const route: RouteSpec = ROUTES[routeId]
      const headers: Record<string, string> = { authorization: `Bearer ${consoleToken}`, 'paydesk-environment': 'test', accept: 'application/json' }
      if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey
      const hasBody = route.method === 'POST' || route.method === 'PUT'
      if (hasBody) headers['content-type'] = 'application/json'
      let response: Response
      try {
        response = await fetch(url + pathOf(routeId, input.params) + queryOf(input.query), {
          method: route.method, headers, body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
        })
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)
        return { ok: false, status: 0, error: { type: 'connection_error', code: 'unreachable', message: `Cannot reach Paydesk at ${url} (${cause}).`, param: null } }
      }
      const text = await response.text()
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return { ok: false, status: response.status, error: { type: 'response_error', code: 'invalid_response', message: `Paydesk answered ${response.status} without JSON.`, param: null } }
      }
      if (isErrorEnvelope(body)) return { ok: false, status: response.status, error: body.error }
      // Download routes answer the document itself; every other route its envelope.
      const data = route.download ? body : (body as { data?: unknown }).data
      return { ok: true, status: response.status, data }
    },
  }
}
