import { z } from 'zod'
import { PHONE_PATTERN } from './common'

/**
 * GET /v1/account-name-validation (DECISIONS "Account-name validation"): the provider's name check, with
 * its account types renamed as everywhere in our spec (`mpesa_*` -> `mobile_*`, `choice_bank` ->
 * `partnerbank`, `pesalink` -> `instantbank`).
 */
export const AccountNameTypeSchema = z.enum(['mobile_mobile', 'mobile_till', 'mobile_paybill', 'partnerbank', 'instantbank'])
export type AccountNameType = z.infer<typeof AccountNameTypeSchema>

const TILL_OR_PAYBILL = /^\d{5,10}$/
const BANK_ACCOUNT = /^[A-Za-z0-9-]{1,34}$/

/** What `accountId` must look like for each account type, and the sentence that says so. */
export const ACCOUNT_ID_RULES: Record<AccountNameType, { pattern: RegExp; message: string }> = {
  mobile_mobile: { pattern: PHONE_PATTERN, message: 'must be a Kenyan mobile number such as +254712345678, 254712345678 or 0712345678 for accountType mobile_mobile' },
  mobile_till: { pattern: TILL_OR_PAYBILL, message: 'must be a 5-10 digit till number for accountType mobile_till' },
  mobile_paybill: { pattern: TILL_OR_PAYBILL, message: 'must be a 5-10 digit paybill number for accountType mobile_paybill' },
  partnerbank: { pattern: BANK_ACCOUNT, message: 'must be 1-34 letters, digits or hyphens (a bank account number)' },
  instantbank: { pattern: BANK_ACCOUNT, message: 'must be 1-34 letters, digits or hyphens (a bank account number)' },
}

export const AccountNameQuerySchema = z
  .object({
    // Only Kenyan accounts are checked. Any letter case is read (ke), the document names the one spelling.
    country: z
      .string()
      .regex(/^[Kk][Ee]$/, { error: (issue) => `must be KE: account names can be validated for country KE only, not ${String(issue.input).slice(0, 8).toUpperCase()}` })
      .meta({ enum: ['KE'] }),
    accountId: z.string().min(1).max(34).meta({
      description: 'A Kenyan mobile number (mobile_mobile), a 5-10 digit till or paybill number, or a bank account number (partnerbank, instantbank).',
      examples: ['0712345678', '+254712345678', '5123456'],
    }),
    accountType: AccountNameTypeSchema,
    bankCode: z.string().min(1).max(10).optional().meta({ description: 'A bankCode of GET /v1/local-bank-codes?country=KE; for instantbank only.', examples: ['01'] }),
  })
  .superRefine((query, ctx) => {
    const rule = ACCOUNT_ID_RULES[query.accountType]
    if (!rule.pattern.test(query.accountId)) ctx.addIssue({ code: 'custom', path: ['accountId'], message: rule.message })
    if (query.accountType === 'instantbank' && query.bankCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['bankCode'], message: 'is required for accountType instantbank (GET /v1/local-bank-codes?country=KE)' })
    }
    if (query.accountType !== 'instantbank' && query.bankCode !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['bankCode'], message: 'is only for accountType instantbank' })
    }
  })
export type AccountNameQuery = z.input<typeof AccountNameQuerySchema>

/** `freezeStatus` and `restrictStatus` are the strings "0" and "1", as the provider sends them. */
const FlagSchema = z.enum(['0', '1'])

export const AccountNameValidationSchema = z.object({
  found: z.boolean(),
  /** The identifier checked (a phone normalised to +254XXXXXXXXX). */
  accountId: z.string(),
  /** The registered name; null when the account does not exist. */
  accountName: z.string().nullable(),
  accountType: AccountNameTypeSchema,
  freezeStatus: FlagSchema,
  restrictStatus: FlagSchema,
  /** Why the account was not found ("Account does not exist."); null when it was. */
  errorMessage: z.string().nullable(),
})
export type AccountNameValidation = z.infer<typeof AccountNameValidationSchema>
