import { z } from 'zod'
import type { ApiWarning } from './warnings'

export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    type: z.string(),
    code: z.string(),
    message: z.string(),
    param: z.string().nullable(),
    requestId: z.string(),
  }),
})
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>

export interface SuccessEnvelope<T> {
  status: 'success'
  message: string
  data: T
}

/** What the engine answers for every call, over HTTP and IPC alike. */
export interface ServiceResponse<T = unknown> {
  status: number
  body: SuccessEnvelope<T> | ErrorEnvelope
  headers: Record<string, string>
  requestId: string
  /** Tolerated departures from the documented API (also in the `Paydesk-Warning` header). */
  warnings?: ApiWarning[]
}

export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === 'object' && body !== null && 'error' in body
}
