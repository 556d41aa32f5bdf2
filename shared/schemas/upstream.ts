import { z } from 'zod'
import { CALENDAR_DAY_PATTERN, EnvironmentSchema, queryInt } from './common'

/** A UTC calendar day, YYYY-MM-DD. */
const DaySchema = z.string().regex(CALENDAR_DAY_PATTERN, 'must be a day as YYYY-MM-DD').meta({ format: 'date' })

/**
 * Whether an `operate` connection sends money. With a team, a live key's operate connection waits for an
 * approval bound to its URL, key and mode (docs/upstream.md "Sending money"); until then it runs as `read`.
 * `not_required`: a test key, or no team (the flags are the consent). `approvalId`: the approval the state
 * comes from (waiting, approved, rejected), else null.
 */
export const UpstreamOperateSchema = z.object({
  state: z.enum(['not_required', 'not_requested', 'waiting_approval', 'approved', 'rejected']),
  approvalId: z.string().nullable(),
})
export type UpstreamOperate = z.infer<typeof UpstreamOperateSchema>

/** POST /console/upstream/operate: the approval the operate connection now waits for. */
export const UpstreamOperateRequestedSchema = z.object({
  state: z.literal('waiting_approval'),
  approvalId: z.string(),
  /** How many approvals it needs: the policy's `upstream-operate` rule, else one. */
  approvalsRequired: z.number().int(),
})

/** GET /console/upstream: the provider connection and how fresh its mirror is (docs/upstream.md). */
export const UpstreamStatusSchema = z.object({
  /** A connection is held now and its key was not refused. */
  connected: z.boolean(),
  url: z.string().nullable(),
  environment: EnvironmentSchema.nullable(),
  mode: z.enum(['read', 'operate']).nullable(),
  /** The key's last four characters ("…ab12"); the key itself never leaves the process. */
  keyFingerprint: z.string().nullable(),
  lastSyncAt: z.number().int().nullable(),
  /** ms since the last complete sync (null before the first). */
  lagMs: z.number().int().nullable(),
  backfill: z.object({ from: z.string(), done: z.boolean(), rows: z.number().int() }).nullable(),
  budget: z.object({ perMinute: z.number().int(), usedLastMinute: z.number().int() }).nullable(),
  lastError: z.string().nullable(),
  /** The provider's accounts as last read (available and pending in minor units). */
  balances: z.array(z.object({ accountNo: z.string(), type: z.string(), available: z.number().int(), pending: z.number().int(), currency: z.string() })),
  /** An operate connection of this run: whether it sends money yet; null in read mode or when not connected in this run. */
  operate: UpstreamOperateSchema.nullable(),
})
export type UpstreamStatus = z.infer<typeof UpstreamStatusSchema>

export const UpstreamSyncRequestSchema = z.strictObject({ from: DaySchema.optional(), to: DaySchema.optional() })
export const UpstreamSyncStartedSchema = z.object({ jobId: z.string() })

export const UpstreamSyncJobPathSchema = z.strictObject({ jobId: z.string().min(1).max(64) })
export const UpstreamSyncJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** The days it scans; null for a whole sync cycle (balances, recent days, backfill). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  rows: z.number().int(),
  requests: z.number().int(),
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
  error: z.string().nullable(),
})
export type UpstreamSyncJob = z.infer<typeof UpstreamSyncJobSchema>

export const UpstreamChangesQuerySchema = z.object({ limit: queryInt(1, 500).optional() })
export const UpstreamChangeSchema = z.object({
  transactionId: z.string(), field: z.string(), from: z.string().nullable(), to: z.string().nullable(), seenAt: z.number().int(),
})
export const UpstreamChangesSchema = z.object({ items: z.array(UpstreamChangeSchema) })

export const UpstreamDiffQuerySchema = z.object({ from: DaySchema, to: DaySchema })
const Totals = z.object({ count: z.number().int(), amount: z.number().int() })
export const UpstreamDiffSchema = z.object({
  local: Totals,
  upstream: Totals,
  mismatches: z.array(z.object({ transactionId: z.string(), field: z.string(), local: z.string().nullable(), upstream: z.string().nullable() })),
})
export type UpstreamDiff = z.infer<typeof UpstreamDiffSchema>
