import { inShopWords } from './shop-words'
import type { z } from 'zod'
import { isApiClientError } from '../api/api-client-error'
import { valueAt } from '../../../shared/object-path'

/** Error text per field, keyed by the API's own dotted path (`phoneNumber`, `metadata.orderId`). */
export type FieldErrors = Readonly<Record<string, string>>

/**
 * The zod issues of a shared request schema as field errors, worded as the API words them
 * (electron/service/validation.ts): a missing field "is required", anything else the schema's message.
 * Unlike the API, which reports the first problem only, every field gets its own message.
 */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], input: unknown): FieldErrors {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const path = issue.path.map((p) => String(p))
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[[...path, key].join('.')] ??= 'is not a field of this request'
      continue
    }
    const key = path.join('.')
    const missing = path.length > 0 && valueAt(input, issue.path) === undefined
    errors[key] ??= missing ? 'is required' : issue.message
  }
  return errors
}

/** An API error that names a field (`error.param`) as a field error; other errors name no field. */
export function apiErrorToFieldErrors(error: unknown): FieldErrors {
  if (!isApiClientError(error) || error.param === null) return {}
  return { [error.param]: inShopWords(error.message) }
}

/**
 * The text shown under a field. Schema messages are predicates ("must be …", "is required"), so they are
 * prefixed with the field's label, as the API prefixes them with the parameter name.
 */
export function errorSentence(label: string, message: string): string {
  return /^(must|is|are|only|keys) /.test(message) ? `${label} ${message}.`.replace(/\.\.$/, '.') : message
}
