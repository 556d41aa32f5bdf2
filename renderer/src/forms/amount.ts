import { AMOUNT_BOUNDS, formatMinor, parseMajorToMinor } from '../../../shared/money'

export type AmountBounds = (typeof AMOUNT_BOUNDS)[keyof typeof AMOUNT_BOUNDS]

/**
 * Amount fields take shillings while the API takes minor units. The value is checked by the shared
 * schema after conversion; its range message names minor units, so the field states the same bounds
 * in the shillings the user typed (from the same AMOUNT_BOUNDS the schema uses).
 */
export function amountRangeText(bounds: AmountBounds): string {
  const whole = bounds.multipleOf > 1 ? ', whole shillings' : ''
  return `KES ${formatMinor(bounds.min)} to ${formatMinor(bounds.max)}${whole}`
}

export function amountRangeMessage(bounds: AmountBounds): string {
  return `must be from ${amountRangeText(bounds)}`
}

export const AMOUNT_FORMAT_MESSAGE = 'must be an amount in shillings such as 1,250 or 1250.50'

/** Text typed in shillings -> minor units; undefined when empty (so the schema reports it as required). */
export function amountInput(text: string): { minor: number | undefined; formatError?: string } {
  if (text.trim() === '') return { minor: undefined }
  const minor = parseMajorToMinor(text)
  return minor === null ? { minor: undefined, formatError: AMOUNT_FORMAT_MESSAGE } : { minor }
}

/** The amount's own format error as a field error, for SchemaFormOptions.toRequest. */
export function amountFormatErrors(amount: { formatError?: string }): Record<string, string> {
  return amount.formatError ? { amount: amount.formatError } : {}
}

/**
 * SchemaFormOptions.rewrite for forms with an amount in shillings: the schema's range message (in minor
 * units) becomes the same bounds in shillings; "is required" and the format message pass through.
 */
export function amountRewrite(bounds: AmountBounds): (field: string, message: string) => string {
  return (field, message) => (field === 'amount' && message !== 'is required' && message !== AMOUNT_FORMAT_MESSAGE ? amountRangeMessage(bounds) : message)
}
