/** A text input as an optional request field: trimmed, and absent (undefined) when empty. */
export function optionalText(value: string): string | undefined {
  const trimmed = value.trim()
  return trimmed === '' ? undefined : trimmed
}

/** Required text: trimmed, but undefined when empty so the schema reports "is required" like the API. */
export const requiredText = optionalText
