import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import type { CallInput, CallContext, PaydeskService } from '../service'
import { ROUTES, type RouteId, type Routes } from '../../shared/api/routes'
import type { ServiceResponse } from '../../shared/api/envelope'

/** The routes with a `stream` (their acceptance is typed by the route table like any answer). */
export type StreamRouteId = { [Id in RouteId]: Routes[Id] extends { stream: z.ZodType } ? Id : never }[RouteId]

export function isStreamRoute(routeId: RouteId): routeId is StreamRouteId {
  return 'stream' in ROUTES[routeId]
}

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
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff' })
  res.write(': connected\n\n')
  const unsubscribe = service.onEvent((event) => res.write(`data: ${JSON.stringify(event)}\n\n`))
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs)
  heartbeat.unref()
  const stop = () => {
    clearInterval(heartbeat)
    unsubscribe()
  }
  req.on('close', stop)
  res.on('close', stop)
}
