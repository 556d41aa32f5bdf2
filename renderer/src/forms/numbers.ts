/**
 * A number field's text for the request: a whole number as typed becomes a number; anything else goes
 * as typed, so the shared schema refuses it in its own words ("must be a number") against the field.
 */
export function wholeNumberOrText(text: string): number | string {
  const trimmed = text.trim()
  return /^\d+$/.test(trimmed) ? Number(trimmed) : text
}
