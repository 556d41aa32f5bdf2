import { z } from 'zod'
import { TransactionStatusSchema, TransactionTypeSchema } from './common'
import { TransactionSchema } from './transaction'

export const TransactionDetailPathSchema = z.object({ transactionId: z.string().min(1).max(64) })

/**
 * Who a payout went to, as recorded at acceptance: a till or paybill (B2B) or a bank account (local
 * bank transfer). Charges, B2C payouts (the phone is on the transaction) and top-ups have none.
 */
export const CounterpartySchema = z.object({
  kind: z.enum(['till', 'paybill', 'bank']),
  accountNumber: z.string(),
  beneficiary: z.string().nullable().optional(),
  bankCode: z.string().optional(),
  bankName: z.string().optional(),
  accountName: z.string().optional(),
  branchCode: z.string().nullable().optional(),
  senderAddress: z.string().optional(),
  paymentPurposeId: z.string().nullable().optional(),
})
export type CounterpartyView = z.infer<typeof CounterpartySchema>

/** One status the transaction went through, oldest first. */
export const TimelineEntrySchema = z.object({
  status: TransactionStatusSchema,
  message: z.string().nullable(),
  at: z.number().int(),
})

/** One ledger posting of the transaction; system accounts (external world, provider fees) included. */
export const PostingViewSchema = z.object({
  accountNo: z.string(),
  bucket: z.enum(['available', 'pending']),
  amount: z.number().int(),
  at: z.number().int(),
})

/** A transaction linked to this one: a charge's reversal, or a reversal's charge. */
export const RelatedTransactionSchema = z.object({
  publicId: z.string(),
  type: TransactionTypeSchema,
  status: TransactionStatusSchema,
  amount: z.number().int(),
})

/** What the console's transaction detail shows: the spec 2.1 transaction plus how money moved and why. */
export const TransactionDetailSchema = z.object({
  transaction: TransactionSchema,
  accountNo: z.string(),
  counterparty: CounterpartySchema.nullable(),
  timeline: z.array(TimelineEntrySchema),
  postings: z.array(PostingViewSchema),
  related: z.array(RelatedTransactionSchema),
})
export type TransactionDetail = z.infer<typeof TransactionDetailSchema>
