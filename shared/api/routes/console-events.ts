import { z } from 'zod'
import { PushEventSchema } from '../push-events'
import { defineRoutes } from '../route'

/** The acceptance of the event stream (the envelope's `data` over IPC or service.call; HTTP sends the stream instead). */
export const EventStreamOpenedSchema = z.object({
  /** How often the stream sends a comment line when nothing happened, so proxies and clients see it alive. */
  heartbeatMs: z.number().int(),
})

/** The console's live updates: one stream route (docs/contributing.md "Stream routes"). */
export const CONSOLE_EVENTS_ROUTES = defineRoutes({
  'console.events': {
    method: 'GET', path: '/console/events', surface: 'console', permission: 'signed-in', tag: 'Console',
    summary: 'Live updates for the console: a server-sent event stream of push events (transactions, balances, webhooks, prompts, request log)',
    description: 'Over HTTP a `text/event-stream` response: each event is one `data:` line holding one push event as JSON; comment lines (`: heartbeat`) keep the connection alive. Only events the caller could read through the API are sent: a personal notification (`recipientId`) only to its recipient, `requests.logged` only to a role holding `requests.read`. A stream opened with a sign-in session ends (the response ends) when that session does: sign-out, the user disabled or given another role or password, 12 idle hours or 7 days after sign-in; an open stream, or opening one, does not count as use of the session. The desktop console gets the same events over its IPC push channel.',
    response: EventStreamOpenedSchema, stream: PushEventSchema, successStatus: 200, message: 'Event stream opened', idempotency: 'none',
  },
})
