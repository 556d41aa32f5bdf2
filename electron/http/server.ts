import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApiError } from '../../shared/errors'
import { ROUTES } from '../../shared/api/routes'
import { generateOpenApi } from '../../shared/api/openapi'
import { stringifyEnvelope } from '../../shared/api/raw-json'
import { jsonBody } from './json-body'
import { errorResponse, provisionalApiVersion, randomRequestId, type CallContext, type PaydeskService } from '../service'
import { ClientGoneError, parseJsonBody, parseQuery, readBody } from './body'
import { callWithFaults } from './api-faults'
import { answerClientError } from './client-error'
import { lingerAfterAnswer } from './lingering-close'
import { closeIdleKeepAliveFairly } from './keep-alive-timeout'
import { createRateLimiter } from './rate-limiter'
import { matchRoute } from './router'
import { serveStatic } from './static-files'
import { isStreamRoute, openEventStream } from './event-stream'
import { startExchange } from './exchange-recorder'
import { healthOf } from './healthz'
import { API_VERSION_HEADER } from '../../shared/api/api-versions'

export interface HttpServerOptions {
  service: PaydeskService
  host?: string
  port?: number
  /** Requests per minute per API key; 0 = off. */
  rateLimitPerMinute?: number
  /** Folder of the console's web build, served at `/`. */
  webRoot?: string
  now?: () => number
  /** A client must send its whole request head within this long (slowloris defence). Default 10 s. */
  headersTimeoutMs?: number
  /** ...and its whole request, body included, within this long. Default 30 s. */
  requestTimeoutMs?: number
  /** An idle keep-alive connection is closed after this long. Default 5 s. */
  keepAliveTimeoutMs?: number
  /** false: /healthz answers 503 "starting" until the host calls setReady() (default true). */
  ready?: boolean
}

/** Production defaults of the slow-client limits; tests pass small values instead of waiting. */
export const HTTP_TIMEOUT_DEFAULTS = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 } as const

export interface RunningHttpServer {
  server: Server
  url: string
  port: number
  /** The host finished starting: /healthz answers 200 from now on. */
  setReady(): void
  /** The host began to stop: /healthz answers 503 "stopping" (close() does this first). */
  markStopping(): void
  /** Marks the server as stopping, then closes it. */
  close(): Promise<void>
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])

/** Writes the answer; returns its body, as text pieces, and headers (the request log keeps them). Raw JSON `data` goes in unparsed. */
function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): { parts: readonly string[]; headers: Record<string, string> } {
  const { chunks, parts, length } = jsonBody(body)
  const sent = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(length),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  }
  res.writeHead(status, sent)
  // Written in one turn: the response's socket is corked until the next tick, so this is one writev.
  for (let i = 0; i < chunks.length - 1; i++) res.write(chunks[i])
  res.end(chunks[chunks.length - 1])
  return { parts, headers: sent }
}

