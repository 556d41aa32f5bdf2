import type { z } from 'zod'
import type { ErrorKind } from '../errors'
import type { ApprovalAction } from '../schemas/team'
import type { RoutePermission } from '../team/permissions'
import type { ApiTag } from './tags'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * A route is data. The HTTP adapter, the IPC handler, the renderer's client, the OpenAPI generator and
 * the contract tests all read the same entry.
 */
export interface RouteSpec {
  method: HttpMethod
  /** OpenAPI-style template: `/v1/transactions/{transactionId}`. */
  path: string
  /** `public` routes live under /v1 and take an API key; `console` routes live under /console and take the console credential. */
  surface: 'public' | 'console'
  /**
   * What a console caller (a signed-in user, the console token, the desktop window) needs to call it
   * (shared/team/permissions.ts). API keys on /v1 are not subject to roles. Required: a route without one
   * does not compile, and test/unit/role-route-matrix.test.ts walks the whole table.
   */
  permission: RoutePermission
  /**
   * A money route a console user's request may be held for approval under: the approval policy's action
   * (electron/service/pipeline/approval-hold.ts). Held requests answer 202 with `data.approval` (HeldForApprovalSchema).
   */
  approval?: ApprovalAction
  summary: string
  /** What the operation does beyond its summary (OpenAPI `description`; every operation has one). */
  description: string
  /** The document's group (shared/api/tags.ts). */
  tag: ApiTag
  query?: z.ZodType
  body?: z.ZodType
  params?: z.ZodType
  /** Schema of the envelope's `data`. */
  response: z.ZodType
  /**
   * A stream route: once the call is accepted (the envelope's `data` is `response`), the face keeps sending
   * items of this schema. HTTP answers `text/event-stream`, one `data:` JSON line per item
   * (electron/service/http/event-stream.ts); IPC has its own push channel (shared/api/bridge.ts).
   */
  stream?: z.ZodType
  /**
   * What the HTTP face sends on success instead of the JSON envelope: `text/csv` sends the operation's data
   * (the CSV text; `application/x-ofx`: an OFX statement) as the body, as a download. IPC and in-process callers get the envelope with that text.
   */
  produces?: 'text/csv' | 'application/x-ofx'
  /** The largest request body the HTTP face reads for this route (default 1 MiB, DECISIONS). */
  maxBodyBytes?: number
  /**
   * A document to save (HAR, an evidence bundle): HTTP answers a success with `data` itself as a JSON
   * attachment named `filename` (its `{param}`s filled in) instead of the envelope; errors keep the envelope.
   * IPC and `service.call` answer the envelope as for any route.
   */
  download?: { filename: string }
  successStatus: 200 | 201 | 202
  /** The envelope's `message` on success. */
  message: string
  /** Whether `Idempotency-Key` is read, and whether the live environment requires it. */
  idempotency: 'none' | 'optional' | 'required-live'
  /**
   * The reasons this route refuses a request its schemas accept (an unknown reference, a business rule, a
   * duplicate), each a named example of its status in the OpenAPI document. Refusals every route shares
   * (credentials, rate limit, sizes) are added by the generator (shared/api/openapi-errors.ts).
   */
  refusals?: readonly Refusal[]
}

/** One documented reason for an error answer. */
export interface Refusal {
  /** The example's name in the document, e.g. `unknownAccount`. */
  name: string
  kind: ErrorKind
  /** The envelope's `param`. */
  param: string | null
  /** When it is answered, in a sentence. */
  when: string
}

/** A heavy download over HTTP (written in pages): one at a time per organization (electron/http/streamed-download.ts). */
export const EXPORT_BUSY: Refusal = {
  name: 'exportBusy', kind: 'rate_limited', param: null,
  when: 'Over HTTP, another heavy export of this organization (HAR, results file, reconciliation export, statement file) is being written now: one at a time; retry after Retry-After.',
}

export function defineRoutes<const T extends Record<string, RouteSpec>>(routes: T): T {
  return routes
}
