import { isErrorEnvelope } from '../../../shared/api/envelope'
import { PushEventSchema } from '../../../shared/api/push-events'
import type { HttpMethod, RouteSpec } from '../../../shared/api/route'
import { ROUTES } from '../../../shared/api/routes'
import { ApiClientError } from './api-client-error'
import { routeUrl } from '../../../shared/api/route-url'
import { createSseParser } from '../../../shared/api/sse-parser'
import type { PushSubscription, Transport, TransportResponse } from './transport'

/** Path of the server-sent events stream: the route table's stream route (electron/service/http/event-stream.ts). */
const EVENTS_PATH = ROUTES['console.events'].path
/** Waits between reconnection attempts of the event stream; the last one repeats. */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000]

export interface HttpTransportOptions {
  /** Origin of the sandbox; the console is normally served by it, so the default is the page's own. */
  baseUrl?: string
  /** The console token (see console-token.ts); read on every request so a new one applies at once. */
  getToken: () => string | null
  fetch?: typeof fetch
}

/**
 * Transport of the console in a browser: each route call is the route's own HTTP request (method and
 * path from the route table), authenticated with the console token as a bearer token, with the
 * environment in `Paydesk-Environment`. Push events come from a fetch-streamed SSE response, because
 * EventSource cannot send an Authorization header and the token must not travel in a URL.
 */
export function createHttpTransport(options: HttpTransportOptions): Transport {
  const base = options.baseUrl ?? ''
  // Called through a wrapper so fetch keeps its global `this` (an unbound window.fetch throws "Illegal invocation").
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))

  function authHeaders(): Record<string, string> {
    const token = options.getToken()
    return token ? { Authorization: `Bearer ${token}` } : {}
  }

  return {
    kind: 'http',
    async send({ routeId, input, environment, signal }): Promise<TransportResponse> {
      const route = ROUTES[routeId]
      const headers: Record<string, string> = { Accept: 'application/json', 'Paydesk-Environment': environment, ...authHeaders() }
      if (input.idempotencyKey) headers['Idempotency-Key'] = input.idempotencyKey
      const method: HttpMethod = route.method
      const hasBody = method === 'POST' || method === 'PUT'
      if (hasBody) headers['Content-Type'] = 'application/json'
      let response: Response
      try {
        response = await doFetch(`${base}${routeUrl(route, input.params, input.query)}`, {
          method,
          headers,
          body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
          signal,
          // API answers carry Cache-Control: no-store, so no cache option is needed here.
          credentials: 'omit',
        })
      } catch (error) {
        if (signal?.aborted) throw error
        throw ApiClientError.unreachable('The sandbox is not reachable. Is `npm run serve` still running?')
      }
      const requestId = response.headers.get('X-Request-Id') ?? ''
      // A file route (a CSV export) answers its success as the file: the client gets its text as `data`.
      if ((route as RouteSpec).produces && response.ok) {
        return { status: response.status, body: { status: 'success', message: '', data: await response.text() }, requestId }
      }
      let body: unknown
      try {
        body = await response.json()
      } catch {
        throw new ApiClientError({ type: 'response_error', code: 'invalid_response', message: `The sandbox answered ${response.status} without a JSON body.`, requestId, status: response.status })
      }
      if (!response.ok && !isErrorEnvelope(body)) {
        throw new ApiClientError({ type: 'response_error', code: 'invalid_response', message: `The sandbox answered ${response.status} with an unexpected body.`, requestId, status: response.status })
      }
      // A download route answers its document itself over HTTP (shared/api/route.ts `download`): the
      // client gets it as the envelope's data, as over IPC.
      if (response.ok && (route as RouteSpec).download) {
        return { status: response.status, body: { status: 'success', message: route.message, data: body } as TransportResponse['body'], requestId }
      }
      return { status: response.status, body: body as TransportResponse['body'], requestId }
    },
    subscribe(subscription) {
      const controller = new AbortController()
      void streamEvents(`${base}${EVENTS_PATH}`, doFetch, authHeaders, subscription, controller.signal)
      return () => controller.abort()
    },
  }
}

async function streamEvents(
  url: string,
  doFetch: typeof fetch,
  authHeaders: () => Record<string, string>,
  { onEvent, onConnectionChange, onSessionEnded }: PushSubscription,
  signal: AbortSignal,
): Promise<void> {
  let attempt = 0
  onConnectionChange?.('connecting')
  while (!signal.aborted) {
    try {
      const response = await doFetch(url, { headers: { Accept: 'text/event-stream', ...authHeaders() }, signal, credentials: 'omit' })
      if (response.status === 401) await noteSessionEnded(response, onSessionEnded)
      if (response.ok && response.body) {
        attempt = 0
        onConnectionChange?.('connected')
        const parse = createSseParser((data) => {
          try {
            const event = PushEventSchema.safeParse(JSON.parse(data))
            // Unknown event types are skipped, so a newer engine never breaks an older console.
            if (event.success) onEvent(event.data)
          } catch {
            // A malformed event is dropped; the next refetch corrects anything it would have changed.
          }
        })
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          parse(value)
        }
      }
    } catch {
      // Network failure or abort: fall through to the retry below (or stop when aborted).
    }
    if (signal.aborted) return
    onConnectionChange?.('reconnecting')
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!
    attempt += 1
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay)
      signal.addEventListener('abort', () => { clearTimeout(timer); resolve() }, { once: true })
    })
  }
}

/** A 401 naming `session` (team mode): the session the stream was opened with has ended. */
async function noteSessionEnded(response: Response, onSessionEnded: (() => void) | undefined): Promise<void> {
  try {
    const body: unknown = await response.json()
    if (isErrorEnvelope(body) && body.error.param === 'session') onSessionEnded?.()
  } catch {
    // Not the API's envelope: an ordinary failed attempt.
  }
}
