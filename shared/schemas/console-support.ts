import { z } from 'zod'
import { ActorSchema } from './team'
import { isDay, isTimeZone } from '../local-days'
import { CALENDAR_DAY_PATTERN, EnvironmentSchema, TransactionStatusSchema, TransactionTypeSchema, queryInt } from './common'
import { ConsoleTransactionSchema } from './console-transactions'

/**
 * The shape of every IANA time zone name (Area/Location, Etc/GMT+3, UTC, EST5EDT): the document states it as
 * `pattern`, so a client sees the limit; which names exist is the host's time zone data (isTimeZone).
 */
export const TIME_ZONE_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z0-9_+-]+)*$'

/** An IANA time zone name; local days (search's "yesterday", statements) are days of this zone. */
export const TimeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(isTimeZone, 'must be an IANA time zone such as Africa/Nairobi')
  .meta({
    description: 'An IANA time zone name the host knows (letters, digits, _ + - in parts joined by /), e.g. Africa/Nairobi (default: the host\'s time zone).',
    examples: ['Africa/Nairobi', 'UTC'], pattern: TIME_ZONE_NAME_PATTERN,
  })
/** One local calendar day. */
export const LocalDaySchema = z
  .string()
  .refine(isDay, 'must be a calendar day such as 2026-11-20')
  .meta({ format: 'date', pattern: CALENDAR_DAY_PATTERN.source, examples: ['2026-11-20'] })

// ---- Search -------------------------------------------------------------------------------------------

export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  timeZone: TimeZoneSchema.optional(),
  limit: queryInt(1, 100).optional(),
})

/** What a group of results matched; the first three are exact matches of one transaction. */
export const SearchMatchSchema = z.enum(['transactionId', 'merchantReference', 'receipt', 'taxInvoice', 'phone', 'amount', 'narration'])
export type SearchMatch = z.infer<typeof SearchMatchSchema>

export const SearchGroupSchema = z.object({
  match: SearchMatchSchema,
  /** What the console shows above the group, e.g. "Phone +254712345678". */
  label: z.string(),
  items: z.array(ConsoleTransactionSchema),
  /** More transactions matched than `items` holds (narrow the query, or open the customer view). */
  more: z.boolean(),
})

export const SearchResultSchema = z.object({
  query: z.string(),
  /** How the query was read: the normalised phone, the amount in minor units and the day range, the words. */
  understood: z.object({
    phoneNumber: z.string().nullable(),
    amount: z.number().int().nullable(),
    day: z.object({ from: z.string(), to: z.string(), fromMs: z.number().int(), toMs: z.number().int() }).nullable(),
    words: z.array(z.string()),
  }),
  timeZone: z.string(),
  groups: z.array(SearchGroupSchema),
  /** The public id when the query names exactly one transaction by id, reference or receipt and nothing else matched. */
  exactMatch: z.string().nullable(),
})
export type SearchResult = z.infer<typeof SearchResultSchema>

// ---- Customer view ------------------------------------------------------------------------------------

/**
 * A Kenyan mobile number as people write it: +254, 254, 0 or nothing, then 7 or 1 and eight digits, with
 * spaces, dots, hyphens or brackets anywhere (what domain/search-query.ts readPhone takes), as `pattern`.
 */
const S = '[\\s().-]*'
export const SPOKEN_PHONE_PATTERN = `^${S}(?:\\+${S}2${S}5${S}4|2${S}5${S}4|0)?${S}[71](?:${S}\\d){8}${S}$`

export const CustomerPathSchema = z.object({
  phoneNumber: z.string().min(1).max(32).meta({
    description: 'A Kenyan mobile number in any spelling: 0712 345 678, +254712345678, 712345678 (spaces, dots, hyphens and brackets anywhere).',
    pattern: SPOKEN_PHONE_PATTERN,
  }),
})

export const CustomerViewSchema = z.object({
  phoneNumber: z.string(),
  /** Completed or settled charges (what the customer paid the merchant), minor units. */
  paidIn: z.number().int(),
  /** Completed mobile payouts to the customer. */
  paidOut: z.number().int(),
  /** Completed reversals returned to the customer. */
  reversed: z.number().int(),
  counts: z.object({ total: z.number().int(), charges: z.number().int(), payouts: z.number().int(), reversals: z.number().int(), failed: z.number().int() }),
  /** How many transactions each total sums: the completed or settled charges, payouts and reversals. */
  paidCounts: z.object({ charges: z.number().int(), payouts: z.number().int(), reversals: z.number().int() }),
  firstSeen: z.number().int().nullable(),
  lastSeen: z.number().int().nullable(),
  /** Failed or refused transactions grouped by reason, in plain words. */
  failures: z.array(z.object({ reason: z.string(), resultCode: z.string().nullable(), count: z.number().int(), lastAt: z.number().int() })),
  transactions: z.array(ConsoleTransactionSchema.extend({ failureReason: z.string().nullable() })),
  /** More transactions exist than `transactions` lists (the totals count all of them). */
  more: z.boolean(),
})
export type CustomerView = z.infer<typeof CustomerViewSchema>

