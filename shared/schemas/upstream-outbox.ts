import { z } from 'zod'
import { queryInt } from './common'

/** docs/upstream.md "Sending money": what each state means, and what to do with needs_review. */
export const OutboxStateSchema = z.enum(['queued', 'sent', 'unknown', 'accepted', 'rejected', 'needs_review', 'closed'])
export type OutboxStateName = z.infer<typeof OutboxStateSchema>

export const OutboxAttemptSchema = z.object({
  at: z.number().int(),
  /** A POST of the body under the key, or a look-up of the reference. */
  kind: z.enum(['send', 'lookup']),
  /** The provider's HTTP status; null when no answer came (timeout, reset). */
  status: z.number().int().nullable(),
  outcome: z.string(),
  /** What the provider answered (its body, cut to 2,000 characters), or why nothing came. */
  answer: z.string().nullable(),
})

/** One request on its way to the provider. */
export const OutboxRowSchema = z.object({
  id: z.string(),
  merchantTransactionId: z.string(),
  /** The same on every attempt: a UUIDv5 of the organization and the merchantTransactionId. */
  idempotencyKey: z.string(),
  /** The public route it is sent to (mobile.b2c, …). */
  route: z.string(),
  /** What is sent, byte for byte, on every attempt (parsed here for reading). */
  body: z.record(z.string(), z.unknown()),
  bodySha256: z.string(),
  state: OutboxStateSchema,
  /** How many times it was sent. */
  attempts: z.number().int(),
  nextAt: z.number().int(),
  /** The provider's error as it said it, or why the outcome is unclear. */
  lastError: z.string().nullable(),
  /** The provider's transaction id, once known. */
  transactionId: z.string().nullable(),
  unknownSince: z.number().int().nullable(),
  closedNote: z.string().nullable(),
  closedBy: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
})
export type OutboxRow = z.infer<typeof OutboxRowSchema>

export const OutboxListQuerySchema = z.object({ state: OutboxStateSchema.optional(), limit: queryInt(1, 1000).optional() })
/** The sender of this run (operate mode): why nothing may be leaving. Null when no outbox runs for this environment. */
export const OutboxSendingSchema = z.object({
  /** The breaker stopped sending after failures in a row, since then (queued rows wait); null while closed. */
  breakerOpenSince: z.number().int().nullable(),
  /** When the next probe may go while the breaker is open. */
  probeAt: z.number().int().nullable(),
  /** The provider refused the key (401), since then: nothing is sent until a new key is given. */
  keyRefusedAt: z.number().int().nullable(),
  /** The provider answered 429: every call (sync and money) waits until then (its Retry-After); null when not paused. */
  pausedUntil: z.number().int().nullable(),
  inFlight: z.number().int(),
  /** Rows a stopped process left sent, still to settle before anything new leaves. */
  recovering: z.number().int(),
})
export const OutboxListSchema = z.object({
  sending: OutboxSendingSchema.nullable(),
  /** needs_review first, then unknown, sent, queued, and the final ones newest first. */
  items: z.array(OutboxRowSchema),
  /** How many rows are in each state (all of them, whatever the filter). */
  counts: z.object({
    queued: z.number().int(), sent: z.number().int(), unknown: z.number().int(), accepted: z.number().int(),
    rejected: z.number().int(), needs_review: z.number().int(), closed: z.number().int(),
  }),
})
export const OutboxPathSchema = z.strictObject({ id: z.string().min(1).max(64) })
export const OutboxDetailSchema = OutboxRowSchema.extend({ attemptLog: z.array(OutboxAttemptSchema) })
export const OutboxCloseRequestSchema = z.strictObject({
  note: z.string().trim().min(1, 'say how it was resolved (what the provider confirmed)').max(1000),
})
