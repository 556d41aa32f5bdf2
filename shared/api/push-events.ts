import { z } from 'zod'
import { EnvironmentSchema, TransactionStatusSchema } from '../schemas/common'
import { NotificationSchema } from '../schemas/notifications'
import { PayoutBatchStatusSchema } from '../schemas/payout-batches'

/** Live updates the engine pushes to the console (IPC `on`, or the HTTP event stream). */
export const PushEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('transaction.changed'), environment: EnvironmentSchema, transactionId: z.string(), status: TransactionStatusSchema }),
  z.object({ type: z.literal('balance.changed'), environment: EnvironmentSchema, accountNo: z.string() }),
  z.object({ type: z.literal('webhook.attempted'), environment: EnvironmentSchema, eventId: z.string(), deliveryId: z.string(), outcome: z.string() }),
  z.object({ type: z.literal('prompt.pending'), environment: EnvironmentSchema, transactionId: z.string() }),
  z.object({ type: z.literal('requests.logged'), environment: EnvironmentSchema }),
  /** An approval was requested, decided or ran (its status after the change). */
  z.object({
    type: z.literal('approval.changed'), environment: EnvironmentSchema, approvalId: z.string(),
    status: z.enum(['pending', 'approved', 'rejected', 'expired']), action: z.enum(['b2c', 'b2b', 'bank-transfer', 'reversal', 'bulk-payout', 'live-key', 'upstream-operate']),
  }),
  /** A reconciliation was saved; `exceptions`: its items that are not matched. */
  z.object({ type: z.literal('reconciliation.saved'), environment: EnvironmentSchema, reconciliationId: z.string(), exceptions: z.number().int() }),
  /** A notification was raised (after the change it describes committed); `sound`: the payment-received chime is on. */
  z.object({
    type: z.literal('notification.raised'), environment: EnvironmentSchema, organizationId: z.string(), notification: NotificationSchema, sound: z.boolean(),
  }),
  z.object({ type: z.literal('payoutBatch.changed'), environment: EnvironmentSchema, batchId: z.string(), status: PayoutBatchStatusSchema }),
  /** A bulk payout finished (every row completed or failed): what "batch finished" notifications hook into. */
  z.object({
    type: z.literal('payoutBatch.finished'), environment: EnvironmentSchema, organizationId: z.string(), batchId: z.string(), name: z.string(),
    status: PayoutBatchStatusSchema, completedRows: z.number().int(), failedRows: z.number().int(),
  }),
])
export type PushEvent = z.infer<typeof PushEventSchema>
