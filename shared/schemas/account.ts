import { z } from 'zod'
import { AccountTypeSchema } from './common'

/** Spec 2.3. Bank fields appear only on live payout accounts. */
export const AccountSchema = z.object({
  type: AccountTypeSchema,
  currency: z.string(),
  available: z.number().int(),
  pending: z.number().int(),
  status: z.enum(['active', 'suspended']),
  default: z.boolean(),
  accountNo: z.string(),
  name: z.string(),
  hostType: z.enum(['own', 'partner']).nullable(),
  shortcodeId: z.string().nullable(),
  bankName: z.string().optional(),
  bankCode: z.string().optional(),
  branchCode: z.string().optional(),
  swiftCode: z.string().optional(),
})
export type Account = z.infer<typeof AccountSchema>

export const AccountListSchema = z.object({ items: z.array(AccountSchema) })

/** Spec 2.4. */
export const BalanceSchema = z.object({
  account: AccountTypeSchema,
  balance: z.number().int(),
  currency: z.string(),
  available: z.number().int(),
  pending: z.number().int(),
  updatedAt: z.string(),
  accountNo: z.string(),
})
export type Balance = z.infer<typeof BalanceSchema>

/** Spec 2.5. */
export const BankCodeSchema = z.object({ bankCode: z.string(), bankName: z.string() })
export type BankCode = z.infer<typeof BankCodeSchema>
