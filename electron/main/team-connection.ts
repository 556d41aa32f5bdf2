import { z } from 'zod'
import { type BridgeRequest, type ConnectionRequest, type ConnectionState } from '../../shared/api/bridge'
import { isErrorEnvelope, type ServiceResponse } from '../../shared/api/envelope'
import { PushEventSchema, type PushEvent } from '../../shared/api/push-events'
import { ROUTES, isRouteId } from '../../shared/api/routes'
import { routeUrl } from '../../shared/api/route-url'
import { createSseParser } from '../../shared/api/sse-parser'
import { ApiError } from '../../shared/errors'
import { errorResponse } from '../service'

/**
 * "Connect to a team server" (Settings -> Team): the desktop console talks HTTP to a shared
 * `paydesk serve --team` instead of IPC to its own engine. The window still calls over IPC; the main
 * process forwards each call as the route's own HTTP request with the session it signed in with (the
 * token never reaches the page), and relays the server's live updates to the window. Plain Node: tested
 * without Electron (test/service/desktop-team-connect.test.ts).
 */
export const ConnectionRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('status') }),
  z.strictObject({ action: z.literal('connect'), url: z.string().max(2048), name: z.string().max(200), password: z.string().max(200) }),
  z.strictObject({ action: z.literal('disconnect') }),
]) satisfies z.ZodType<ConnectionRequest>

interface Remote {
  url: string
  token: string
  user: { id: string; name: string; role: string }
  events: AbortController
}

/** The origin of a team server's address, or null when it is not an http(s) URL. */
export function teamServerOrigin(text: string): string | null {
  try {
    const url = new URL(text.trim())
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

const unreachable = (url: string) => errorResponse(new ApiError('unavailable', `The team server at ${url} is not reachable.`), '')

/** One route call as the route's HTTP request to the team server; answers the server's envelope. */
async function forward(doFetch: typeof fetch, url: string, bearer: string, request: BridgeRequest): Promise<ServiceResponse> {
  if (!isRouteId(request.routeId)) return errorResponse(new ApiError('not_found', `No route ${request.routeId}.`, 'routeId'), '')
  const route = ROUTES[request.routeId]
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${bearer}`, 'Paydesk-Environment': request.environment }
  if (request.input.idempotencyKey) headers['Idempotency-Key'] = request.input.idempotencyKey
  const hasBody = route.method === 'POST' || route.method === 'PUT'
  if (hasBody) headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    response = await doFetch(`${url}${routeUrl(route, request.input.params, request.input.query)}`, {
      method: route.method, headers, body: hasBody ? JSON.stringify(request.input.body ?? {}) : undefined,
    })
  } catch {
    return unreachable(url)
  }
  const requestId = response.headers.get('X-Request-Id') ?? ''
  try {
    // A file route answers its success as the file (text/csv); over IPC its text is the envelope's data.
    if ('produces' in route && response.ok) return { status: response.status, body: { status: 'success', message: route.message, data: await response.text() }, headers: {}, requestId }
    // A document route (an evidence bundle, the HAR) answers the document itself; over IPC it is the envelope's data.
    if ('download' in route && response.ok) return { status: response.status, body: { status: 'success', message: route.message, data: await response.json() }, headers: {}, requestId }
    return { status: response.status, body: (await response.json()) as ServiceResponse['body'], headers: {}, requestId }
  } catch {
    return errorResponse(new ApiError('internal', `The team server at ${url} answered ${response.status} without a JSON envelope.`), requestId)
  }
}

/** Relays the team server's event stream to the window until aborted, reconnecting after a drop. */
async function relayEvents(doFetch: typeof fetch, remote: Remote, deliver: (event: PushEvent) => void): Promise<void> {
  const { signal } = remote.events
  while (!signal.aborted) {
    try {
      const response = await doFetch(`${remote.url}${ROUTES['console.events'].path}`, { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${remote.token}` }, signal })
      // The session ended there (signed out, disabled, idle): no stream until the console connects again.
      if (response.status === 401) return
      if (response.ok && response.body) {
        const parse = createSseParser((data) => {
          const event = PushEventSchema.safeParse(JSON.parse(data))
          if (event.success) deliver(event.data)
        })
        for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) parse(chunk)
      }
    } catch {
      // A drop or an abort: try again below unless aborted.
    }
    if (!signal.aborted) await new Promise((resume) => setTimeout(resume, 2_000))
  }
}

export interface ConsoleConnection {
  state(): ConnectionState
  /** Handles a connection request from the window: always an envelope whose data is the state. */
  handle(request: unknown): Promise<ServiceResponse>
  /** Forwards a call to the team server (only while connected). */
  call(request: BridgeRequest): Promise<ServiceResponse>
  close(): void
}

export function createConsoleConnection(options: { deliver(event: PushEvent): void; fetch?: typeof fetch }): ConsoleConnection {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))
  let remote: Remote | null = null
  const state = (): ConnectionState => (remote ? { kind: 'remote', url: remote.url, user: remote.user } : { kind: 'local' })
  const answer = (): ServiceResponse => ({ status: 200, body: { status: 'success', message: 'Connection state', data: state() }, headers: {}, requestId: '' })
  const disconnect = () => {
    remote?.events.abort()
    remote = null
  }
  async function connect(text: string, name: string, password: string): Promise<ServiceResponse> {
    const url = teamServerOrigin(text)
    if (!url) return errorResponse(new ApiError('invalid_parameter', 'The team server address must be an http:// or https:// URL.', 'url'), '')
    const signedIn = await forward(doFetch, url, '', { routeId: 'console.sessions.create', input: { body: { name, password } }, environment: 'test' })
    if (isErrorEnvelope(signedIn.body)) return signedIn
    const data = signedIn.body.data as { token: string; user: Remote['user'] }
    disconnect()
    remote = { url, token: data.token, user: data.user, events: new AbortController() }
    void relayEvents(doFetch, remote, options.deliver)
    return answer()
  }
  return {
    state,
    async handle(request) {
      const parsed = ConnectionRequestSchema.safeParse(request)
      if (!parsed.success) return errorResponse(new ApiError('invalid_parameter', 'Malformed connection request: expected { action: status | connect | disconnect }.'), '')
      if (parsed.data.action === 'connect') return connect(parsed.data.url, parsed.data.name, parsed.data.password)
      if (parsed.data.action === 'disconnect') {
        // Signing out on the server too, so the session does not outlive the connection.
        if (remote) await forward(doFetch, remote.url, remote.token, { routeId: 'console.sessions.end', input: {}, environment: 'test' })
        disconnect()
      }
      return answer()
    },
    call(request) {
      if (!remote) return Promise.resolve(errorResponse(new ApiError('invalid_parameter', 'Not connected to a team server.'), ''))
      return forward(doFetch, remote.url, request.session ?? remote.token, request)
    },
    close: disconnect,
  }
}
