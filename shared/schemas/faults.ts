import { z } from 'zod'
import { EnvironmentSchema, WebhookUrlSchema } from './common'

/**
 * The fault lab's configuration (docs/simulator.md "Provider faults"). Plain zod objects so a scenario file
 * can embed them as they are: `{ "webhooks": [{ "url": …, "faults": {…} }], "api": [{ "scope": …, "faults": {…} }] }`.
 */

/** Longest a webhook may be held by `delay` or `reorder` (simulated time). */
export const MAX_WEBHOOK_HOLD_MS = 10 * 60 * 1000
/** Longest added API latency (real time: a client waits for it). */
export const MAX_API_LATENCY_MS = 60 * 1000
/** Longest a new transaction may stay invisible to GET /v1/transaction (simulated time). */
export const MAX_LOOKUP_LAG_MS = 60 * 60 * 1000

/** Names recorded on each attempt (and shown in the delivery log) for the webhook faults applied. */
export const WebhookFaultNameSchema = z.enum(['duplicate', 'reorder', 'delay', 'drop', 'tamper', 'stale', 'wrong-secret'])
export type WebhookFaultName = z.infer<typeof WebhookFaultNameSchema>

const holdMs = z.number().int().min(0).max(MAX_WEBHOOK_HOLD_MS, 'must be at most 10 minutes (600000 ms)')

/** A fixed time (`minMs` only) or a random one in [minMs, maxMs]. */
const RangeSchema = (max: z.ZodNumber) =>
  z.strictObject({ minMs: max, maxMs: max.optional() }).refine((range) => range.maxMs === undefined || range.maxMs >= range.minMs, {
    message: 'maxMs must be at least minMs', path: ['maxMs'],
  })

export const WebhookFaultsSchema = z.strictObject({
  /** Every attempt is sent twice: same event id and body, each copy signed on its own. */
  duplicate: z.boolean().optional(),
  /** Each event's first attempt waits `windowMs` (default 10 s); a newer event of the same transaction goes first. */
  reorder: z.union([z.boolean(), z.strictObject({ windowMs: holdMs.optional() })]).optional(),
  /** Each delivery's first attempt is held this long after the event (fixed, or random in the range). */
  delay: RangeSchema(holdMs).optional(),
  /** The first `attempts` attempts of each delivery are not sent (logged as dropped); the retry schedule recovers. */
  drop: z.strictObject({ attempts: z.number().int().min(1).max(9, 'must be at most 9: a delivery has 10 attempts') }).optional(),
  /** One byte of the body is changed after signing. */
  tamper: z.boolean().optional(),
  /** The signature timestamp is 6 minutes old. */
  stale: z.boolean().optional(),
  /** Signed with a secret that is not the endpoint's. */
  wrongSecret: z.boolean().optional(),
})
export type WebhookFaults = z.infer<typeof WebhookFaultsSchema>

/** The money routes (`POST /v1/...` that create a transaction); scope `money` means all of them. */
export const MONEY_ROUTE_IDS = ['mobile.charge', 'mobile.b2c', 'mobile.b2b', 'mobile.reverse', 'bank.transfer'] as const
export const PUBLIC_ROUTE_IDS = [
  ...MONEY_ROUTE_IDS, 'accounts.list', 'balance.get', 'bankCodes.list', 'transactions.list', 'transactions.get', 'transactions.getById',
] as const
export const ApiFaultScopeSchema = z.enum(['money', ...PUBLIC_ROUTE_IDS])
export type ApiFaultScope = z.infer<typeof ApiFaultScopeSchema>

export const ApiFaultNameSchema = z.enum(['latency', 'error-rate', 'outage', 'commit-then-drop', 'commit-then-error', 'lookup-lag'])
export type ApiFaultName = z.infer<typeof ApiFaultNameSchema>

const rate = z.number().min(0).max(1)

export const ApiFaultsSchema = z.strictObject({
  /** Added before the request is handled: fixed, or random in [minMs, maxMs] (real time). */
  latency: RangeSchema(z.number().int().min(0).max(MAX_API_LATENCY_MS, 'must be at most 60000 ms')).optional(),
  /** This share of requests is answered 500 api_error (or 503) without running them. */
  errorRate: z.strictObject({ rate, status: z.union([z.literal(500), z.literal(503)]).default(500) }).optional(),
  /** Between these two times of the simulated clock (ms since the epoch), every request is answered 503 with Retry-After. */
  outage: z.strictObject({ from: z.number().int().min(0), until: z.number().int().min(0) })
    .refine((window) => window.until > window.from, { message: 'until must be after from', path: ['until'] }).optional(),
  /** This share (default all) of committed requests loses its answer: the connection is reset after the commit. */
  commitThenDrop: z.strictObject({ rate: rate.default(1) }).optional(),
  /** This share (default all) of committed requests is answered 500 (or 502) instead of their answer: it ran all the same. */
  commitThenError: z.strictObject({ rate: rate.default(1), status: z.union([z.literal(500), z.literal(502)]).default(500) }).optional(),
  /** GET /v1/transaction answers 404 for a transaction until it is this old (simulated clock): a lookup that lags a create. */
  lookupLag: z.strictObject({ ms: z.number().int().min(1).max(MAX_LOOKUP_LAG_MS, 'must be at most 3600000 ms (an hour)') }).optional(),
})
export type ApiFaults = z.infer<typeof ApiFaultsSchema>

