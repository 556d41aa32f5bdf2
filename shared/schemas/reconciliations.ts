import { z } from 'zod'
import { queryInt } from './common'
import { LocalDaySchema, TimeZoneSchema } from './console-support'

/** What became of one file row, or of one completed charge of the period (docs/reconciliation.md). */
export const ReconciliationItemKindSchema = z.enum(['matched', 'amount_mismatch', 'missing_in_paydesk', 'missing_in_file', 'duplicate', 'ambiguous'])
export type ReconciliationItemKind = z.infer<typeof ReconciliationItemKindSchema>

/** How the file writes amounts: shillings ("1,500.00", "KES 1,500") or whole cents ("150000"). */
export const AmountUnitSchema = z.enum(['KES', 'cents'])
export type AmountUnit = z.infer<typeof AmountUnitSchema>

/** A file of 100,000 rows is ~6 MB; room for wide exports without letting one request fill the memory. */
export const MAX_RECONCILIATION_CSV_CHARS = 40_000_000
/** The HTTP body that carries such a file as JSON (escaped quotes and line breaks make it somewhat longer). */
export const MAX_RECONCILIATION_BODY_BYTES = 48 * 1024 * 1024

const ColumnName = z.string().trim().min(1).max(200)

/** The file's column for each field; the amount is required, and at least one of reference, receipt or phone. */
export const ReconciliationMappingSchema = z.strictObject({
  reference: ColumnName.optional(),
  receipt: ColumnName.optional(),
  phone: ColumnName.optional(),
  amount: ColumnName,
  date: ColumnName.optional(),
}).refine((mapping) => mapping.reference !== undefined || mapping.receipt !== undefined || mapping.phone !== undefined, {
  message: 'must name at least one column to match by: reference, receipt or phone',
}).meta({ anyOf: [{ required: ['reference'] }, { required: ['receipt'] }, { required: ['phone'] }] })
export type ReconciliationMapping = z.infer<typeof ReconciliationMappingSchema>

export const CreateReconciliationRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  /** The file's text: an order export, a bank or M-Pesa statement; its first line is the header. */
  csv: z.string().min(1, 'must not be empty').max(MAX_RECONCILIATION_CSV_CHARS, `must be at most ${MAX_RECONCILIATION_CSV_CHARS} characters`),
  mapping: ReconciliationMappingSchema,
  amountUnit: AmountUnitSchema,
  from: LocalDaySchema,
  to: LocalDaySchema,
  timeZone: TimeZoneSchema.optional(),
})

export const ReconciliationSummarySchema = z.object({
  fileRows: z.number().int(),
  matched: z.number().int(),
  amountMismatch: z.number().int(),
  missingInPaydesk: z.number().int(),
  missingInFile: z.number().int(),
  duplicates: z.number().int(),
  ambiguous: z.number().int(),
})
export type ReconciliationSummary = z.infer<typeof ReconciliationSummarySchema>

export const ReconciliationItemSchema = z.object({
  kind: ReconciliationItemKindSchema,
  /** The file line (the header is line 1); null for a charge the file does not have. */
  line: z.number().int().nullable(),
  transactionId: z.string().nullable(),
  /** Cents, whatever unit the file used. */
  fileAmount: z.number().int().nullable(),
  paydeskAmount: z.number().int().nullable(),
  /** The file row's own reference (the merchant's order number) and phone, when the mapping has them. */
  fileReference: z.string().nullable(),
  filePhone: z.string().nullable(),
  /** The merchant reference of the Paydesk charge the item names. */
  paydeskReference: z.string().nullable(),
  /** The charges an ambiguous row could be, or the payment a duplicate repeats. */
  candidates: z.array(z.string()),
  note: z.string().nullable(),
  /** Matched by a person (undo with DELETE .../matches/{line}). */
  manual: z.boolean(),
})
export type ReconciliationItem = z.infer<typeof ReconciliationItemSchema>

/** A saved reconciliation without its items (the list). */
export const ReconciliationHeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  amountUnit: AmountUnitSchema,
  mapping: z.record(z.string(), z.string()),
  createdAt: z.number().int(),
  summary: ReconciliationSummarySchema,
  /** Items that are not `matched`. */
  exceptions: z.number().int(),
})
export type ReconciliationHead = z.infer<typeof ReconciliationHeadSchema>

export const ReconciliationSchema = ReconciliationHeadSchema.extend({
  /** One page, exceptions first, then in file order (charges missing in the file last). */
  items: z.array(ReconciliationItemSchema),
  /** Items under the filter, all pages. */
  itemsTotal: z.number().int(),
})
export type Reconciliation = z.infer<typeof ReconciliationSchema>

export const ReconciliationListSchema = z.object({ items: z.array(ReconciliationHeadSchema) })

export const ReconciliationPathSchema = z.object({ id: z.string().min(1).max(64) })
export const ReconciliationLinePathSchema = z.object({ id: z.string().min(1).max(64), line: queryInt(2, 10_000_000) })

export const RECONCILIATION_PAGE = 500

export const ReconciliationQuerySchema = z.object({
  kind: ReconciliationItemKindSchema.optional(),
  /** Only `matched`, or only the rest. */
  exceptions: z.enum(['true', 'false']).optional(),
  limit: queryInt(1, 10_000).optional(),
  offset: queryInt(0, 10_000_000).optional(),
})

export const ManualMatchRequestSchema = z.strictObject({
  line: z.number().int().min(2),
  transactionId: z.string().min(1).max(64),
  note: z.string().trim().max(500).optional(),
})

export const MappingSuggestionQuerySchema = z.object({
  /** The file's first line as it is (the console sends it before the whole file). */
  header: z.string().min(1).max(10_000),
})

export const MappingSuggestionSchema = z.object({
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  amountUnit: AmountUnitSchema,
  /** The mapping was saved with the last reconciliation of a file with this header (else guessed from the names). */
  remembered: z.boolean(),
})
export type MappingSuggestion = z.infer<typeof MappingSuggestionSchema>
