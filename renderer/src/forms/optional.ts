/** A text input as an optional request field: trimmed, and absent (undefined) when empty. */
export function optionalText(value: string): string | undefined {
  const trimmed = value.trim()
  return trimmed === '' ? undefined : trimmed
}