// ---- Audit log ----------------------------------------------------------------------------------------

export const AuditQuerySchema = z.object({
  environment: EnvironmentSchema.optional(),
  action: z.string().min(1).max(100).optional(),
  target: z.string().min(1).max(200).optional(),
  before: queryInt(1, 999_999_999).optional(),
  limit: queryInt(1, 500).optional(),
})

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  environment: EnvironmentSchema,
  /** The route id of the action, e.g. console.keys.revoke. */
  action: z.string(),
  /** A plain-words label of the action. */
  label: z.string(),
  /** What it acted on (a key id, an event id, a transaction id, ...), when the action names one. */
  target: z.string().nullable(),
  requestId: z.string(),
  /** Who did it: a user, `automation` (the console token), the local console, or an API key. */
  actor: ActorSchema,
  /** More about the action in words, where the target tells it (a reversal: the charge, the narration typed, who asked); else null. */
  details: z.string().nullable(),
  /**
   * When it really happened: the host's real clock, epoch ms, where `at` is the simulated clock (which QA
   * moves ahead). Null for entries written before Paydesk recorded it.
   */
  recordedAt: z.number().int().nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

export const AuditListSchema = z.object({
  items: z.array(AuditEntrySchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextBefore: z.number().int().nullable(),
  actions: z.array(z.string()),
})

// ---- Statements ---------------------------------------------------------------------------------------

export const StatementQuerySchema = z.object({
  accountNo: z.string().min(1).max(34),
  from: LocalDaySchema,
  to: LocalDaySchema,
  timeZone: TimeZoneSchema.optional(),
})

const Buckets = z.object({ available: z.number().int(), pending: z.number().int() })

export const StatementLineSchema = z.object({
  at: z.number().int(),
  transactionId: z.string(),
  type: TransactionTypeSchema,
  status: TransactionStatusSchema,
  /** The merchant's reference, else the processor's receipt. */
  reference: z.string().nullable(),
  /** The processor's receipt (the M-PESA receipt number), once there is one. */
  receipt: z.string().nullable(),
  /** metadata.taxInvoiceNumber: the eTIMS tax invoice behind the payment (docs/statements.md). */
  taxInvoiceNumber: z.string().nullable(),
  /** What the line did, for programs (the settlement report); `description` says it in words. */
  movement: z.enum([
    'charge_completed', 'charge_settled', 'payout_reserved', 'payout_paid', 'payout_released', 'reversal_reserved', 'reversal_paid',
    'reversal_released', 'top_up', 'sweep_out', 'sweep_in', 'other',
  ]),
  description: z.string(),
  /** Change of each bucket on this line, minor units. */
  available: z.number().int(),
  pending: z.number().int(),
  /** The fee the transaction carried, shown on its first line in this account. */
  fee: z.number().int(),
  balance: Buckets,
})
export type StatementLine = z.infer<typeof StatementLineSchema>

export const StatementSchema = z.object({
  account: z.object({ accountNo: z.string(), name: z.string(), type: z.string(), currency: z.string() }),
  environment: EnvironmentSchema,
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  fromMs: z.number().int(),
  toMs: z.number().int(),
  generatedAt: z.number().int(),
  opening: Buckets,
  lines: z.array(StatementLineSchema),
  movements: Buckets,
  fees: z.number().int(),
  closing: Buckets,
  totalsByType: z.array(z.object({ type: TransactionTypeSchema, count: z.number().int(), available: z.number().int(), pending: z.number().int(), fees: z.number().int() })),
  reconciliation: z.object({
    /** opening + movements = closing, and closing equals the ledger's own balance at the end of the range. */
    holds: z.boolean(),
    ledgerClosing: Buckets,
    statement: z.string(),
  }),
})
export type Statement = z.infer<typeof StatementSchema>

export const SettlementReportQuerySchema = z.object({
  from: LocalDaySchema,
  to: LocalDaySchema,
  timeZone: TimeZoneSchema.optional(),
})

export const SettlementDaySchema = z.object({
  day: z.string(),
  chargesCompleted: z.object({ count: z.number().int(), amount: z.number().int() }),
  fees: z.number().int(),
  settled: z.number().int(),
  payouts: z.object({ count: z.number().int(), amount: z.number().int() }),
  reversals: z.object({ count: z.number().int(), amount: z.number().int() }),
  /** Collections accounts at the end of the day (available + pending), minor units. */
  collectionsClosing: Buckets,
})

export const SettlementReportSchema = z.object({
  environment: EnvironmentSchema,
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  days: z.array(SettlementDaySchema),
})
export type SettlementReport = z.infer<typeof SettlementReportSchema>
