/**
 * The tax-invoice metadata convention: flat metadata keys (the provider's metadata holds scalar values), so
 * the same keys arrive through the API, the console's forms, bulk payout files and a connected provider
 * account. KRA validates income and expenses against eTIMS invoices; these keys tie a payment to its invoice.
 */
export const TAX_INVOICE_KEYS = {
  invoice: 'taxInvoiceNumber',
  buyerPin: 'buyerKraPin',
  sellerPin: 'sellerKraPin',
} as const

/** A KRA PIN: a letter, 9 digits, a letter (A123456789B). */
export const KRA_PIN_PATTERN = /^[A-Z][0-9]{9}[A-Z]$/
/** An eTIMS / tax invoice number: 1-64 letters, digits, slashes, dots, underscores or hyphens. */
export const TAX_INVOICE_NUMBER_PATTERN = /^[A-Za-z0-9/._-]{1,64}$/

export const KRA_PIN_RULE = 'must be a KRA PIN: a capital letter, 9 digits and a capital letter (A123456789B)'
export const TAX_INVOICE_RULE = 'must be a tax invoice number: 1-64 letters, digits, slashes, dots, underscores or hyphens'

/** The rule a convention key's value breaks, or null when it keeps it (or the key is not one of ours). */
export function taxInvoiceKeyProblem(key: string, value: unknown): string | null {
  if (key === TAX_INVOICE_KEYS.invoice) return typeof value === 'string' && TAX_INVOICE_NUMBER_PATTERN.test(value) ? null : TAX_INVOICE_RULE
  if (key === TAX_INVOICE_KEYS.buyerPin || key === TAX_INVOICE_KEYS.sellerPin) {
    return typeof value === 'string' && KRA_PIN_PATTERN.test(value) ? null : KRA_PIN_RULE
  }
  return null
}

/** The invoice number a transaction's metadata carries, if any. */
export function taxInvoiceNumberOf(metadata: Record<string, unknown> | null | undefined): string | null {
  const value = metadata?.[TAX_INVOICE_KEYS.invoice]
  return typeof value === 'string' && value !== '' ? value : null
}

/** The convention's keys as the OpenAPI document writes them (the same patterns the server checks). */
export const TAX_INVOICE_PROPERTIES = {
  [TAX_INVOICE_KEYS.invoice]: {
    type: 'string', pattern: TAX_INVOICE_NUMBER_PATTERN.source, examples: ['KRACU0100000001/123'],
    description: 'The eTIMS tax invoice number behind this payment (shown on statements, searchable, in every export).',
  },
  [TAX_INVOICE_KEYS.buyerPin]: { type: 'string', pattern: KRA_PIN_PATTERN.source, examples: ['A123456789B'], description: "The buyer's KRA PIN." },
  [TAX_INVOICE_KEYS.sellerPin]: { type: 'string', pattern: KRA_PIN_PATTERN.source, examples: ['P051234567Q'], description: "The seller's KRA PIN." },
} as const
