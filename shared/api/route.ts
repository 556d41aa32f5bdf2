import type { z } from 'zod'

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
  summary: string
  description?: string
  tag: string
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
  successStatus: 200 | 201 | 202
  /** The envelope's `message` on success. */
  message: string
  /** Whether `Idempotency-Key` is read, and whether the live environment requires it. */
  idempotency: 'none' | 'optional' | 'required-live'
}

export function defineRoutes<const T extends Record<string, RouteSpec>>(routes: T): T {
  return routes
}
