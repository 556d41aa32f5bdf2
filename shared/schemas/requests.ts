import { z } from 'zod'
import { AMOUNT_BOUNDS } from '../money'
import {
  AccountTypeSchema, ForceStatusSchema, IsoDateSchema, MerchantTransactionIdSchema, MetadataSchema, NarrationSchema,
  PhoneNumberSchema, TransactionStatusSchema, TransactionTypeSchema, WebhookUrlSchema, amountSchema, queryInt,
} from './common'

/**
 * Request bodies are strict: an unknown field is a 400, because in a sandbox a silently ignored typo
 * ("ammount") is the bug the integrator came here to find.
 */
const enterpriseFields = {
  shortcode: z.string().regex(/^\d{5,7}$/, 'must be a 5-7 digit shortcode').optional(),
  subMerchantId: z.string().min(1).max(64).optional(),
}
const commonFields = {
  narration: NarrationSchema.optional(),
  webhookUrl: WebhookUrlSchema.optional(),
  metadata: MetadataSchema.optional(),
  forceStatus: ForceStatusSchema.optional(),
  customerId: z.string().min(1).max(64).optional(),
  ...enterpriseFields,
}

export const ChargeRequestSchema = z.strictObject({
  phoneNumber: PhoneNumberSchema,
  amount: amountSchema(AMOUNT_BOUNDS.charge),
  merchantTransactionId: MerchantTransactionIdSchema,
  ...commonFields,
})
export type ChargeRequest = z.input<typeof ChargeRequestSchema>

export const B2cRequestSchema = z.strictObject({
  phoneNumber: PhoneNumberSchema,
  amount: amountSchema(AMOUNT_BOUNDS.b2c),
  merchantTransactionId: MerchantTransactionIdSchema,
  ...commonFields,
})
export type B2cRequest = z.input<typeof B2cRequestSchema>

export const B2bRequestSchema = z
  .strictObject({
    merchantTransactionId: MerchantTransactionIdSchema,
    amount: amountSchema(AMOUNT_BOUNDS.b2b),
    accountNumber: z.string().regex(/^\d{5,10}$/, 'must be a 5-10 digit till or paybill number'),
    accountNumberType: z.enum(['till', 'paybill']),
    beneficiary: z.string().min(1).max(64).optional(),
    ...commonFields,
  })
  .superRefine((body, ctx) => {
    if (body.accountNumberType === 'paybill' && body.beneficiary === undefined) {
      ctx.addIssue({ code: 'custom', path: ['beneficiary'], message: 'is required when accountNumberType is paybill (the account reference)' })
    }
  })
  .meta({ if: { properties: { accountNumberType: { const: 'paybill' } }, required: ['accountNumberType'] }, then: { properties: { beneficiary: { type: 'string' } }, required: ['beneficiary'] } })
export type B2bRequest = z.input<typeof B2bRequestSchema>

export const ReverseRequestSchema = z.strictObject({
  transactionId: z.string().min(1).max(64),
  narration: NarrationSchema.optional(),
  webhookUrl: WebhookUrlSchema.optional(),
  forceStatus: ForceStatusSchema.optional(),
})
export type ReverseRequest = z.input<typeof ReverseRequestSchema>

export const BankTransferRequestSchema = z.strictObject({
  merchantTransactionId: MerchantTransactionIdSchema,
  senderAccountNo: z.string().min(1).max(34).meta({ description: 'A payouts account of the organization.', examples: ['2200000002'] }),
  senderAddress: z.string().min(1).max(200),
  beneficiaryBankCode: z.string().min(1).max(10).meta({ description: 'A bankCode of GET /v1/local-bank-codes?country=KE.', examples: ['01'] }),
  beneficiaryBankName: z.string().min(1).max(100),
  beneficiaryAccountId: z.string().regex(/^[A-Za-z0-9-]{1,34}$/, 'must be 1-34 letters, digits or hyphens'),
  beneficiaryAccountCcy: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code such as KES').meta({ description: 'The currency of the sender account (KES).', examples: ['KES'] }),
  beneficiaryName: z.string().min(1).max(140),
  amount: amountSchema(AMOUNT_BOUNDS.bankTransfer),
  narration: NarrationSchema,
  paymentChannel: z.literal('INSTANTBANK', { error: 'only INSTANTBANK is supported' }),
  beneficiaryBranchCode: z.string().max(10).optional(),
  paymentPurposeId: z.string().max(64).optional(),
  webhookUrl: WebhookUrlSchema.optional(),
  metadata: MetadataSchema.optional(),
  forceStatus: ForceStatusSchema.optional(),
})
export type BankTransferRequest = z.input<typeof BankTransferRequestSchema>

export const AccountsQuerySchema = z.object({
  type: AccountTypeSchema.optional(),
  scope: z.enum(['default', 'shortcode']).optional(),
})

/**
 * `accountNo` is required since release 1.0.1, the document's release says so (`required`); the operation
 * checks it per release, because under 1.0.0 the legacy `account` alone still answers. Since 1.0.1 `account`
 * is accepted but never enough on its own; `accountNo` wins when both are sent.
 */
export const BalanceQuerySchema = z
  .object({
    accountNo: z.string().min(1).max(34).optional().meta({ examples: ['2100000001'], description: 'The account (required since 1.0.1).' }),
    account: z.enum(AccountTypeSchema.options, { error: 'must be collections or payouts' }).optional().meta({
      deprecated: true, description: 'Release 1.0.0: the balance of the default collections or payouts account. Ignored when accountNo is sent; never enough on its own since 1.0.1.',
    }),
  })
  .meta({ required: ['accountNo'] })

/** Only Kenya has local transfers. Any letter case is read (ke), the document names the one spelling. */
export const BankCodesQuerySchema = z.object({
  country: z
    .string()
    .regex(/^[Kk][Ee]$/, { error: (issue) => `must be KE: bank codes are not available for country ${String(issue.input).slice(0, 8).toUpperCase()}; only Kenya has local transfers` })
    .meta({ enum: ['KE'] }),
})

export const TransactionsQuerySchema = z.object({
  startDate: IsoDateSchema,
  endDate: IsoDateSchema,
  type: TransactionTypeSchema.optional(),
  status: TransactionStatusSchema.optional(),
  accountType: AccountTypeSchema.optional(),
  accountNo: z.string().min(1).max(34).optional().meta({ examples: ['2100000001'] }),
  customerId: z.string().min(1).max(64).optional(),
  shortcode: z.string().min(1).max(16).optional(),
  limit: queryInt(1, 10_000).optional(),
})
export type TransactionsQuery = z.input<typeof TransactionsQuerySchema>

export const TransactionQuerySchema = z.object({
  transactionId: z.string().min(1).max(64).optional(),
  merchantTransactionId: z.string().min(1).max(64).optional(),
})

/**
 * A path segment of dots only is a URL dot segment: clients and the server resolve `.` and `..` away (RFC 3986
 * 5.2.4), so no request can name such an id. The document says so; the server reads the path it was sent.
 */
export const TransactionPathSchema = z.object({
  transactionId: z.string().min(1).max(64).meta({ pattern: '[^.]', description: 'The transaction id (not dots only: `.` and `..` are URL dot segments).' }),
})
