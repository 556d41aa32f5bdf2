import { z } from 'zod'

/** One payouts account on the float desk (Home): what it holds against what it must pay. Amounts in cents. */
export const FloatDeskAccountSchema = z.object({
  accountNo: z.string(),
  name: z.string(),
  currency: z.string(),
  available: z.number().int(),
  /** What payouts accepted and waiting for their result hold (amount and fees, the account's `pending`): already set aside. */
  pendingPayouts: z.number().int(),
  /** What bulk payouts scheduled or running have still to send from it (amount and fees of their queued rows). */
  scheduledBatches: z.number().int(),
  /** The low-float threshold set for the account in the notification rules, or null. */
  threshold: z.number().int().nullable(),
  /** What the float must cover beyond what is already held: the scheduled batches plus the threshold (0 without one). */
  needed: z.number().int(),
  /** How much `available` falls short of `needed` (0 when it does not). */
  shortfall: z.number().int(),
  /** What a "Move to payouts" would take from collections to cover the shortfall (0: nothing to move, or nothing to move it from). */
  suggestedMove: z.number().int(),
})
export type FloatDeskAccount = z.infer<typeof FloatDeskAccountSchema>

export const FloatDeskSchema = z.object({
  /**
   * Whose figures: `ledger` (the sandbox's own accounts) or `provider` (an environment connected to a provider
   * account: its balances as the mirror last read them; nothing to move from collections here).
   */
  source: z.enum(['ledger', 'provider']),
  /** With `provider`: the last complete sync, whose first read is the balances (ms); null before one. Null with `ledger`. */
  readAt: z.number().int().nullable(),
  accounts: z.array(FloatDeskAccountSchema),
  /** The default collections account the sweep takes from, with its settled (available) funds. */
  collections: z.object({ accountNo: z.string(), name: z.string(), available: z.number().int() }).nullable(),
})
export type FloatDesk = z.infer<typeof FloatDeskSchema>
