import { z } from 'zod'
import { WebhookUrlSchema, queryInt } from './common'

/** The event catalogue (DECISIONS "Webhooks"). */
export const WebhookEventTypeSchema = z.enum([
  'transaction.succeeded', 'transaction.failed', 'transaction.creation_failed', 'transaction.reversed',
  'payout.succeeded', 'payout.failed', 'balance.updated', 'test.event',
])
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>

/** The events an endpoint may choose: all but test.event, which is only ever sent on demand (and always sent). */
export const EndpointEventTypeSchema = WebhookEventTypeSchema.exclude(['test.event'], { error: 'must be an event of the catalogue (test.event is always sent)' })
export type EndpointEventType = z.infer<typeof EndpointEventTypeSchema>

/** What a receiver gets: `created` in unix seconds (provider); `data` the alternative transaction shape, a balance, or test data. */
export const WebhookEnvelopeSchema = z.object({
  id: z.string(),
  type: WebhookEventTypeSchema,
  created: z.number().int(),
  data: z.unknown(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
})
export type WebhookEnvelope = z.infer<typeof WebhookEnvelopeSchema>

export const WebhookAttemptSchema = z.object({
  attemptNo: z.number().int(),
  /** ms since the epoch (simulated clock). */
  startedAt: z.number().int(),
  durationMs: z.number().int(),
  responseStatus: z.number().int().nullable(),
  /** The first bytes of the answer (at most 4 KiB). */
  responseBody: z.string().nullable(),
  /** Why there was no answer: connection refused or reset, timeout, DNS, TLS. */
  error: z.string().nullable(),
  /** The fault lab's faults applied to this attempt (duplicate, delay, drop, tamper, ...); empty for none. */
  faults: z.array(z.string()),
})
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  url: z.string(),
  /** Why this URL: the request's webhookUrl, the default endpoint, a console test, or a console resend. */
  target: z.enum(['request', 'default', 'test', 'resend']),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attemptCount: z.number().int(),
  /** ms since the epoch; null once succeeded or failed. */
  nextAttemptAt: z.number().int().nullable(),
  lastResponseStatus: z.number().int().nullable(),
  /** Why the delivery stopped before it succeeded or ran out of attempts (its endpoint stopped taking the event type); null otherwise. */
  stopReason: z.string().nullable(),
  attempts: z.array(WebhookAttemptSchema),
})
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>

export const WebhookEventSchema = z.object({
  id: z.string(),
  type: WebhookEventTypeSchema,
  /** ms since the epoch (the envelope's `created` is in seconds). */
  created: z.number().int(),
  /** Public id of the transaction the event is about, if any. */
  transactionId: z.string().nullable(),
  /** The envelope exactly as sent, parsed. */
  payload: WebhookEnvelopeSchema,
  deliveries: z.array(WebhookDeliverySchema),
})
export type WebhookEvent = z.infer<typeof WebhookEventSchema>

export const WebhookEventsQuerySchema = z.object({
  transactionId: z.string().min(1).max(64).optional(),
  url: z.string().min(1).max(2048).optional(),
  type: WebhookEventTypeSchema.optional(),
  limit: queryInt(1, 200).optional(),
})
export type WebhookEventsQuery = z.input<typeof WebhookEventsQuerySchema>

export const WebhookEventPathSchema = z.object({ eventId: z.string().min(1).max(64) })

/** Bodies whose fields are all optional may also be left out entirely. */
export const ResendWebhookRequestSchema = z.strictObject({ url: WebhookUrlSchema.optional() }).default({})

export const WebhookEndpointSchema = z.object({
  defaultUrl: z.string().nullable(),
  /** The events the default endpoint takes; null: every event (balance.updated included). */
  events: z.array(EndpointEventTypeSchema).nullable(),
  secret: z.string(),
  /**
   * While set, the previous secret also signs every webhook, until this time: ms since the epoch on the WALL
   * clock, like signature timestamps, because the overlap is the merchant's deployment time, which the
   * simulated clock does not move.
   */
  previousSecretExpiresAt: z.number().int().nullable(),
  /** The same moment on the simulated clock (at its current offset; advancing it moves this, not the end). */
  previousSecretExpiresAtSimulated: z.number().int().nullable(),
})
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>

/**
 * PUT /console/webhooks/endpoint replaces both: `events` null or left out means every event. A list names at
 * least one event, each once; the endpoint then gets only those, and pending retries of others stop.
 */
export const UpdateWebhookEndpointRequestSchema = z.strictObject({
  defaultUrl: WebhookUrlSchema.nullable(),
  events: z
    .array(EndpointEventTypeSchema)
    .min(1, 'must name at least one event; null (or leaving it out) means every event')
    .refine((events) => new Set(events).size === events.length, 'must name each event once')
    .nullable()
    .optional()
    .meta({ uniqueItems: true, description: 'The events the default endpoint takes; null or left out: every event.' }),
})

export const MAX_ROTATION_OVERLAP_MS = 7 * 24 * 60 * 60 * 1000
export const RotateWebhookSecretRequestSchema = z.strictObject({
  overlapMs: z.number().int().min(0).max(MAX_ROTATION_OVERLAP_MS, 'must be at most 7 days (604800000 ms)').optional(),
}).default({})

export const TestWebhookRequestSchema = z.strictObject({ url: WebhookUrlSchema.optional() }).default({})
