import { z } from 'zod'
import { PhoneNumberSchema } from './common'

/** A simulated M-Pesa customer's state (docs/simulator.md "Simulated customers"). */
export const CustomerStatusSchema = z.enum(['active', 'blocked', 'unregistered'])
export type CustomerStatus = z.infer<typeof CustomerStatusSchema>

/** Defaults of a customer created without a balance or limit: KES 100,000 in the wallet, M-Pesa's KES 500,000 daily cap. */
export const CUSTOMER_DEFAULTS = { balance: 10_000_000, dailyLimit: 50_000_000 } as const

const MinorSchema = z.number().int().min(0).max(1_000_000_000_000)

export const CustomerSchema = z.object({
  phoneNumber: z.string(),
  name: z.string().nullable(),
  /** Wallet balance, minor units: completed charges debit it, B2C payouts and reversals credit it. */
  balance: z.number().int(),
  dailyLimit: z.number().int(),
  /** Completed charges of the simulated day (UTC) so far, minor units. */
  spentToday: z.number().int(),
  status: CustomerStatusSchema,
  /** The charge whose push prompt the phone shows now (interactive mode), if any. */
  promptTransactionId: z.string().nullable(),
})
export type Customer = z.infer<typeof CustomerSchema>

export const CustomerListSchema = z.object({ items: z.array(CustomerSchema) })

export const CustomerPathSchema = z.strictObject({ phoneNumber: PhoneNumberSchema })

/** PUT /console/customers/{phoneNumber}: creates the customer (missing fields take the defaults) or changes the given fields. */
export const CustomerUpdateRequestSchema = z.strictObject({
  name: z.string().min(1).max(100).nullable().optional(),
  balance: MinorSchema.optional(),
  dailyLimit: MinorSchema.optional(),
  status: CustomerStatusSchema.optional(),
})
