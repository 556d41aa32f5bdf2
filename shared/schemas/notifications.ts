import { z } from 'zod'
import { queryInt } from './common'

export const NotificationKindSchema = z.enum([
  'payment_received', 'payout_failed', 'low_float', 'approval_waiting', 'endpoint_failing', 'batch_finished', 'reconciliation_exceptions',
  'approval_decided', 'provider_key_refused', 'outbox_needs_review',
])
export type NotificationKind = z.infer<typeof NotificationKindSchema>

const Enabled = z.strictObject({ enabled: z.boolean() })

/** Amounts in cents; per organization and environment (docs/notifications.md). */
export const NotificationRulesSchema = z.strictObject({
  /** Every completed charge; `sound` plays a chime in the console (counter staff). */
  paymentReceived: z.strictObject({ enabled: z.boolean(), sound: z.boolean() }),
  /** A B2C, B2B payout or bank transfer failed or was refused. */
  payoutFailed: Enabled,
  /** A movement left the account's available float below `below`: once per crossing. */
  lowFloat: z.array(z.strictObject({ accountNo: z.string().min(1).max(34), below: z.number().int().min(1).max(10_000_000_000_000) })).max(50),
  approvalWaiting: Enabled,
  /** `after` deliveries to one webhook URL failed in a row: once per run of failures. */
  endpointFailing: z.strictObject({ enabled: z.boolean(), after: z.number().int().min(1).max(100) }),
  batchFinished: Enabled,
  reconciliationExceptions: Enabled,
})
export type NotificationRules = z.infer<typeof NotificationRulesSchema>

/** What an organization gets before it changes anything: everything on except the per-payment ones. */
export const DEFAULT_NOTIFICATION_RULES: NotificationRules = {
  paymentReceived: { enabled: false, sound: false },
  payoutFailed: { enabled: true },
  lowFloat: [],
  approvalWaiting: { enabled: true },
  endpointFailing: { enabled: true, after: 3 },
  batchFinished: { enabled: true },
  reconciliationExceptions: { enabled: true },
}

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  createdAt: z.number().int(),
  read: z.boolean(),
  /** Where the console opens it (a hash path such as /transactions/txn_…), or null. */
  link: z.string().nullable(),
  /** The one user it is for (approval_decided: the requester); null: everyone of the organization. */
  recipientId: z.string().nullable(),
})
export type Notification = z.infer<typeof NotificationSchema>

export const NotificationListQuerySchema = z.object({ limit: queryInt(1, 200).optional() })

export const NotificationListSchema = z.object({
  /** Newest first. */
  items: z.array(NotificationSchema),
  /** Unread notifications of the organization and environment, all of them (not only this page). */
  unread: z.number().int(),
})

export const NotificationPathSchema = z.object({ id: queryInt(1, 999_999_999) })

export const ReadAllResultSchema = z.object({ marked: z.number().int(), unread: z.number().int() })
