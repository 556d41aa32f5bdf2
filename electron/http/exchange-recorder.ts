import type { IncomingMessage } from 'node:http'
import { UPSTREAM_HINT_PATH, type ApiExchange, type CallNotes } from '../service'

/**
 * Collects one /v1 exchange for the request log while the adapter answers it: the request as received,
 * what the engine noted (`notes`, filled by the dispatcher), and the answer. Console routes and static
 * files are not logged (undefined); the provider's webhooks at the hint endpoint are (upstream-hint.ts). `url` is the target as the router parsed it: filing by the raw target
 * missed absolute-form requests (`GET http://host/v1/...`) and filed `/v1/../console/...` as a /v1 call.
 */
export function startExchange(req: IncomingMessage, requestId: string, url: URL) {
  const path = url.pathname
  if (!path.startsWith('/v1/') && path !== UPSTREAM_HINT_PATH) return undefined
  const startedAt = performance.now()
  const single = (name: string) => {
    const value = req.headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  const bearer = /^Bearer\s+(.+)$/i.exec(single('authorization') ?? '')?.[1]?.trim()
  const notes: CallNotes = {}
  return {
    notes,
    body: null as Buffer | null,
    /** API faults applied to this request (the fault lab pushes their names here before the answer is sent). */
    faults: [] as string[],
    finish(status: number, responseHeaders: Record<string, string>, responseBody: string | readonly string[]): ApiExchange {
      return {
        requestId, method: req.method ?? 'GET', path, query: url.search, status,
        durationMs: performance.now() - startedAt, requestHeaders: { ...req.headers }, requestBody: this.body,
        responseHeaders, responseBody, bearer, idempotencyKey: single('idempotency-key'), notes, faults: this.faults,
      }
    },
  }
}