export const WebhookFaultRuleSchema = z.strictObject({ url: WebhookUrlSchema, faults: WebhookFaultsSchema })
export type WebhookFaultRule = z.infer<typeof WebhookFaultRuleSchema>
export const ApiFaultRuleSchema = z.strictObject({ scope: ApiFaultScopeSchema, faults: ApiFaultsSchema })
export type ApiFaultRule = z.infer<typeof ApiFaultRuleSchema>

/** The whole fault configuration of one environment (what a scenario file would hold). */
export const FaultConfigSchema = z.strictObject({
  webhooks: z.array(WebhookFaultRuleSchema).default([]),
  api: z.array(ApiFaultRuleSchema).default([]),
})
export type FaultConfig = z.infer<typeof FaultConfigSchema>

export const FaultStateSchema = z.object({
  webhooks: z.array(WebhookFaultRuleSchema.extend({ updatedAt: z.number().int() })),
  api: z.array(ApiFaultRuleSchema.extend({ updatedAt: z.number().int() })),
  /** True while any fault is switched on in this environment (the console shows a banner). */
  active: z.boolean(),
  /** Every environment of the organization with a fault switched on (the banner names the others too). */
  activeIn: z.array(EnvironmentSchema),
})
export type FaultState = z.infer<typeof FaultStateSchema>

export const SetWebhookFaultsRequestSchema = z.strictObject({ url: WebhookUrlSchema, faults: WebhookFaultsSchema })
/** The scopes whose rule `lookupLag` is read from: GET /v1/transaction's own, or every money route's. */
export const LOOKUP_LAG_SCOPES: readonly ApiFaultScope[] = ['money', 'transactions.get']
export const SetApiFaultsRequestSchema = z.strictObject({ scope: ApiFaultScopeSchema, faults: ApiFaultsSchema })
  .refine((rule) => rule.faults.lookupLag === undefined || LOOKUP_LAG_SCOPES.includes(rule.scope), {
    message: 'lookupLag acts on GET /v1/transaction: set it on scope transactions.get or money', path: ['faults', 'lookupLag'],
  })
export const ClearWebhookFaultsQuerySchema = z.object({ url: WebhookUrlSchema })
export const ClearApiFaultsQuerySchema = z.object({ scope: ApiFaultScopeSchema })

/** Whether a configuration switches anything on (an empty object or all-false switches nothing). */
export function faultsOn(faults: Record<string, unknown>): boolean {
  return Object.values(faults).some((value) => value !== undefined && value !== false)
}

// ---- Receiver doctor -------------------------------------------------------------------------------

export const DoctorCheckSchema = z.object({
  id: z.string(),
  title: z.string(),
  result: z.enum(['pass', 'fail', 'warn']),
  /** The receiver's HTTP status, or null when it did not answer (or for the latency summary). */
  status: z.number().int().nullable(),
  /** What was sent, in a line. */
  sent: z.string(),
  /** What came back: the first 200 bytes of the answer, or why there was none. */
  received: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  advice: z.string(),
})
export type DoctorCheck = z.infer<typeof DoctorCheckSchema>

export const DoctorReportSchema = z.object({
  ok: z.boolean(),
  url: z.string(),
  startedAt: z.number().int(),
  finishedAt: z.number().int(),
  checks: z.array(DoctorCheckSchema),
})
export type DoctorReport = z.infer<typeof DoctorReportSchema>

export const DoctorStateSchema = z.object({
  url: z.string().nullable(),
  running: z.boolean(),
  /** The last finished report for this URL in this environment, kept until the next run finishes. */
  report: DoctorReportSchema.nullable(),
})
export type DoctorState = z.infer<typeof DoctorStateSchema>

export const RunDoctorRequestSchema = z.strictObject({ url: WebhookUrlSchema.optional() }).default({})
export const DoctorQuerySchema = z.object({ url: WebhookUrlSchema.optional() })
