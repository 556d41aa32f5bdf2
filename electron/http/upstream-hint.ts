import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiError } from '../../shared/errors'
import { UPSTREAM_HINT_PATH, type CallNotes, type PaydeskService } from '../service'
import { ClientGoneError, readBody } from './body'
import { clientAddress } from './failed-auth-guard'
import { header } from './http-io'
import { lingerAfterAnswer } from './lingering-close'
import type { createRateLimiter } from './rate-limiter'

/** A provider's event is a transaction in a small envelope: 64 KiB is far more than one needs. */
const MAX_HINT_BYTES = 64 * 1024

/** What the hint endpoint needs of the request handler's own answering (request-handler.ts). */
interface HintAnswering {
  req: IncomingMessage
  res: ServerResponse
  requestId: string
  exchange: { notes: CallNotes; body: Buffer | null } | undefined
  answer(status: number, body: unknown, headers?: Record<string, string>): void
  fail(error: ApiError): void
}

async function rawBodyOf(a: HintAnswering): Promise<Buffer | null> {
  try {
    return await readBody(a.req, MAX_HINT_BYTES)
  } catch (error) {
    if (error instanceof ClientGoneError) {
      a.res.destroy()
      return null
    }
    if (!(error instanceof ApiError)) throw error
    if (error.kind === 'payload_too_large') {
      a.res.setHeader('Connection', 'close')
      lingerAfterAnswer(a.req)
    }
    a.fail(error)
    return null
  }
}

/**
 * `POST /upstream/webhooks`: the connected provider's webhooks, taken as hints (docs/upstream.md "Webhook
 * hints"). A 404 unless this run has a provider connection with a webhook secret. It carries no API key or
 * console token, so the failed-authentication guard neither checks nor charges it: a forged signature
 * costs one HMAC and writes nothing, and must never lock the console (or the provider) out. What bounds it
 * is the body's size and the public API's rate limit per client address. Logged under its own source.
 */
export async function answerUpstreamHint(deps: { service: PaydeskService; limiter: ReturnType<typeof createRateLimiter> }, a: HintAnswering): Promise<void> {
  const { req } = a
  const { service } = deps
  // Nothing configured: as if the path did not exist (the body is not read).
  if (!service.takesUpstreamHints()) return a.fail(new ApiError('not_found', `No route ${req.method} ${UPSTREAM_HINT_PATH}.`))
  if (req.method !== 'POST') return a.fail(new ApiError('method_not_allowed', 'Webhooks are sent with POST.', null, { Allow: 'POST' }))
  const retryAfter = deps.limiter.take(`hint:${clientAddress(req)}`)
  if (retryAfter > 0) return a.fail(new ApiError('rate_limited', 'Too many webhooks from this address; retry after the time in Retry-After.', null, { 'Retry-After': String(retryAfter) }))
  const body = await rawBodyOf(a)
  if (body === null) return
  if (a.exchange) a.exchange.body = body
  const received = service.receiveUpstreamHint({ body, signature: header(req, 'x-webhook-signature'), eventIdHeader: header(req, 'x-webhook-event-id') }, a.requestId)
  if (!received) return a.fail(new ApiError('not_found', 'The provider connection closed.'))
  if (a.exchange) Object.assign(a.exchange.notes, received.notes)
  a.answer(received.response.status, received.response.body, received.response.headers)
}
