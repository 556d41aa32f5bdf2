import type { IncomingMessage, ServerResponse } from 'node:http'
import { API_VERSION_HEADER } from '../../shared/api/api-versions'
import { stringifyEnvelope } from '../../shared/api/raw-json'
import type { RouteSpec } from '../../shared/api/route'
import { ROUTES, type RouteId } from '../../shared/api/routes'
import { ApiError } from '../../shared/errors'
import { errorResponse, provisionalApiVersion, UPSTREAM_HINT_PATH, type CallContext, type CallInput, type CallNotes, type PaydeskService } from '../service'
import { callWithFaults } from './api-faults'
import { ClientGoneError, parseJsonBody, parseQuery, readBody } from './body'
import { documentOf } from './download'
import { isStreamRoute, openEventStream } from './event-stream'
import { startExchange } from './exchange-recorder'
import { sendStreamed, streamedOf } from './streamed-download'
import { fileOf, sendFile } from './file-answer'
import { healthOf } from './healthz'
import { bearerOf, header, hostAllowed, parseTarget, sendJson } from './http-io'
import { isForeignOrigin } from './console-origin'
import { clientAddress, type FailedAuthGuard } from './failed-auth-guard'
import { lingerAfterAnswer } from './lingering-close'
import type { createRateLimiter } from './rate-limiter'
import { matchRoute } from './router'
import { serveStatic } from './static-files'
import { answerUpstreamHint } from './upstream-hint'

/** What the handler is built with once per server. */
export interface HandlerDeps {
  service: PaydeskService
  limiter: ReturnType<typeof createRateLimiter>
  /** The budget of failed authentications per client address (null: off). */
  failedAuth: FailedAuthGuard | null
  /** The OpenAPI document, naming the URL the server listens on. */
  openApi(): unknown
  webRoot?: string
  /** Where the server listens (known once it does), over TLS or not, and whether it is starting, ready or stopping. */
  bound(): { host: string; port: number; secure: boolean; teamServer: boolean }
  phase(): 'starting' | 'ready' | 'stopping'
}

/** One request's way to answer: the answer goes to the client and, for /v1, to the request log. */
interface Answering {
  req: IncomingMessage
  res: ServerResponse
  requestId: string
  exchange: ReturnType<typeof startExchange>
  answer(status: number, body: unknown, headers?: Record<string, string>): void
  fail(error: ApiError): void
}

function answering(deps: HandlerDeps, req: IncomingMessage, res: ServerResponse, url: URL | undefined): Answering {
  const requestId = deps.service.newRequestId()
  res.setHeader('X-Request-Id', requestId)
  // Every /v1 exchange, refused ones too, goes to the request log once answered (filed by the parsed path).
  const exchange = url ? startExchange(req, requestId, url) : undefined
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    const sent = sendJson(res, status, body, headers)
    if (exchange) deps.service.logRequest(exchange.finish(status, { 'X-Request-Id': requestId, ...sent.headers }, sent.parts))
  }
  return { req, res, requestId, exchange, answer, fail: (error) => {
    const response = errorResponse(error, requestId)
    answer(response.status, response.body, response.headers)
  } }
}

/** Everything outside /v1 and /console: health, the OpenAPI document, the console's files. */
function answerOther(deps: HandlerDeps, a: Answering, pathname: string): void {
  const { req, res } = a
  if (req.method === 'GET' && pathname === '/healthz') {
    const health = healthOf(deps.service, deps.phase())
    return void sendJson(res, health.status, health.body)
  }
  if (req.method === 'GET' && pathname === '/openapi.json') return void sendJson(res, 200, deps.openApi())
  if ((req.method === 'GET' || req.method === 'HEAD') && deps.webRoot && serveStatic(deps.webRoot, pathname, res)) return
  a.fail(new ApiError('not_found', `No route ${req.method} ${pathname}.`))
}

