import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import { errorResponse, mayReceive, type CallInput, type CallContext, type PaydeskService } from '../service'
import { ApiError } from '../../shared/errors'
import { ROUTES, type RouteId, type Routes } from '../../shared/api/routes'
import type { ServiceResponse } from '../../shared/api/envelope'

/** The routes with a `stream` (their acceptance is typed by the route table like any answer). */
export type StreamRouteId = { [Id in RouteId]: Routes[Id] extends { stream: z.ZodType } ? Id : never }[RouteId]

export function isStreamRoute(routeId: RouteId): routeId is StreamRouteId {
  return 'stream' in ROUTES[routeId]
}

/**
 * What one event stream may hold unsent in this process, past what the kernel's socket buffers took: a client
 * that stops reading (a paused tab, a suspended curl) would otherwise make the server keep every event for
 * it (~195 MiB in 60 s of load). Past the bound the stream is ended; the console refetches when it reconnects.
 */
export const EVENT_STREAM_QUEUE_LIMIT_BYTES = 1024 * 1024

/**
 * A stream route over HTTP (`stream` in the route table; today `console.events`): the HTTP twin of the IPC
 * push channel. The call runs through the dispatcher like any route (console credential, console access),
 * and a refusal is answered in the envelope by `refuse`; an accepted call becomes server-sent events, one
 * `data:` line per push event. The browser reads it with fetch, so no token in URLs.
 */
export function openEventStream(
  req: IncomingMessage, res: ServerResponse, service: PaydeskService, routeId: StreamRouteId, input: CallInput, ctx: CallContext,
  refuse: (response: ServiceResponse) => void,
): void {
  const accepted = service.call(routeId, input, ctx)
  if (accepted.status !== 200 || !('data' in accepted.body)) return refuse(accepted)
  const { heartbeatMs } = accepted.body.data
  // A stream opened with a sign-in session lives only as long as it: ended (signed out, the user disabled,
  // a new role or password) or run out (idle, lifetime), it is ended. The console token has no session.
  const sessionId = ctx.notes?.sessionId
  const hold = sessionId === undefined ? null : service.watchSession(sessionId, () => res.end())
  if (sessionId !== undefined && !hold) return refuse(sessionEnded(ctx.requestId ?? ''))
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff' })
  res.write(': connected\n\n')
  const send = (text: string) => {
    if (res.destroyed || res.writableEnded || (hold && !hold.alive())) return
    res.write(text)
    // Destroyed, not ended: ending would wait for the stalled client to read what is queued.
    if (res.writableLength > EVENT_STREAM_QUEUE_LIMIT_BYTES) res.destroy()
  }
  // Only what its caller could read through the API (pipeline/push-scope.ts); an accepted call noted who that is.
  const subscriber = ctx.notes?.actor
  const unsubscribe = service.onEvent((event) => {
    if (subscriber && mayReceive(event, subscriber)) send(`data: ${JSON.stringify(event)}\n\n`)
  })
  // A heartbeat only keeps an idle connection open: none while earlier writes still wait for the client.
  const heartbeat = setInterval(() => res.writableNeedDrain || send(': heartbeat\n\n'), heartbeatMs)
  heartbeat.unref()
  const stop = () => {
    clearInterval(heartbeat)
    unsubscribe()
    hold?.stop()
  }
  req.on('close', stop)
  res.on('close', stop)
  res.on('finish', stop)
}

/** The refusal of a stream whose session ended between its acceptance and its first byte. */
function sessionEnded(requestId: string): ServiceResponse {
  return errorResponse(new ApiError('unauthorized', 'This session has ended or is not valid; sign in again.', 'session'), requestId)
}
