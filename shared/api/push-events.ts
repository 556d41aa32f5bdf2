import { z } from 'zod'
import { EnvironmentSchema, TransactionStatusSchema } from '../schemas/common'

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
    status: z.enum(['pending', 'approved', 'rejected', 'expired']), action: z.enum(['b2c', 'b2b', 'bank-transfer', 'reversal', 'bulk-payout']),
  }),
])
export type PushEvent = z.infer<typeof PushEventSchema>