/** The route of an API path, or the refusal (404, 405, 429) already answered. */
function routeOf(deps: HandlerDeps, a: Answering, pathname: string, bearer: string | undefined): { routeId: RouteId; params: Record<string, string> } | null {
  const { req } = a
  const match = matchRoute(req.method ?? 'GET', pathname)
  const refuse = (error: ApiError) => {
    a.fail(error)
    return null
  }
  if (match.kind === 'none') return refuse(new ApiError('not_found', `No route ${req.method} ${pathname}.`))
  if (match.kind === 'method-not-allowed') {
    return refuse(new ApiError('method_not_allowed', `Method ${req.method} is not allowed on ${pathname}; use ${match.allowed.join(', ')}.`, null, { Allow: match.allowed.join(', ') }))
  }
  if (ROUTES[match.routeId].surface === 'public') {
    const retryAfter = deps.limiter.take(bearer ?? req.socket.remoteAddress ?? 'anonymous')
    if (retryAfter > 0) return refuse(new ApiError('rate_limited', 'Too many requests; slow down and retry after the time in Retry-After.', null, { 'Retry-After': String(retryAfter) }))
  }
  return { routeId: match.routeId, params: match.params }
}

/**
 * The failed-authentication guard's step: a request from an address (or all addresses) whose budget is spent
 * waits (429 + Retry-After) before the engine sees it, unless its credential authenticated here before.
 * Returns the settling to run once the engine answered (it notes whether the credential was accepted or
 * refused), or null when the request was refused here.
 */
function guardFailedAuth(deps: HandlerDeps, a: Answering, address: string, bearer: string | undefined): ((notes: CallNotes) => void) | null {
  const guard = deps.failedAuth
  if (!guard) return () => {}
  const wait = guard.refusal(address, bearer)
  if (wait > 0) {
    a.fail(new ApiError('rate_limited', 'Too many failed authentications from this address; retry after the time in Retry-After.', null, { 'Retry-After': String(wait) }))
    return null
  }
  return (notes) => guard.settle(address, bearer, notes.credential)
}

/**
 * The parsed JSON body (undefined for GET), or `refused` when the answer (or a destroyed socket) already went
 * out. A route may read a larger body than the default (`maxBodyBytes`: a reconciliation's file).
 */
async function bodyOf(a: Answering, routeId: RouteId): Promise<{ body: unknown } | 'refused'> {
  const { req, res, exchange } = a
  try {
    const raw = req.method === 'GET' ? undefined : await readBody(req, (ROUTES[routeId] as RouteSpec).maxBodyBytes)
    if (exchange && raw) exchange.body = raw
    return { body: raw === undefined ? undefined : parseJsonBody(raw, header(req, 'content-type')) }
  } catch (error) {
    if (error instanceof ClientGoneError) {
      res.destroy()
      return 'refused'
    }
    if (error instanceof ApiError && error.kind === 'payload_too_large') {
      // The rest of the upload is not wanted: answer, then close in stages so the answer is not lost to a reset.
      res.setHeader('Connection', 'close')
      lingerAfterAnswer(req)
    }
    if (!(error instanceof ApiError)) throw error
    a.fail(error)
    return 'refused'
  }
}

/** Runs the route through the engine (group commit: the answer comes once its batch committed) and answers. */
async function callRoute(deps: HandlerDeps, a: Answering, route: { routeId: RouteId; params: Record<string, string> }, pathname: string, input: CallInput, ctx: CallContext): Promise<void> {
  const { req, exchange, requestId } = a
  const { service } = deps
  // `faults`: the fault lab's API faults applied to this request, for the request log.
  const { response, drop, faults } = await callWithFaults(service, route.routeId, ROUTES[route.routeId].surface === 'public', input, ctx)
  exchange?.faults.push(...faults)
  if (drop) {
    // commit-then-drop: the client never gets this answer; the log keeps what was committed, with the fault named.
    if (exchange) service.logRequest(exchange.finish(response.status, { 'X-Request-Id': requestId, ...response.headers }, stringifyEnvelope(response.body)))
    return void req.socket.destroy()
  }
  // A file route (`produces`) or a document route (`download`) answers its success as the file itself; errors stay envelopes.
  const spec: RouteSpec = ROUTES[route.routeId]
  const streamed = streamedOf(response)
  if (streamed) {
    const sent = await sendStreamed(service, a.res, streamed, { spec, params: route.params, pathname: pathname, status: response.status, headers: response.headers })
    if (sent instanceof ApiError) return a.fail(sent)
    if (exchange) service.logRequest(exchange.finish(response.status, { 'X-Request-Id': requestId, ...sent.headers }, sent.parts))
    return
  }
  const file = fileOf(spec, response, route.params, pathname) ?? documentOf(spec, response, route.params)
  if (!file) return a.answer(response.status, response.body, response.headers)
  const sent = sendFile(a.res, response.status, file, response.headers)
  if (exchange) service.logRequest(exchange.finish(response.status, { 'X-Request-Id': requestId, ...sent.headers }, sent.parts))
}

