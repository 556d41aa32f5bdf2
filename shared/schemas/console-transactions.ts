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

/**
 * Why a failed or rejected transaction failed: the processor's result code (or the engine's refusal code),
 * the reason in plain words and what to do next.
 */
export const FailureSchema = z.object({
  resultCode: z.string().nullable(),
  reason: z.string(),
  nextStep: z.string(),
})
export type Failure = z.infer<typeof FailureSchema>

/**
 * A charge's latest reversal, for the console to show beside the charge. The API has no `reversed`
 * status (a reversed charge stays `settled`); the console says "Reversed" with the reversal's own state.
 */
export const ReversalLinkSchema = z.object({
  publicId: z.string(),
  status: TransactionStatusSchema,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
})
export type ReversalLink = z.infer<typeof ReversalLinkSchema>

/** A transaction as the console's own routes list it: spec 2.1 plus the charge's reversal, if any. */
export const ConsoleTransactionSchema = TransactionSchema.extend({ reversal: ReversalLinkSchema.nullable() })
export type ConsoleTransaction = z.infer<typeof ConsoleTransactionSchema>

/** A time in ms since the epoch, as a query parameter. */
const queryMs = z.string().regex(/^\d{1,15}$/, 'must be a time in ms since the epoch').transform(Number)

/** The creation times of the charges shown (e.g. the oldest and newest row of a list page). */
export const ReversalsQuerySchema = z.object({ from: queryMs, to: queryMs })
  .refine((q) => q.to >= q.from, { message: 'must not be before from', path: ['to'] })
  .refine((q) => q.to - q.from <= 366 * 86_400_000, { message: 'must be at most 366 days after from', path: ['to'] })

export const ReversalsSchema = z.object({
  items: z.array(z.object({ transactionId: z.string(), reversal: ReversalLinkSchema })),
})

/** What the console's transaction detail shows: the spec 2.1 transaction plus how money moved and why. */
export const TransactionDetailSchema = z.object({
  transaction: TransactionSchema,
  accountNo: z.string(),
  counterparty: CounterpartySchema.nullable(),
  timeline: z.array(TimelineEntrySchema),
  postings: z.array(PostingViewSchema),
  related: z.array(RelatedTransactionSchema),
  /** Why it failed, for a failed or rejected transaction; null otherwise. */
  failure: FailureSchema.nullable(),
})
export type TransactionDetail = z.infer<typeof TransactionDetailSchema>
