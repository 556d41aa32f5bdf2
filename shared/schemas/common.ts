import { z } from 'zod'
import { NARRATION_MAX_LENGTH } from '../money'
import { TAX_INVOICE_PROPERTIES, taxInvoiceKeyProblem } from '../tax-invoice'

export const EnvironmentSchema = z.enum(['test', 'live'])
export type Environment = z.infer<typeof EnvironmentSchema>

export const TransactionStatusSchema = z.enum(['pending', 'completed', 'failed', 'settled', 'initiated', 'rejected'])
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>

export const TransactionTypeSchema = z.enum([
  'charge', 'transfer', 'payment', 'settlement', 'airtime', 'reversal', 'bank_deposit', 'bank_withdrawal',
])
export type TransactionType = z.infer<typeof TransactionTypeSchema>

export const AccountTypeSchema = z.enum(['collections', 'payouts'])
export type AccountType = z.infer<typeof AccountTypeSchema>

export const PHONE_PATTERN = /^(?:\+254|254|0)(?:7|1)\d{8}$/

/** Kenyan mobile number in any accepted spelling, normalised to +254XXXXXXXXX. */
export const PhoneNumberSchema = z
  .string()
  .regex(PHONE_PATTERN, 'must be a Kenyan mobile number such as +254712345678, 254712345678 or 0712345678')
  .transform((phone) => `+254${phone.slice(-9)}`)

export const MERCHANT_REFERENCE_PATTERN = /^[A-Za-z0-9._-]{1,64}$/
export const MerchantTransactionIdSchema = z
  .string()
  .regex(MERCHANT_REFERENCE_PATTERN, 'must be 1-64 letters, digits, dots, underscores or hyphens')

export const NarrationSchema = z.string().max(NARRATION_MAX_LENGTH, `must be at most ${NARRATION_MAX_LENGTH} characters`)

/**
 * The URLs the document promises the server takes (OpenAPI `pattern`): http(s), a host name whose last label
 * is not a number, a dotted IPv4 address or an IPv6 literal, a port from 1 to 65535, then any path, query
 * and fragment. The server accepts every URL the WHATWG parser takes with an http(s) scheme (a superset:
 * userinfo, `xn--` labels, percent-encoded hosts), so a client checking the pattern is never refused for it.
 * No label starts with `xn--` here (consecutive hyphens are out): the parser refuses invalid punycode.
 */
const URL_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
const URL_LABEL = '[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*'
const URL_H16 = '[0-9A-Fa-f]{1,4}'
const URL_HOST = [
  `(?:${URL_LABEL}\\.)*[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*`,
  `(?:${URL_OCTET}\\.){3}${URL_OCTET}`,
  `\\[(?:(?:${URL_H16}:){7}${URL_H16}|::(?:${URL_H16}(?::${URL_H16}){0,6})?|(?:${URL_H16}:){1,7}:)\\]`,
].join('|')
const URL_PORT = '(?::(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d\\d|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3}))?'
export const WEBHOOK_URL_PATTERN = new RegExp(`^[Hh][Tt][Tt][Pp][Ss]?://(?:${URL_HOST})${URL_PORT}(?:[/?#][A-Za-z0-9._~!$&'()*+,;=:@%/?#-]*)?$`)

export const WebhookUrlSchema = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  }, 'must be an absolute http(s) URL')
  .meta({
    format: 'uri', pattern: WEBHOOK_URL_PATTERN.source, examples: ['https://example.com/webhooks/payments'],
    description: 'An absolute http(s) URL, at most 2048 characters.',
  })

/** Spec 2.2: all optional, nothing else allowed. */
export const SubMerchantDetailsSchema = z.strictObject({
  name: z.string().max(200).optional(),
  legalName: z.string().max(200).optional(),
  businessType: z.string().max(100).optional(),
  email: z.email().max(254).optional(),
  phoneNumber: z.string().max(32).optional(),
  businessCertNo: z.string().max(100).optional(),
  taxId: z.string().max(100).optional(),
  economicSector: z.string().max(100).optional(),
  riskLevel: z.enum(['low', 'medium', 'high']).optional(),
})
export type SubMerchantDetails = z.infer<typeof SubMerchantDetailsSchema>

/** A schema as the OpenAPI document writes it inside another one (no `$schema` of its own). */
function documented(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input' })
  return json
}

export const METADATA_KEY_PATTERN = /^[A-Za-z0-9._-]{1,64}$/
const METADATA_MAX_KEYS = 20
const MetadataValueSchema = z.union([z.string().max(500, 'must be at most 500 characters'), z.number(), z.boolean(), z.null()])

/**
 * Free-form metadata echoed back on the transaction: at most 20 flat keys, plus the reserved enterprise
 * `subMerchantDetails` object. Nesting is refused so stored metadata stays small and predictable.
 */