/**
 * One request, in order: target -> Host -> (not the API: health, OpenAPI, files) -> route -> rate limit
 * -> failed-authentication budget -> body -> headers the engine reads -> the event stream, or the route
 * through the engine (then the budget is settled with what the engine made of the credential).
 */
export function createRequestHandler(deps: HandlerDeps) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // An absolute-form target (`GET http://[bad/ HTTP/1.1`) can fail to parse: bad input, never a 500.
    const url = parseTarget(req.url ?? '/')
    const a = answering(deps, req, res, url)
    if (!url) return a.fail(new ApiError('invalid_parameter', 'The request target is not a valid URL.'))
    const { pathname } = url
    // Every /v1 answer names its API release, the adapter's own errors (404, 429, bad body) included.
    if (pathname.startsWith('/v1/')) res.setHeader(API_VERSION_HEADER, provisionalApiVersion(header(req, 'paydesk-api-version')))
    // /healthz and the provider's webhooks follow the public API's Host rule: a probe from another container, or
    // the provider through a public name, names this host its own way.
    if (!hostAllowed(req, deps.bound(), !pathname.startsWith('/v1/') && pathname !== '/healthz' && pathname !== UPSTREAM_HINT_PATH)) return a.fail(new ApiError('forbidden', 'This Host header is not allowed; use 127.0.0.1 or localhost.'))
    if (pathname === UPSTREAM_HINT_PATH) return answerUpstreamHint(deps, a)
    if (!pathname.startsWith('/v1/') && !pathname.startsWith('/console/')) return answerOther(deps, a, pathname)
    // A console write never comes from another origin; in team mode no console request does (reads too).
    const guarded = req.method !== 'GET' || deps.service.teamMode()
    if (pathname.startsWith('/console/') && guarded && isForeignOrigin(header(req, 'origin'), header(req, 'host'), deps.bound().secure)) {
      return a.fail(new ApiError('forbidden', 'Console routes refuse requests from another origin; open the console from this server.'))
    }
    const bearer = bearerOf(req)
    const route = routeOf(deps, a, pathname, bearer)
    if (!route) return
    const address = clientAddress(req)
    const settle = guardFailedAuth(deps, a, address, bearer)
    if (!settle) return
    const read = await bodyOf(a, route.routeId)
    if (read === 'refused') return
    const environment = header(req, 'paydesk-environment')
    if (environment !== undefined && environment !== 'test' && environment !== 'live') {
      return a.fail(new ApiError('invalid_parameter', 'Paydesk-Environment must be test or live.', 'Paydesk-Environment'))
    }
    // The engine's notes say whether the credential was accepted or refused (the guard's budget), console calls' too.
    const notes: CallNotes = a.exchange?.notes ?? {}
    const ctx: CallContext = {
      bearer, environment, organizationId: header(req, 'paydesk-organization'), requestId: a.requestId, apiVersion: header(req, 'paydesk-api-version'),
      notes, clientAddress: address, streaming: true,
    }
    const query = parseQuery(url.searchParams)
    if (isStreamRoute(route.routeId)) {
      openEventStream(req, res, deps.service, route.routeId, { query, params: route.params }, ctx, (refused) => a.answer(refused.status, refused.body, refused.headers))
      return settle(notes)
    }
    await callRoute(deps, a, route, pathname, { query, body: read.body, params: route.params, idempotencyKey: header(req, 'idempotency-key') }, ctx)
    settle(notes)
  }
}
