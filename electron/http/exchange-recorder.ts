import type { IncomingMessage } from 'node:http'
import type { ApiExchange, CallNotes } from '../service'

/**
 * Collects one /v1 exchange for the request log while the adapter answers it: the request as received,
 * what the engine noted (`notes`, filled by the dispatcher), and the answer. Console routes and static
 * files are not logged (undefined).
 */
export function startExchange(req: IncomingMessage, requestId: string) {
  const target = req.url ?? '/'
  const queryAt = target.indexOf('?')
  const path = queryAt === -1 ? target : target.slice(0, queryAt)
  if (!path.startsWith('/v1/')) return undefined
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
        requestId, method: req.method ?? 'GET', path, query: queryAt === -1 ? '' : target.slice(queryAt), status,
        durationMs: performance.now() - startedAt, requestHeaders: { ...req.headers }, requestBody: this.body,
        responseHeaders, responseBody, bearer, idempotencyKey: single('idempotency-key'), notes, faults: this.faults,
      }
    },
  }
}
