import { z } from 'zod'

/**
 * A warning: the request was answered normally, but it departs from the documented API in a way
 * production tolerates (e.g. an Idempotency-Key that is not a UUID). Sent as the `Paydesk-Warning`
 * header and kept in the request log; an organization's "strict request checks" turn warnings into 400s.
 */
export const ApiWarningSchema = z.object({ code: z.string(), message: z.string() })
export type ApiWarning = z.infer<typeof ApiWarningSchema>

export const WARNING_HEADER = 'Paydesk-Warning'

/** `code; message`, several joined by ", " (messages never hold a comma). */
export function warningHeaderValue(warnings: readonly ApiWarning[]): string {
  return warnings.map((w) => `${w.code}; ${w.message}`).join(', ')
}
