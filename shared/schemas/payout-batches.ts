import { z } from 'zod'
import { IsoDateSchema, queryInt } from './common'
import { ActorSchema, ApprovalStatusSchema } from './team'

/**
 * Bulk payouts (console routes /console/payout-batches…, docs/console.md "Bulk payouts"). Amounts and
 * fees in minor units. A batch is one uploaded file: `draft` (or `invalid` when no row is valid) until it
 * is submitted, then `running` (or `scheduled` with a later `runAt`, or `awaiting_approval` when the
 * team's approval policy holds it: `draft` again if that approval is rejected, expires or is refused),
 * and `completed` / `completed_with_failures` once every row ran.
 */
export const PayoutBatchStatusSchema = z.enum(['draft', 'invalid', 'awaiting_approval', 'scheduled', 'running', 'completed', 'completed_with_failures'])
export type PayoutBatchStatus = z.infer<typeof PayoutBatchStatusSchema>

/** A row is `valid` / `invalid` before the batch runs, then `queued -> processing -> completed | failed`. */
export const PayoutBatchRowStatusSchema = z.enum(['valid', 'invalid', 'queued', 'processing', 'completed', 'failed'])
export type PayoutBatchRowStatus = z.infer<typeof PayoutBatchRowStatusSchema>

/** Most rows one file may hold. */
export const PAYOUT_BATCH_MAX_ROWS = 10_000
/** A file's text at most (10,000 rows of about 100 characters, with room to spare). */
export const PAYOUT_BATCH_MAX_CSV_CHARS = 3_000_000

export const PayoutBatchRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  type: z.enum(['mobile', 'bank']),
  status: PayoutBatchRowStatusSchema,
  /** Why the row cannot run, in plain words (empty when valid). */
  errors: z.array(z.string()),
  /** A phone normalised to +254…, or `bankCode/accountNumber`; as written when it could not be read. */
  recipient: z.string().nullable(),
  /** The registered name the name check found; null when not found or the row could not be read. */
  recipientName: z.string().nullable(),
  /** The name the file gives for the row (its name, employee, recipient or payee column); null when the file has none. */
  intendedName: z.string().nullable(),
  /** True when the file's name and the registered one are not the same person (often a wrong digit in the number). */
  nameDiffers: z.boolean(),
  amount: z.number().int().nullable(),
  fee: z.number().int().nullable(),
  reference: z.string().nullable(),
  narration: z.string().nullable(),
  /** The row's tax invoice number (the file's invoice / tax invoice / etims column), carried by its payout. */
  taxInvoiceNumber: z.string().nullable(),
  /** The row's payout (its newest, after a retry), once sent. */
  transactionId: z.string().nullable(),
  /** The processor's receipt once the payout completed. */
  receipt: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** Retries so far (0: the first payout). */
  attempt: z.number().int(),
})
export type PayoutBatchRow = z.infer<typeof PayoutBatchRowSchema>

export const PayoutBatchTotalsSchema = z.object({
  rows: z.number().int(),
  validRows: z.number().int(),
  /** Sum of the valid rows' amounts. */
  amount: z.number().int(),
  /** Sum of the valid rows' fees (the organization's tariff). */
  fees: z.number().int(),
})

/** How many rows are in each state of a run (all zero before submit). */
export const PayoutBatchProgressSchema = z.object({
  queued: z.number().int(),
  processing: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
})
export type PayoutBatchProgress = z.infer<typeof PayoutBatchProgressSchema>

export const PayoutBatchSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: PayoutBatchStatusSchema,
  /** The payouts account that funds it. */
  accountNo: z.string(),
  totals: PayoutBatchTotalsSchema,
  progress: PayoutBatchProgressSchema,
  /** The payouts float now, and whether it covers amount + fees of the valid rows. */
  floatAvailable: z.number().int(),
  floatSufficient: z.boolean(),
  /**
   * False on an environment that sends to the provider when the mirror holds no balance of this account:
   * the float cannot be checked here (floatAvailable is then 0, floatSufficient true; the provider refuses what it cannot pay).
   */
  floatChecked: z.boolean(),
  /** An earlier batch of the same file (same content), or null. */
  duplicateOf: z.string().nullable(),
  /** Headers of the file's columns Paydesk does not use (kept out of the payouts, shown as not used). */
  unusedColumns: z.array(z.string()),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  /** When a scheduled batch runs (simulated clock). */
  runAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Who submitted it (or last retried its failed rows): the rows' payouts are theirs. */
  submittedBy: ActorSchema.nullable(),
  /** The approval (GET /console/approvals) that holds or held the batch, when the approval policy asked for one. */
  approval: z.object({ id: z.string(), status: ApprovalStatusSchema }).nullable(),
})
export type PayoutBatchSummary = z.infer<typeof PayoutBatchSummarySchema>

export const PayoutBatchSchema = PayoutBatchSummarySchema.extend({ rows: z.array(PayoutBatchRowSchema) })
export type PayoutBatch = z.infer<typeof PayoutBatchSchema>

export const PayoutBatchListSchema = z.object({ items: z.array(PayoutBatchSummarySchema) })

export const PayoutBatchCreateRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  /** The file's text: a header row, then up to 10,000 rows. */
  csv: z.string().min(1, 'must not be empty').max(PAYOUT_BATCH_MAX_CSV_CHARS, `must be at most ${PAYOUT_BATCH_MAX_CSV_CHARS} characters`),
})

export const PayoutBatchSubmitRequestSchema = z.strictObject({
  /** Run later, on the simulated clock (ISO 8601). Absent or not in the future: run now. */
  runAt: IsoDateSchema.optional(),
  /** Needed to run a file that was uploaded before (`duplicateOf`). */
  confirmDuplicate: z.boolean().optional(),
})

export const PayoutBatchPathSchema = z.strictObject({ batchId: z.string().min(1).max(64) })

export const PayoutBatchRowPathSchema = z.strictObject({
  batchId: z.string().min(1).max(64),
  line: queryInt(2, 999_999),
})

const cell = (max: number) => z.string().max(max).optional()

/**
 * A row corrected on screen: its cells as a file row would have them (absent = empty), checked anew as an
 * upload checks them. Amounts as people write them (1500, 1,500.00, KES 1,500).
 */
export const PayoutBatchRowCorrectionSchema = z.strictObject({
  type: z.enum(['mobile', 'bank']).optional(),
  phoneNumber: cell(40),
  amount: cell(40),
  reference: cell(64),
  narration: cell(200),
  name: cell(140),
  bankCode: cell(10),
  accountNumber: cell(40),
  accountName: cell(140),
})
export type PayoutBatchRowCorrection = z.infer<typeof PayoutBatchRowCorrectionSchema>

export const PayoutBatchDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) })
