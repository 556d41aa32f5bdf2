import http from 'node:http'
import https from 'node:https'
import { createOriginAgents, DEFAULT_ORIGIN_AGENT_LIMITS, type AgentLease, type OriginAgentLimits } from './origin-agents'
import type { WebhookRequest, WebhookResponse, WebhookTransport } from './transport'

/** How much of an answer we keep: enough to debug a receiver, never enough for a large body to hurt us. */
export const RESPONSE_PREFIX_BYTES = 4_096

export interface HttpTransportOptions {
  /** Caps the request's own timeout; tests use a small one instead of waiting 10 s. */
  timeoutMs?: number
  userAgent?: string
  /** Keep-alive pooling per origin (origin-agents.ts); tests shorten the idle time or shrink the bounds. */
  agentLimits?: OriginAgentLimits
}

const ERROR_TEXTS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the endpoint',
  EPIPE: 'connection closed by the endpoint while sending',
  ENOTFOUND: 'host not found (DNS)',
  EAI_AGAIN: 'DNS lookup failed (temporary)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
}

/** A short, human sentence for the attempt log, keeping the system code for searching. */
function describeError(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : undefined
  const message = error instanceof Error ? error.message : String(error)
  if (code && ERROR_TEXTS[code]) return `${ERROR_TEXTS[code]} (${code})`
  return code ? `${message} (${code})` : message
}

/** The endpoint's URL, or why it cannot be sent to. */
function targetOf(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`invalid URL ${raw}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported protocol ${url.protocol} (webhooks are sent over http or https)`)
  return url
}

/** What is read of one answer so far. */
interface Reading {
  chunks: Buffer[]
  received: number
  status: number | null
}

/** Reads at most RESPONSE_PREFIX_BYTES of the answer; `answered` ends the exchange (complete: read to its end). */
function readAnswer(req: http.ClientRequest, reading: Reading, answered: (complete?: boolean) => void): void {
  req.on('response', (res) => {
    reading.status = res.statusCode ?? 0
    res.on('data', (chunk: Buffer) => {
      reading.chunks.push(chunk)
      reading.received += chunk.length
      if (reading.received >= RESPONSE_PREFIX_BYTES) answered()
    })
    res.on('end', () => answered(true))
    // The status is known: a body cut short (or destroyed by us) still counts as the answer.
    res.on('error', () => answered())
    res.on('close', () => answered())
  })
}

/** One POST on a leased keep-alive agent; settles once, whatever happens first (answer, error, timeout, cancel). */
function sendOnce(request: WebhookRequest, url: URL, lease: AgentLease, options: HttpTransportOptions): Promise<WebhookResponse> {
  return new Promise<WebhookResponse>((resolve, reject) => {
    const timeoutMs = Math.min(request.timeoutMs, options.timeoutMs ?? Number.POSITIVE_INFINITY)
    const body = Buffer.from(request.body, 'utf8')
    const reading: Reading = { chunks: [], received: 0, status: null }
    let settled = false
    let req: http.ClientRequest | undefined
    /** `complete`: the answer was read to its end, so the connection may serve the next attempt. */
    const settle = (outcome: { response: WebhookResponse } | { error: string }, complete = false) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', onAbort)
      // A complete answer leaves the socket to the agent, which pools it (or closes it on `Connection: close`).
      if (!complete) req?.destroy()
      lease.release()
      if ('response' in outcome) resolve(outcome.response)
      else reject(new Error(outcome.error))
    }
    const answered = (complete = false) => {
      const prefix = Buffer.concat(reading.chunks).subarray(0, RESPONSE_PREFIX_BYTES)
      settle({ response: { status: reading.status ?? 0, bodyPrefix: prefix.toString('utf8') } }, complete)
    }
    const onAbort = () => settle({ error: 'cancelled: the service is closing' })
    // After the status line, the deadline ends only the body read: the answer was given in time.
    const timer = setTimeout(() => (reading.status === null ? settle({ error: `timed out after ${timeoutMs} ms` }) : answered()), timeoutMs)
    try {
      const headers = { 'content-type': 'application/json', 'user-agent': options.userAgent ?? 'Paydesk-Webhooks', ...request.headers, 'content-length': String(body.length) }
      req = (url.protocol === 'https:' ? https : http).request(url, { method: 'POST', agent: lease.agent, headers })
    } catch (error) {
      // E.g. a header value node:http refuses: nothing was sent, and the lease must not stay taken.
      settle({ error: describeError(error) })
      return
    }
    readAnswer(req, reading, answered)
    req.on('error', (error) => settle({ error: describeError(error) }))
    if (request.signal?.aborted) return onAbort()
    request.signal?.addEventListener('abort', onAbort, { once: true })
    req.end(body)
  })
}

/**
 * The real transport (node:http / node:https). No redirects followed (a 3xx is a failed attempt, as with
 * most providers). The timeout covers connecting and waiting for the status line; once the status arrives
 * we read at most RESPONSE_PREFIX_BYTES of the body, so an endpoint answering gigabytes, or trickling its
 * body forever, costs us one small buffer and at most the timeout.
 *
 * Attempts to one origin reuse its keep-alive connections (one bounded agent per origin, never shared
 * between origins; origin-agents.ts), which saves a TCP/TLS handshake per delivery. A connection goes back
 * to its pool only when the endpoint's answer was read to its end within the prefix; after a timeout, a
 * larger body, a reset or a cancel the socket is destroyed, so nothing unread is left on a connection the
 * next attempt would use. Nothing is ever resent: a request that fails on a reused connection fails its
 * attempt, and the dispatcher's next attempt is a new one (with its own signature timestamp).
 */
export function createHttpTransport(options: HttpTransportOptions = {}): WebhookTransport {
  const agents = createOriginAgents(options.agentLimits ?? DEFAULT_ORIGIN_AGENT_LIMITS)
  return async (request) => {
    const url = targetOf(request.url)
    return sendOnce(request, url, agents.acquire(url), options)
  }
}
