import { z } from 'zod'
import { TransactionTypeSchema } from './common'
import { LocalDaySchema } from './console-support'

/** Statements for accounting software, and the payments a bookkeeper still needs a tax invoice for. */

export const StatementFilePathSchema = z.object({
  accountNo: z.string().min(1).max(34).meta({ description: 'A collections or payouts account of the organization.', examples: ['2100000001'] }),
})

const range = {
  from: LocalDaySchema.meta({ description: "The first local day (the organization's time zone)." }),
  to: LocalDaySchema.meta({ description: 'The last local day, included.' }),
}

export const StatementOfxQuerySchema = z.object(range)

export const BANK_CSV_FORMATS = ['xero', 'quickbooks'] as const
export const StatementCsvQuerySchema = z.object({
  ...range,
  format: z.enum(BANK_CSV_FORMATS, { error: 'must be xero or quickbooks' }).meta({
    description: "xero: Xero's bank statement columns (Date, Amount, Payee, Description, Reference); quickbooks: QuickBooks' three-column CSV (Date, Description, Amount).",
  }),
})
export type BankCsvFormat = (typeof BANK_CSV_FORMATS)[number]

export const MissingInvoicesQuerySchema = z.object(range)

const Sum = z.object({ count: z.number().int(), amount: z.number().int() })

export const MissingInvoiceSchema = z.object({
  transactionId: z.string(),
  type: TransactionTypeSchema,
  /** charge (money in), payout (B2C, B2B, bank transfer: money out), reversal. */
  kind: z.enum(['charge', 'payout', 'reversal']),
  status: z.string(),
  createdAt: z.number().int(),
  amount: z.number().int(),
  reference: z.string().nullable(),
  receipt: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  narration: z.string().nullable(),
})
export type MissingInvoice = z.infer<typeof MissingInvoiceSchema>

export const MissingInvoicesSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Completed payments of the period, with and without an invoice number. */
  withInvoice: Sum,
  missing: Sum,
  byKind: z.array(Sum.extend({ kind: z.enum(['charge', 'payout', 'reversal']) })),
  /** The payments without one, newest first (at most `limit`; `truncated` when there are more). */
  items: z.array(MissingInvoiceSchema),
  truncated: z.boolean(),
})
export type MissingInvoices = z.infer<typeof MissingInvoicesSchema>