export const MetadataSchema = z
  .record(z.string(), z.unknown())
  .superRefine((metadata, ctx) => {
    const keys = Object.keys(metadata)
    if (keys.length > METADATA_MAX_KEYS) ctx.addIssue({ code: 'custom', message: `must have at most ${METADATA_MAX_KEYS} keys`, path: [] })
    for (const key of keys) {
      if (!METADATA_KEY_PATTERN.test(key)) {
        ctx.addIssue({ code: 'custom', message: 'keys must be 1-64 letters, digits, dots, underscores or hyphens', path: [key] })
        continue
      }
      const value = metadata[key]
      const problem = taxInvoiceKeyProblem(key, value)
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem, path: [key] })
        continue
      }
      const parsed = key === 'subMerchantDetails' ? SubMerchantDetailsSchema.safeParse(value) : MetadataValueSchema.safeParse(value)
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const path = [key, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))]
          // subMerchantDetails keeps zod's own issue (an unknown key stays `unrecognized_keys`, so the API names it).
          if (key === 'subMerchantDetails') ctx.addIssue({ ...issue, path })
          else ctx.addIssue({ code: 'custom', message: 'must be a string (at most 500 characters), number, boolean or null', path })
        }
      }
    }
  })
  .meta({
    maxProperties: METADATA_MAX_KEYS,
    propertyNames: { pattern: METADATA_KEY_PATTERN.source },
    properties: { subMerchantDetails: documented(SubMerchantDetailsSchema), ...TAX_INVOICE_PROPERTIES },
    additionalProperties: documented(MetadataValueSchema),
    description: `At most ${METADATA_MAX_KEYS} keys; values are strings (at most 500 characters), numbers, booleans or null. subMerchantDetails (enterprise) is the one object allowed. The tax-invoice convention: taxInvoiceNumber (eTIMS invoice number), buyerKraPin and sellerKraPin (KRA PINs: a letter, 9 digits, a letter); a malformed one is refused naming the key.`,
  })
export type Metadata = Record<string, unknown>

/** Sandbox outcome a test key may force (DECISIONS "Lifecycle, simulator and ledger"). */
export const ForceStatusSchema = z.enum(['success', 'failed', 'cancelled', 'timeout', 'insufficient_funds', 'wrong_pin', 'pending'])
export type ForceStatus = z.infer<typeof ForceStatusSchema>

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/

/** Whether the YYYY-MM-DD prefix is a real calendar day (Date.parse rolls 2026-02-30 over to March). */
function isCalendarDay(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * What the document promises for an ISO date or date-time (OpenAPI `pattern` with `format` date or date-time):
 * a real month, day, hour, minute and second, a year from 0100 (the server reads two-digit years as 19xx and
 * refuses them), and in a date-time seconds and a zone. The server also takes a date-time without seconds.
 */
const DOC_DAY = '(?:0[1-9]\\d\\d|[1-9]\\d{3})-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])'
const DOC_ZONE = '(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)'
/** A calendar day as the document states it (the server also checks the day exists in its month). */
export const CALENDAR_DAY_PATTERN = new RegExp(`^${DOC_DAY}$`)
export const ISO_DATE_PATTERN = new RegExp(`^${DOC_DAY}(?:T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d{1,3})?${DOC_ZONE})?$`)

/** An ISO 8601 date or date-time, as given (the list echoes it back). */
export const IsoDateSchema = z
  .string()
  .refine(
    (value) => (ISO_DATE.test(value) || ISO_DATE_TIME.test(value)) && !Number.isNaN(Date.parse(value)) && isCalendarDay(value),
    'must be an ISO 8601 date (2026-01-31) or date-time (2026-01-31T10:00:00Z)',
  )
  .meta({
    pattern: ISO_DATE_PATTERN.source, anyOf: [{ format: 'date' }, { format: 'date-time' }], examples: ['2026-01-31', '2026-01-31T10:00:00Z'],
    description: 'An ISO 8601 date (its whole UTC day) or date-time.',
  })

/**
 * Query strings carry text: a whole number inside the given bounds. The document says what a client sends,
 * an integer (serialised as digits), not the text rule that reads it.
 */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be a whole number from ${min} to ${max}`).max(max, `must be a whole number from ${min} to ${max}`))
    .meta({ type: 'integer', minimum: min, maximum: max })
}

/** A JSON integer amount in minor units within bounds; whole-shilling operations also require multiples of 100. */
export function amountSchema(bounds: { min: number; max: number; multipleOf: number }) {
  const range = `must be an integer from ${bounds.min} to ${bounds.max} (minor units)`
  let schema = z.number({ error: 'must be an integer number of minor units' }).int(range).min(bounds.min, range).max(bounds.max, range)
  if (bounds.multipleOf > 1) schema = schema.multipleOf(bounds.multipleOf, `must be a whole number of shillings (a multiple of ${bounds.multipleOf} minor units)`)
  return schema
}