/** The request target as a URL, or undefined when it cannot be parsed (parsed once: `canParse` first was a second parse). */
function parseTarget(target: string): URL | undefined {
  try {
    return new URL(target, 'http://placeholder')
  } catch {
    return undefined
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function bearerOf(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(header(req, 'authorization') ?? '')
  return match ? match[1]!.trim() : undefined
}

/**
 * The HTTP face of the engine: matches the route table, reads and parses the request, and writes the
 * engine's envelope. Binds loopback by default; `Host` must name this server (DNS-rebinding defence).
 */
export function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const { service } = options
  const host = options.host ?? '127.0.0.1'
  const limiter = createRateLimiter(options.rateLimitPerMinute ?? 600, options.now)
  const openApi = generateOpenApi()
  let port = 0
  let phase: 'starting' | 'ready' | 'stopping' = options.ready === false ? 'starting' : 'ready'

  function hostAllowed(req: IncomingMessage, consoleOnly: boolean): boolean {
    const value = header(req, 'host')
    if (!value) return false
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(value)
    if (!match || (match[2] !== undefined && Number(match[2]) !== port)) return false
    const name = match[1]!.toLowerCase()
    if (LOOPBACK.has(name)) return true
    // Bound to a non-loopback interface on purpose: the public API answers any host name; the console never does.
    return !consoleOnly && !LOOPBACK.has(host)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = service.newRequestId()
    res.setHeader('X-Request-Id', requestId)
    // Every /v1 exchange, refused ones too, goes to the request log once answered.
    const exchange = startExchange(req, requestId)
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const sent = sendJson(res, status, body, headers)
      if (exchange) service.logRequest(exchange.finish(status, { 'X-Request-Id': requestId, ...sent.headers }, sent.parts))
    }
    const fail = (error: ApiError) => {
      const response = errorResponse(error, requestId)
      answer(response.status, response.body, response.headers)
    }
    // An absolute-form target (`GET http://[bad/ HTTP/1.1`) can fail to parse: bad input, never a 500.
    const url = parseTarget(req.url ?? '/')
    if (!url) return fail(new ApiError('invalid_parameter', 'The request target is not a valid URL.'))
    const pathname = url.pathname
    const isApi = pathname.startsWith('/v1/') || pathname.startsWith('/console/')
    // Every /v1 answer names its API release, the adapter's own errors (404, 429, bad body) included.
    if (pathname.startsWith('/v1/')) res.setHeader(API_VERSION_HEADER, provisionalApiVersion(header(req, 'paydesk-api-version')))
    // /healthz follows the public API's Host rule: a probe from another container may name this host.
    if (!hostAllowed(req, !pathname.startsWith('/v1/') && pathname !== '/healthz')) return fail(new ApiError('forbidden', 'This Host header is not allowed; use 127.0.0.1 or localhost.'))
    if (!isApi) {
      if (req.method === 'GET' && pathname === '/healthz') {
        const health = healthOf(service, phase)
        return void sendJson(res, health.status, health.body)
      }
      if (req.method === 'GET' && pathname === '/openapi.json') return void sendJson(res, 200, openApi)
      if ((req.method === 'GET' || req.method === 'HEAD') && options.webRoot && serveStatic(options.webRoot, pathname, res)) return
      return fail(new ApiError('not_found', `No route ${req.method} ${pathname}.`))
    }
    const match = matchRoute(req.method ?? 'GET', pathname)
    if (match.kind === 'none') return fail(new ApiError('not_found', `No route ${req.method} ${pathname}.`))
    if (match.kind === 'method-not-allowed') {
      return fail(new ApiError('method_not_allowed', `Method ${req.method} is not allowed on ${pathname}; use ${match.allowed.join(', ')}.`, null, { Allow: match.allowed.join(', ') }))
    }
    const bearer = bearerOf(req)
    if (ROUTES[match.routeId].surface === 'public') {
      const retryAfter = limiter.take(bearer ?? req.socket.remoteAddress ?? 'anonymous')
      if (retryAfter > 0) return fail(new ApiError('rate_limited', 'Too many requests; slow down and retry after the time in Retry-After.', null, { 'Retry-After': String(retryAfter) }))
    }
    let body: unknown
    try {
      const raw = req.method === 'GET' ? undefined : await readBody(req)
      if (exchange && raw) exchange.body = raw
      body = raw === undefined ? undefined : parseJsonBody(raw, header(req, 'content-type'))
    } catch (error) {
      if (error instanceof ClientGoneError) return void res.destroy()
      if (error instanceof ApiError && error.kind === 'payload_too_large') {
        // The rest of the upload is not wanted: answer, then close in stages so the answer is not lost to a reset.
        res.setHeader('Connection', 'close')
        lingerAfterAnswer(req)
      }
      if (error instanceof ApiError) return fail(error)
      throw error
    }
    const environment = header(req, 'paydesk-environment')
    if (environment !== undefined && environment !== 'test' && environment !== 'live') {
      return fail(new ApiError('invalid_parameter', 'Paydesk-Environment must be test or live.', 'Paydesk-Environment'))
    }
    const ctx: CallContext = { bearer, environment, organizationId: header(req, 'paydesk-organization'), requestId, apiVersion: header(req, 'paydesk-api-version'), notes: exchange?.notes }
    const query = parseQuery(url.searchParams)
    if (isStreamRoute(match.routeId)) {
      return openEventStream(req, res, service, match.routeId, { query, params: match.params }, ctx, (refused) => answer(refused.status, refused.body, refused.headers))
    }
    // `faults`: the fault lab's API faults applied to this request, for the request log.
    const called = callWithFaults(
      service, match.routeId, ROUTES[match.routeId].surface === 'public',
      { query, body, params: match.params, idempotencyKey: header(req, 'idempotency-key') }, ctx,
    )
    // Group commit: the answer comes once the batch holding this call committed (nothing is sent before).
    const { response, drop, faults } = await called
    exchange?.faults.push(...faults)
    if (drop) {
      // commit-then-drop: the client never gets this answer; the log keeps what was committed, with the fault named.
      if (exchange) service.logRequest(exchange.finish(response.status, { 'X-Request-Id': requestId, ...response.headers }, stringifyEnvelope(response.body)))
      return void req.socket.destroy()
    }
    answer(response.status, response.body, response.headers)
  }

  const timeouts = {
    headersTimeoutMs: options.headersTimeoutMs ?? HTTP_TIMEOUT_DEFAULTS.headersTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? HTTP_TIMEOUT_DEFAULTS.requestTimeoutMs,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? HTTP_TIMEOUT_DEFAULTS.keepAliveTimeoutMs,
  }
  // Node checks these deadlines on a timer (every 30 s by default), which would let a slow client hold a
  // connection up to 30 s past its deadline; check often enough that the deadlines mean what they say.
  const connectionsCheckingInterval = Math.max(10, Math.min(1_000, Math.floor(Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs) / 4)))
  // requireHostHeader off: node would answer a bare 400 to HTTP/1.1 without Host; hostAllowed refuses it in the envelope.
  const server = createServer({ connectionsCheckingInterval, requireHostHeader: false }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      const requestId = String(res.getHeader('X-Request-Id') ?? '')
      if (res.headersSent) return void res.destroy()
      // An ApiError thrown by a helper of the adapter (e.g. the router) is bad input with its own answer.
      if (error instanceof ApiError) {
        const response = errorResponse(error, requestId)
        return sendJson(res, response.status, response.body, response.headers)
      }
      console.error('[paydesk] http adapter error:', error instanceof Error ? error.stack : error)
      sendJson(res, 500, errorResponse(new ApiError('internal', 'An internal error occurred.'), requestId).body)
    })
  })
  // Slow clients cannot hold the server: the head within headersTimeoutMs, the whole request within requestTimeoutMs.
  server.headersTimeout = timeouts.headersTimeoutMs
  server.requestTimeout = timeouts.requestTimeoutMs
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs
  closeIdleKeepAliveFairly(server)
  // Requests node's parser refuses (bad bytes in a header, a head too large, a timeout) get our envelope too.
  // Never from a seeded run's request-id stream: a malformed request must not shift the ids of later ones.
  server.on('clientError', (error: Error & { code?: string }, socket) => answerClientError(error, socket, randomRequestId()))

  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8787, host, () => {
      port = (server.address() as AddressInfo).port
      const shownHost = host.includes(':') ? `[${host}]` : host
      resolve({
        server,
        port,
        url: `http://${shownHost}:${port}`,
        setReady: () => {
          if (phase === 'starting') phase = 'ready'
        },
        markStopping: () => {
          phase = 'stopping'
        },
        close: () =>
          new Promise<void>((done) => {
            phase = 'stopping'
            server.close(() => done())
            server.closeIdleConnections()
            setTimeout(() => server.closeAllConnections(), 2_000).unref()
          }),
      })
    })
  })
}
