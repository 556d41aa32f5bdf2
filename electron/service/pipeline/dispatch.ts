import { ApiError } from '../../../shared/errors'
import type { ServiceResponse } from '../../../shared/api/envelope'
import type { PushEvent } from '../../../shared/api/push-events'
import { WARNING_HEADER, warningHeaderValue } from '../../../shared/api/warnings'
import { provisionalApiVersion, withApiVersion } from './api-version'
import type { CallContext } from './auth'
import type { Call, PipelineDeps } from './call'
import type { CallInput } from './call-input'
import { errorResponse, internalErrorResponse } from './error-response'
import { execute, holdStep } from './execute'
import { completed, PIPELINE } from './steps'

export type { PipelineDeps } from './call'

/** The transaction a successful public call created or read, from its answer (accepted, spec 2.1 or alternative shape). */
function linkedTransactionId(body: ServiceResponse['body']): string | undefined {
  if (!('data' in body) || body.data === null || typeof body.data !== 'object') return undefined
  const data = body.data as Record<string, unknown>
  const id = data['transactionId'] ?? data['publicId'] ?? data['id']
  return typeof id === 'string' && id.startsWith('txn_') ? id : undefined
}

/** Warnings found before a later step refused the call still tell the caller (and the log) about it. */
function warned(call: Call, response: ServiceResponse): ServiceResponse {
  if (call.warnings.length === 0) return response
  response.headers[WARNING_HEADER] = warningHeaderValue(call.warnings)
  response.warnings = call.warnings
  if (call.ctx.notes) call.ctx.notes.warnings = call.warnings
  return response
}

/** Runs the pipeline's steps, then executes the call; the answer names the release it was given under. */
function handle(call: Call, published: PushEvent[]): ServiceResponse {
  for (const step of PIPELINE) step(call)
  const done = completed(call)
  const queued: PushEvent[] = []
  const response = holdStep(done, queued) ?? execute(done, queued)
  published.push(...queued)
  const notes = call.ctx.notes
  if (notes && done.route.surface === 'public' && response.status < 300) notes.transactionId = linkedTransactionId(response.body)
  return withApiVersion(warned(call, response), call.apiVersion)
}

/**
 * The one entry point every face uses (steps.ts lists its order). One call's whole work, run as a unit of
 * a batch; it publishes `published` (the push events of a call that succeeded) only after the COMMIT.
 * Never throws, and a failed operation rolls back in its own savepoint: the batcher runs it as a
 * `selfContained` unit, with no savepoint around it.
 */
export function createDispatcher(deps: PipelineDeps) {
  return function respond(routeId: string, input: CallInput = {}, ctx: CallContext = {}, published: PushEvent[] = []): ServiceResponse {
    const requestId = ctx.requestId ?? deps.engine.ids.request()
    const call: Call = { deps, routeId, input, ctx, requestId, now: deps.engine.now(), warnings: [], apiVersion: provisionalApiVersion(ctx.apiVersion) }
    try {
      return handle(call, published)
    } catch (error) {
      if (error instanceof ApiError) return withApiVersion(warned(call, errorResponse(error, requestId)), call.apiVersion)
      // A bug, never bad input: log without request data (it may hold secrets) and answer 500.
      console.error(`[paydesk] internal error in ${String(routeId)} (${requestId}):`, error instanceof Error ? error.stack : error)
      return internalErrorResponse(requestId, call.apiVersion)
    }
  }
}
