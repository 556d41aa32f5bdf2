import type { ApiWarning } from '../../../shared/api/warnings'
import type { Environment } from '../../../shared/schemas/common'
import type { Actor } from '../../../shared/schemas/team'

/** What the dispatcher learned about one call that the HTTP adapter cannot see: who called, what it touched. */
export interface CallNotes {
  organizationId?: string
  environment?: Environment
  keyPrefix?: string | null
  /** The transaction the call created or read. */
  transactionId?: string
  replayed?: boolean
  warnings?: ApiWarning[]
  /** The bearer the call presented, accepted or refused (401): a refused one is a failed authentication, which the HTTP face budgets. Unset without one. */
  credential?: 'accepted' | 'refused'
  /** The sign-in session the call was made with: an event stream is bound to it (team/session-watch.ts). */
  sessionId?: string
  /** Who the call was made as (accepted credentials only): what its event stream may be sent (pipeline/push-scope.ts). */
  actor?: Actor
}

/** One answered /v1 request, as the HTTP adapter saw it; the request log redacts and stores it. */
export interface ApiExchange {
  requestId: string
  method: string
  /** The path as requested (percent-encoded, without the query). */
  path: string
  /** The query string with its `?`, or ''. */
  query: string
  status: number
  durationMs: number
  requestHeaders: Record<string, string | string[] | undefined>
  /** The raw body bytes as received (null: none, or not read because the request was refused first). */
  requestBody: Buffer | null
  responseHeaders: Record<string, string>
  /** The answer as sent: its text, or its text in pieces (in order) that nothing joined (http/json-body.ts). */
  responseBody: string | readonly string[]
  /** The bearer token, used only to tell the environment of a request refused before authentication; never stored. */
  bearer?: string
  idempotencyKey?: string
  /** What the engine learned while answering (empty when the adapter refused the request itself). */
  notes: CallNotes
  /** API faults applied to the request (the fault lab fills it). */
  faults?: string[]
}
