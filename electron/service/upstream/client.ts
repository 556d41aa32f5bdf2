import type { ApiExchange } from '../request-log/exchange'
import { createPacer, PacerClosedError, type PriorityClass } from './pacer'
import { parseUpstreamUrl } from './base-url'

export type { PriorityClass } from './pacer'

/**
 * The provider client: every call to the provider account goes through `request`, paced with every other
 * (pacer.ts), recorded in the request log as "Sent by: Paydesk to the provider" (key prefix `provider`),
 * never with the key. What it does with an answer:
 * - 429: the whole client waits Retry-After (without one: 1 s, doubling to 60 s), then sends the same
 *   request again; nothing else is sent meanwhile.
 * - 401: the connection pauses (every later call fails at once with `key_refused`) and `onKeyRefused`
 *   runs once; no retry loop. `resume()` after a new key.
 * - any other status: answered as it came (a 5xx too: for money its outcome is unknown, the caller decides).
 * - no answer within `timeoutMs`: UpstreamError `timeout`; no connection: `unreachable`. Never retried
 *   here (a POST retried by a library is how money gets paid twice).
 */
export interface ProviderRequest {
  query?: Record<string, string | number | undefined>
  body?: unknown
  headers?: Record<string, string>
}

export interface ProviderResponse {
  status: number
  headers: Record<string, string>
  /** The parsed body, or null when it was not JSON. */
  json: any
}

export type UpstreamErrorKind = 'timeout' | 'unreachable' | 'key_refused' | 'closed'

export class UpstreamError extends Error {
  constructor(readonly kind: UpstreamErrorKind, message: string) {
    super(message)
  }
}

export interface ProviderClientOptions {
  /** The provider's base address (parseUpstreamUrl's rules; a trailing /v1 accepted). */
  url: string
  key: string
  /** The provider's limit per minute for the account (default 600); the client paces at 90 % of it. */
  ratePerMinute?: number
  /** Longest wait for an answer, ms (default 15000). */
  timeoutMs?: number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  /** Every exchange, for the request log (the key never in it). */
  record?: (exchange: ApiExchange) => void
  /** Who the log files the calls under. */
  scope?: { organizationId: string; environment: 'test' | 'live' }
  newRequestId?: () => string
  onKeyRefused?: () => void
}

export interface ProviderClient {
  request(cls: PriorityClass, method: string, path: string, init?: ProviderRequest): Promise<ProviderResponse>
  /** Paused since (ms) because the key was refused, or null. */
  keyRefusedAt(): number | null
  resume(): void
  pausedUntil(): number | null
  usedLastMinute(): number
  readonly perMinute: number
  readonly baseUrl: string
  close(): void
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
let requestCounter = 0
const defaultRequestId = () => `up_${Date.now().toString(36)}${(++requestCounter).toString(36)}`

function queryString(query: ProviderRequest['query']): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}

function retryAfterMs(headers: Record<string, string>, backoffMs: number): number {
  const seconds = Number(headers['retry-after'])
  return Number.isFinite(seconds) && seconds >= 0 ? Math.max(seconds * 1000, 1) : backoffMs
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The request's own facts, ready to be recorded with whatever answer (or none) it got. */
interface Sent {
  requestId: string
  method: string
  path: string
  query: string
  headers: Record<string, string>
  body: string | undefined
  started: number
}

type Recorder = (sent: Sent, status: number, responseHeaders: Record<string, string>, responseBody: string) => void

/** Files an exchange in the request log under the `provider` source (the key is never part of it). */
function recorderOf(options: ProviderClientOptions, baseUrl: string): Recorder {
  const host = new URL(baseUrl).host
  return (sent, status, responseHeaders, responseBody) => {
    if (!options.record || !options.scope) return
    options.record({
      requestId: sent.requestId, method: sent.method, path: sent.path, query: sent.query, status, durationMs: performance.now() - sent.started,
      requestHeaders: { ...sent.headers, host }, requestBody: sent.body === undefined ? null : Buffer.from(sent.body),
      responseHeaders, responseBody, notes: { ...options.scope, keyPrefix: 'provider' },
    })
  }
}

interface Wire {
  baseUrl: string
  key: string
  timeoutMs: number
  record: Recorder
}

/** One HTTP exchange, no retries. */
async function sendOnce(wire: Wire, sent: Sent): Promise<ProviderResponse> {
  let response: Response
  try {
    response = await fetch(`${wire.baseUrl}${sent.path}${sent.query}`, {
      method: sent.method, body: sent.body, signal: AbortSignal.timeout(wire.timeoutMs),
      headers: { ...sent.headers, authorization: `Bearer ${wire.key}` },
    })
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    const message = timedOut ? `the provider did not answer within ${wire.timeoutMs} ms` : 'the provider could not be reached'
    wire.record(sent, 0, {}, JSON.stringify({ error: message }))
    throw new UpstreamError(timedOut ? 'timeout' : 'unreachable', message)
  }
  let text = ''
  try {
    text = await response.text()
  } catch {
    // The body was cut: answered as not JSON.
  }
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => (headers[name] = value))
  wire.record(sent, response.status, headers, text)
  return { status: response.status, headers, json: parseJson(text) }
}

const KEY_REFUSED = 'the provider refused the key (401); the connection is paused until a new key is given'

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const baseUrl = parseUpstreamUrl(options.url)
  const now = options.now ?? Date.now
  const wire: Wire = { baseUrl, key: options.key, timeoutMs: options.timeoutMs ?? 15_000, record: recorderOf(options, baseUrl) }
  const pacer = createPacer({ perMinute: options.ratePerMinute ?? 600, now, sleep: options.sleep ?? realSleep })
  const newRequestId = options.newRequestId ?? defaultRequestId
  let refusedAt: number | null = null
  let backoffMs = 1000
  let closed = false

  const turn = async (cls: PriorityClass) => {
    if (closed) throw new UpstreamError('closed', 'the provider connection is closed')
    if (refusedAt !== null) throw new UpstreamError('key_refused', KEY_REFUSED)
    try {
      await pacer.acquire(cls)
    } catch (error) {
      throw error instanceof PacerClosedError ? new UpstreamError('closed', error.message) : error
    }
  }

  async function request(cls: PriorityClass, method: string, path: string, init: ProviderRequest = {}): Promise<ProviderResponse> {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body)
    const headers: Record<string, string> = { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers }
    for (;;) {
      await turn(cls)
      // A turn granted just before another call's 429 arrived waits for that Retry-After too.
      if (pacer.pausedUntil() !== null) continue
      const sent: Sent = { requestId: newRequestId(), method, path: `/v1${path.replace(/^\/v1/, '')}`, query: queryString(init.query), headers, body, started: performance.now() }
      const answer = await sendOnce(wire, sent)
      if (answer.status === 429) {
        // The whole client waits; then the same request again (it did not run).
        pacer.pauseUntil(now() + retryAfterMs(answer.headers, backoffMs))
        backoffMs = Math.min(backoffMs * 2, 60_000)
        continue
      }
      backoffMs = 1000
      if (answer.status === 401) {
        if (refusedAt === null) {
          refusedAt = now()
          options.onKeyRefused?.()
        }
        throw new UpstreamError('key_refused', KEY_REFUSED)
      }
      return answer
    }
  }

  return {
    request,
    keyRefusedAt: () => refusedAt,
    resume: () => void (refusedAt = null),
    pausedUntil: pacer.pausedUntil,
    usedLastMinute: pacer.usedLastMinute,
    perMinute: pacer.perMinute,
    baseUrl,
    close() {
      closed = true
      pacer.close()
    },
  }
}
