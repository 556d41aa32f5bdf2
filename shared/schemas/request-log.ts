import { z } from 'zod'
import { ApiWarningSchema } from '../api/warnings'
import { EnvironmentSchema, queryInt } from './common'

/** A time in ms since the epoch (simulated clock), as a query parameter. */
const queryMs = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a time in ms since the epoch')
  .transform(Number)
  .meta({ type: 'integer', minimum: 0, maximum: 999_999_999_999_999, description: 'A time in ms since the epoch (simulated clock).' })

export const RequestLogQuerySchema = z.object({
  /** `2xx`, `3xx`, `4xx` or `5xx`. */
  status: z.enum(['2xx', '3xx', '4xx', '5xx']).optional(),
  /** Part of the path, e.g. `/v1/mobile`. */
  path: z.string().min(1).max(2048).optional(),
  /** Part of the API key's prefix (`sk_test_AbCd`), or `console`. */
  key: z.string().min(1).max(64).optional(),
  /**
   * Who sent it: `integration` (an API key, or a key Paydesk did not recognise) or `console` (a browser
   * console's own calls to /v1, key `console`) or `provider` (Paydesk's own calls to a connected provider
   * account, key `provider`) or `provider-webhook` (the provider's webhooks received as hints at
   * /upstream/webhooks). All without it.
   */
  source: z.enum(['integration', 'console', 'provider', 'provider-webhook']).optional(),
  idempotencyKey: z.string().min(1).max(255).optional(),
  requestId: z.string().min(1).max(64).optional(),
  transactionId: z.string().min(1).max(64).optional(),
  from: queryMs.optional(),
  to: queryMs.optional(),
  /** The previous page's `nextCursor`. */
  cursor: z.string().regex(/^\d{1,15}$/, 'must be a nextCursor from a previous page').optional(),
  limit: queryInt(1, 200).optional(),
})
export type RequestLogQuery = z.input<typeof RequestLogQuerySchema>

export const RequestLogEntrySchema = z.object({
  requestId: z.string(),
  environment: EnvironmentSchema,
  /** ms since the epoch (simulated clock, like every time the console shows). */
  at: z.number().int(),
  method: z.string(),
  path: z.string(),
  /** The query string with its `?`, or ''. */
  query: z.string(),
  status: z.number().int(),
  durationMs: z.number(),
  /** The API key's prefix, `console` for the console token, null when no key was recognised. */
  keyPrefix: z.string().nullable(),
  idempotencyKey: z.string().nullable(),
  replayed: z.boolean(),
  warnings: z.array(ApiWarningSchema),
  /** API faults applied to the request (fault lab); empty when none. */
  faults: z.array(z.string()),
  /** The transaction the request created or read. */
  transactionId: z.string().nullable(),
})
export type RequestLogEntry = z.infer<typeof RequestLogEntrySchema>

export const RequestLogPageSchema = z.object({ items: z.array(RequestLogEntrySchema), nextCursor: z.string().nullable() })
export type RequestLogPage = z.infer<typeof RequestLogPageSchema>

export const RequestLogDetailSchema = RequestLogEntrySchema.extend({
  /** As received, with credentials redacted (`Authorization: Bearer sk_test_AbCd…wxyz`). */
  requestHeaders: z.record(z.string(), z.string()),
  /**
   * The raw body as received (secrets redacted), null without one. Over 64 KiB: its first 64 KiB and a line
   * `[first 64 KiB of N bytes]` (shared/logged-body.ts).
   */
  requestBody: z.string().nullable(),
  responseHeaders: z.record(z.string(), z.string()),
  /** The body as sent (secrets redacted). Over 8 KiB (a list page): its first 8 KiB and `[first 8 KiB of N bytes]`. */
  responseBody: z.string().nullable(),
  /** Webhook events of the linked transaction. */
  webhookEvents: z.array(z.object({ id: z.string(), type: z.string(), createdAt: z.number().int() })),
})
export type RequestLogDetail = z.infer<typeof RequestLogDetailSchema>

export const RequestLogPathSchema = z.object({ requestId: z.string().min(1).max(64) })

/** The request log's byte bound may be set from 1 MiB to 64 GiB. */
const MIN_LOG_BYTES = 1024 * 1024
const MAX_LOG_BYTES = 64 * 1024 * 1024 * 1024
const LOG_BYTES_RANGE = `must be from ${MIN_LOG_BYTES} (1 MiB) to ${MAX_LOG_BYTES} (64 GiB)`

/** Developer settings: strict request checks (per organization) and the request log's bounds (per environment). */
export const DeveloperSettingsSchema = z.object({
  strictRequestChecks: z.boolean(),
  /** The host was started with --strict / PAYDESK_STRICT=1: strict whatever the setting says. */
  strictForcedByHost: z.boolean(),
  requestLogLimit: z.number().int(),
  /** Bytes the request log keeps per environment (paths, queries, headers, bodies as stored); the oldest go first. */
  requestLogMaxBytes: z.number().int(),
})
export type DeveloperSettings = z.infer<typeof DeveloperSettingsSchema>

export const UpdateDeveloperSettingsRequestSchema = z.strictObject({
  strictRequestChecks: z.boolean().optional(),
  requestLogLimit: z.number().int().min(10, 'must be from 10 to 1000000').max(1_000_000, 'must be from 10 to 1000000').optional(),
  requestLogMaxBytes: z.number().int().min(MIN_LOG_BYTES, LOG_BYTES_RANGE).max(MAX_LOG_BYTES, LOG_BYTES_RANGE).optional(),
})
