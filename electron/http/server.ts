import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { ApiError } from '../../shared/errors'
import { generateOpenApi } from '../../shared/api/openapi'
import { errorResponse, randomRequestId, type PaydeskService } from '../service'
import { answerClientError } from './client-error'
import { sendJson } from './http-io'
import { closeIdleKeepAliveFairly } from './keep-alive-timeout'
import { createRateLimiter } from './rate-limiter'
import { createFailedAuthGuard, FAILED_AUTH_DEFAULTS, type FailedAuthLimits } from './failed-auth-guard'
import { createRequestHandler } from './request-handler'

export interface HttpServerOptions {
  service: PaydeskService
  host?: string
  port?: number
  /** Requests per minute per API key; 0 = off. */
  rateLimitPerMinute?: number
  /** Failed authentications allowed per client address and from all together (default FAILED_AUTH_DEFAULTS); false = no limit. */
  failedAuth?: FailedAuthLimits | false
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
  /** Serve HTTPS with node's TLS: PEM certificate chain and private key (`--tls-cert`, `--tls-key`). */
  tls?: { cert: Buffer | string; key: Buffer | string }
  /** A team server bound beyond loopback on purpose: its console answers any Host name, as /v1 does. */
  teamServer?: boolean
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

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/** A request the handler could not answer: an ApiError of an adapter helper is bad input with its own answer; anything else a 500. */
function answerFailure(res: ServerResponse, error: unknown): void {
  const requestId = String(res.getHeader('X-Request-Id') ?? '')
  if (res.headersSent) return void res.destroy()
  if (error instanceof ApiError) {
    const response = errorResponse(error, requestId)
    return void sendJson(res, response.status, response.body, response.headers)
  }
  console.error('[paydesk] http adapter error:', error instanceof Error ? error.stack : error)
  sendJson(res, 500, errorResponse(new ApiError('internal', 'An internal error occurred.'), requestId).body)
}

/** node:http with the slow-client limits: the head within headersTimeoutMs, the whole request within requestTimeoutMs. */
function createNodeServer(handle: Handle, options: HttpServerOptions): Server {
  const timeouts = {
    headersTimeoutMs: options.headersTimeoutMs ?? HTTP_TIMEOUT_DEFAULTS.headersTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? HTTP_TIMEOUT_DEFAULTS.requestTimeoutMs,
    keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? HTTP_TIMEOUT_DEFAULTS.keepAliveTimeoutMs,
  }
  // Node checks these deadlines on a timer (every 30 s by default), which would let a slow client hold a
  // connection up to 30 s past its deadline; check often enough that the deadlines mean what they say.
  const connectionsCheckingInterval = Math.max(10, Math.min(1_000, Math.floor(Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs) / 4)))
  // requireHostHeader off: node would answer a bare 400 to HTTP/1.1 without Host; hostAllowed refuses it in the envelope.
  const serverOptions = { connectionsCheckingInterval, requireHostHeader: false, ...options.tls }
  const onRequest = (req: IncomingMessage, res: ServerResponse) => void handle(req, res).catch((error: unknown) => answerFailure(res, error))
  const server: Server = options.tls ? createTlsServer(serverOptions, onRequest) : createServer(serverOptions, onRequest)
  server.headersTimeout = timeouts.headersTimeoutMs
  server.requestTimeout = timeouts.requestTimeoutMs
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs
  closeIdleKeepAliveFairly(server)
  // Requests node's parser refuses (bad bytes in a header, a head too large, a timeout) get our envelope too.
  // Never from a seeded run's request-id stream: a malformed request must not shift the ids of later ones.
  server.on('clientError', (error: Error & { code?: string }, socket) => answerClientError(error, socket, randomRequestId()))
  return server
}

/**
 * The HTTP face of the engine: matches the route table, reads and parses the request, and writes the
 * engine's envelope (request-handler.ts). Binds loopback by default; `Host` must name this server
 * (DNS-rebinding defence).
 */
export function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const { service } = options
  const host = options.host ?? '127.0.0.1'
  let port = 0
  let phase: 'starting' | 'ready' | 'stopping' = options.ready === false ? 'starting' : 'ready'
  const limiter = createRateLimiter(options.rateLimitPerMinute ?? 600, options.now)
  const failedAuth = options.failedAuth === false ? null : createFailedAuthGuard(options.failedAuth ?? FAILED_AUTH_DEFAULTS, options.now)
  /** The OpenAPI document naming the URL this server listens on (written once the port is known). */
  let openApi: unknown
  const handle = createRequestHandler({
    service, limiter, failedAuth, openApi: () => openApi, webRoot: options.webRoot, bound: () => ({ host, port, secure: options.tls !== undefined, teamServer: options.teamServer === true }), phase: () => phase,
  })
  const server = createNodeServer(handle, options)
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8787, host, () => {
      port = (server.address() as AddressInfo).port
      const shownHost = host.includes(':') ? `[${host}]` : host
      const url = `${options.tls ? 'https' : 'http'}://${shownHost}:${port}`
      openApi = generateOpenApi({ serverUrl: url })
      resolve({
        server,
        port,
        url,
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
