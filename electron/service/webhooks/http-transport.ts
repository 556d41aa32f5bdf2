import http from 'node:http'
import https from 'node:https'
import { createOriginAgents, DEFAULT_ORIGIN_AGENT_LIMITS, type OriginAgentLimits } from './origin-agents'
import type { WebhookResponse, WebhookTransport } from './transport'

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
  return (request) =>
    new Promise<WebhookResponse>((resolve, reject) => {
      let url: URL
      try {
        url = new URL(request.url)
      } catch {
        reject(new Error(`invalid URL ${request.url}`))
        return
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        reject(new Error(`unsupported protocol ${url.protocol} (webhooks are sent over http or https)`))
        return
      }
      const timeoutMs = Math.min(request.timeoutMs, options.timeoutMs ?? Number.POSITIVE_INFINITY)
      const body = Buffer.from(request.body, 'utf8')
      const client = url.protocol === 'https:' ? https : http
      const chunks: Buffer[] = []
      let received = 0
      let status: number | null = null
      let settled = false
      const lease = agents.acquire(url)
      /** `complete`: the answer was read to its end, so the connection may serve the next attempt. */
      const settle = (outcome: { response: WebhookResponse } | { error: string }, complete = false) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        request.signal?.removeEventListener('abort', onAbort)
        // A complete answer leaves the socket to the agent, which pools it (or closes it on `Connection: close`).
        if (!complete) req.destroy()
        lease.release()
        if ('response' in outcome) resolve(outcome.response)
        else reject(new Error(outcome.error))
      }
      const answered = (complete = false) => {
        const prefix = Buffer.concat(chunks).subarray(0, RESPONSE_PREFIX_BYTES)
        settle({ response: { status: status ?? 0, bodyPrefix: prefix.toString('utf8') } }, complete)
      }
      const onAbort = () => settle({ error: 'cancelled: the service is closing' })
      // After the status line, the deadline ends only the body read: the answer was given in time.
      const timer = setTimeout(() => (status === null ? settle({ error: `timed out after ${timeoutMs} ms` }) : answered()), timeoutMs)
      let req: http.ClientRequest
      try {
        req = client.request(url, {
          method: 'POST',
          agent: lease.agent,
          headers: {
            'content-type': 'application/json',
            'user-agent': options.userAgent ?? 'Paydesk-Webhooks',
            ...request.headers,
            'content-length': String(body.length),
          },
        })
      } catch (error) {
        // E.g. a header value node:http refuses: nothing was sent, and the lease must not stay taken.
        settled = true
        clearTimeout(timer)
        lease.release()
        reject(new Error(describeError(error)))
        return
      }
      req.on('response', (res) => {
        status = res.statusCode ?? 0
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          received += chunk.length
          if (received >= RESPONSE_PREFIX_BYTES) answered()
        })
        res.on('end', () => answered(true))
        // The status is known: a body cut short (or destroyed by us) still counts as the answer.
        res.on('error', () => answered())
        res.on('close', () => answered())
      })
      req.on('error', (error) => settle({ error: describeError(error) }))
      if (request.signal?.aborted) return onAbort()
      request.signal?.addEventListener('abort', onAbort, { once: true })
      req.end(body)
    })
}
