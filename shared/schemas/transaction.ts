import { z } from 'zod'
import { AccountTypeSchema, SubMerchantDetailsSchema, TransactionStatusSchema, TransactionTypeSchema } from './common'

/** Spec 2.1: the shape of GET /v1/transaction and GET /v1/transactions. Unknown values are null, never absent. */
export const TransactionSchema = z.object({
  publicId: z.string(),
  merchantTransactionId: z.string().nullable(),
  status: TransactionStatusSchema,
  message: z.string().nullable(),
  amount: z.number().int().nullable(),
  chargedAmount: z.number().int().nullable(),
  currency: z.string(),
  accountType: AccountTypeSchema,
  type: TransactionTypeSchema,
  paymentMethod: z.enum(['mobile_money', 'bank']),
  processor: z.enum(['mobile', 'partnerbank']),
  processorReference: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  narration: z.string().nullable(),
  customerId: z.string().nullable(),
  customer: z.record(z.string(), z.unknown()).nullable(),
  fees: z.number().int().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  subMerchantId: z.string().nullable(),
  subMerchantDetails: SubMerchantDetailsSchema.nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
})
export type Transaction = z.infer<typeof TransactionSchema>

/**
 * Spec 2.1 "alternative single-transaction shape": GET /v1/transactions/{transactionId} and webhook `data`.
 * Dates are ISO 8601 strings here.
 */
export const TransactionAltSchema = z.object({
  id: z.string(),
  merchantTransactionId: z.string().nullable(),
  chargedPhone: z.string().nullable(),
  description: z.string().nullable(),
  debitOrCredit: z.enum(['debit', 'credit']),
  destination: z.string().nullable(),
  reference: z.string().nullable(),
  externalReference: z.string().nullable(),
  invoiceId: z.string().nullable(),
  payoutId: z.string().nullable(),
  stage: z.string(),
  processor: z.enum(['mobile', 'partnerbank']),
  processorReference: z.string().nullable(),
  status: TransactionStatusSchema,
  type: TransactionTypeSchema,
  paymentMethod: z.enum(['mobile_money', 'bank']),
  amount: z.number().int().nullable(),
  chargedAmount: z.number().int().nullable(),
  fees: z.number().int().nullable(),
  currency: z.string(),
  narration: z.string().nullable(),
  message: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type TransactionAlt = z.infer<typeof TransactionAltSchema>

/** What a money-moving POST answers (202). */
export const AcceptedSchema = z.object({
  merchantTransactionId: z.string().nullable(),
  transactionId: z.string(),
  /**
   * Only on an environment connected to a provider account in operate mode (docs/upstream.md "Sending money"):
   * the request went to the outbox, which sends it to the provider; transactionId is then the outbox row's id.
   */
  upstream: z.object({ outboxId: z.string(), state: z.string() }).optional(),
})
export type Accepted = z.infer<typeof AcceptedSchema>

export const TransactionListSchema = z.object({
  items: z.array(TransactionSchema),
  count: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
})
export type TransactionList = z.infer<typeof TransactionListSchema>
