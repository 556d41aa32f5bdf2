import type { FieldErrors } from './field-errors'

/** One key/value line of a metadata editor; `id` keeps React keys stable while keys are edited. */
export interface MetadataRow {
  id: string
  key: string
  value: string
}

let nextRowId = 0
export function newMetadataRow(): MetadataRow {
  nextRowId += 1
  return { id: `row-${nextRowId}`, key: '', value: '' }
}

/** Error key of a row that has a value but no key (no API path exists for it). */
export function keylessRowErrorKey(row: MetadataRow): string {
  return `metadata.#${row.id}`
}

/**
 * Rows -> the request's `metadata` object (values sent as text, as typed). Blank rows are skipped; what
 * the schema cannot see once rows became an object (a repeated key, a value without a key) is reported
 * here. `extra` adds reserved entries such as `subMerchantDetails`.
 */
export function metadataFromRows(rows: readonly MetadataRow[], extra: Record<string, unknown> = {}): { metadata?: Record<string, unknown>; errors: FieldErrors } {
  const metadata: Record<string, unknown> = {}
  const errors: Record<string, string> = {}
  for (const row of rows) {
    const key = row.key.trim()
    if (key === '' && row.value === '') continue
    if (key === '') {
      errors[keylessRowErrorKey(row)] = 'Give this value a key, or clear it'
      continue
    }
    if (key in metadata) errors[`metadata.${key}`] = `Key ${key} is used twice`
    metadata[key] = row.value
  }
  Object.assign(metadata, extra)
  return { metadata: Object.keys(metadata).length > 0 ? metadata : undefined, errors }
}
