import { z } from 'zod'
import { ApiVersionSchema } from '../api/api-versions'
import { EnvironmentSchema } from './common'
import { AuditEntrySchema } from './console-support'
import { CounterpartySchema, PostingViewSchema, TimelineEntrySchema, TransactionDetailPathSchema } from './console-transactions'
import { FeeTariffSchema } from './fees'
import { RequestLogDetailSchema } from './request-log'
import { ApprovalSchema } from './team'
import { TransactionSchema } from './transaction'
import { WebhookEventTypeSchema } from './webhooks'

export const EvidencePathSchema = TransactionDetailPathSchema

/** What one webhook attempt sent: headers as sent (signatures included) and the ids of the secrets that signed. */
export const EvidenceSentSchema = z.object({
  headers: z.record(z.string(), z.string()),
  /** The exact bytes sent: the event's body, unless a fault (tamper) altered them after signing. */
  body: z.string(),
  /** `wsid_` + the first 16 hex digits of SHA-256 of each signing secret; whoever holds the secret computes the same id. */
  secretIds: z.array(z.string()),
})

export const EvidenceAttemptSchema = z.object({
  attemptNo: z.number().int(),
  startedAt: z.number().int(),
  durationMs: z.number().int(),
  /** null: nothing was sent (a fault dropped it), or the attempt predates this record. */
  sent: EvidenceSentSchema.nullable(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  faults: z.array(z.string()),
})

export const EvidenceWebhookEventSchema = z.object({
  id: z.string(),
  type: WebhookEventTypeSchema,
  created: z.number().int(),
  transactionId: z.string().nullable(),
  /** The event's body as stored and signed (exact bytes: verify signatures over this string). */
  body: z.string(),
  deliveries: z.array(z.object({
    id: z.string(),
    url: z.string(),
    target: z.enum(['request', 'default', 'test', 'resend']),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.array(EvidenceAttemptSchema),
  })),
})

/** A logged /v1 request, as the request log keeps it (credentials redacted, long bodies cut and marked). */
export const EvidenceRequestSchema = RequestLogDetailSchema.omit({ webhookEvents: true })

export const EvidenceStorySchema = z.object({
  transaction: TransactionSchema,
  timeline: z.array(TimelineEntrySchema),
  postings: z.array(PostingViewSchema),
})

/**
 * A transaction's evidence bundle: everything about one payment in one document, for a support ticket.
 * `sha256` is the SHA-256 (hex) of `JSON.stringify` of the document without its `sha256` field, keys in
 * the order given. Secrets are never in it: signing secrets appear only as their ids.
 */
export const EvidenceBundleSchema = z.object({
  format: z.literal('paydesk.evidence/1'),
  generatedAt: z.number().int(),
  environment: EnvironmentSchema,
  organizationId: z.string(),
  transaction: TransactionSchema,
  accountNo: z.string(),
  counterparty: CounterpartySchema.nullable(),
  timeline: z.array(TimelineEntrySchema),
  postings: z.array(PostingViewSchema),
  /** Linked transactions (a charge's reversal, a reversal's charge), each with its own timeline and postings. */
  related: z.array(EvidenceStorySchema),
  webhooks: z.object({
    /** How to verify: docs/webhooks.md "Signatures"; which secrets sign now, by id. */
    signingSecretIds: z.object({ current: z.string(), previous: z.string().nullable() }),
    events: z.array(EvidenceWebhookEventSchema),
  }),
  requests: z.array(EvidenceRequestSchema),
  /**
   * Team mode's approvals whose approved request created the transaction or a linked one, oldest first:
   * who asked, every decision with its actor, and what the request got. Empty when none was held.
   */
  approvals: z.array(ApprovalSchema),
  audit: z.array(AuditEntrySchema),
  feeTariff: z.object({
    /** The fee charged, in cents. */
    fee: z.number().int(),
    tariff: FeeTariffSchema,
    /** The tariff was changed after the transaction was accepted: `tariff` is today's, not necessarily the one applied. */
    changedSince: z.boolean(),
  }),
  apiRelease: z.object({
    version: ApiVersionSchema,
    /** `request`: named in the answer to the request that created it; `latest`: no logged request names one. */
    source: z.enum(['request', 'latest']),
  }),
  sha256: z.string(),
})
export type EvidenceBundle = z.infer<typeof EvidenceBundleSchema>
