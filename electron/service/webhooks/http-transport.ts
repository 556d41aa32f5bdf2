import http from 'node:http'
import https from 'node:https'
import type { WebhookResponse, WebhookTransport } from './transport'

/** How much of an answer we keep: enough to debug a receiver, never enough for a large body to hurt us. */
export const RESPONSE_PREFIX_BYTES = 4_096

export interface HttpTransportOptions {
  /** Caps the request's own timeout; tests use a small one instead of waiting 10 s. */
  timeoutMs?: number
  userAgent?: string
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
 * The real transport (node:http / node:https). One fresh connection per attempt (no keep-alive pool to
 * leak between endpoints); no redirects followed (a 3xx is a failed attempt, as with most providers).
 * The timeout covers connecting and waiting for the status line; once the status arrives we read at most
 * RESPONSE_PREFIX_BYTES of the body and then destroy the socket, so an endpoint answering gigabytes, or
 * trickling its body forever, costs us one small buffer and at most the timeout.
 */
export function createHttpTransport(options: HttpTransportOptions = {}): WebhookTransport {
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
      const settle = (outcome: { response: WebhookResponse } | { error: string }) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        request.signal?.removeEventListener('abort', onAbort)
        req.destroy()
        if ('response' in outcome) resolve(outcome.response)
        else reject(new Error(outcome.error))
      }
      const answered = () => {
        const prefix = Buffer.concat(chunks).subarray(0, RESPONSE_PREFIX_BYTES)
        settle({ response: { status: status ?? 0, bodyPrefix: prefix.toString('utf8') } })
      }
      const onAbort = () => settle({ error: 'cancelled: the service is closing' })
      // After the status line, the deadline ends only the body read: the answer was given in time.
      const timer = setTimeout(() => (status === null ? settle({ error: `timed out after ${timeoutMs} ms` }) : answered()), timeoutMs)
      const req = client.request(url, {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'user-agent': options.userAgent ?? 'Paydesk-Webhooks',
          ...request.headers,
          'content-length': String(body.length),
        },
      })
      req.on('response', (res) => {
        status = res.statusCode ?? 0
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          received += chunk.length
          if (received >= RESPONSE_PREFIX_BYTES) answered()
        })
        res.on('end', answered)
        // The status is known: a body cut short (or destroyed by us) still counts as the answer.
        res.on('error', answered)
        res.on('close', answered)
      })
      req.on('error', (error) => settle({ error: describeError(error) }))
      if (request.signal?.aborted) return onAbort()
      request.signal?.addEventListener('abort', onAbort, { once: true })
      req.end(body)
    })
}
