import type { ServiceResponse } from '../../shared/api/envelope'
import { ApiError } from '../../shared/errors'
import { errorResponse, type ApiFaultPlan, type CallContext, type CallInput, type PaydeskService } from '../service'

/** One request's outcome through the fault lab. */
export interface FaultedCall {
  response: ServiceResponse
  /** The API faults applied to this request (faults/api-faults.ts); empty for none. The request log records them. */
  faults: string[]
  /** commit-then-drop: the request committed; reset the connection instead of answering. */
  drop: boolean
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs a route through the service with the environment's API faults (public routes only): latency
 * first, then an errorRate or outage answer instead of running it (no side effects), or the real call,
 * whose answer commit-then-drop throws away and commit-then-error replaces by a 500 or 502 (after the COMMIT
 * of its batch: `submit` resolves only then); lookup-lag hides what GET /v1/transaction finds if it is too new.
 * A replayed (idempotent) answer is never dropped nor replaced: that retry is how a careful client recovers.
 */
export function callWithFaults(service: PaydeskService, routeId: string, isPublic: boolean, input: CallInput, ctx: CallContext): Promise<FaultedCall> {
  const plan = isPublic ? service.planApiFaults(routeId, ctx) : null
  if (!plan) return service.submit(routeId, input, ctx).then((response) => ({ response, faults: [], drop: false }))
  if (plan.latencyMs > 0) return sleep(plan.latencyMs).then(() => finish(service, plan, routeId, input, ctx))
  return finish(service, plan, routeId, input, ctx)
}

async function finish(service: PaydeskService, plan: ApiFaultPlan, routeId: string, input: CallInput, ctx: CallContext): Promise<FaultedCall> {
  const requestId = ctx.requestId ?? ''
  if (plan.answer) return { response: errorResponse(plan.answer, requestId), faults: plan.faults, drop: false }
  const response = await service.submit(routeId, input, ctx)
  const committed = response.status >= 200 && response.status < 300 && response.headers['Idempotent-Replayed'] === undefined
  const faults = plan.faults.filter((name) => (name !== 'commit-then-drop' && name !== 'commit-then-error') || committed)
  if (plan.commitThenError !== null && committed) {
    const error = plan.commitThenError === 502
      ? new ApiError('bad_gateway', 'Bad gateway: the upstream answer was lost. Retry later.', null, { 'Paydesk-Fault': 'commit-then-error' })
      : new ApiError('internal', 'An internal error occurred.', null, { 'Paydesk-Fault': 'commit-then-error' })
    return { response: errorResponse(error, requestId), faults, drop: false }
  }
  const hidden = lookupLagged(plan, response, input)
  if (hidden) return { response: errorResponse(hidden, requestId), faults: [...faults, 'lookup-lag'], drop: false }
  return { response, faults, drop: plan.commitThenDrop && committed }
}

/**
 * lookupLag: GET /v1/transaction found a transaction created too recently, so it answers the 404 the route
 * gives an unknown one (the same message and param), as a provider whose reads lag its writes would.
 */
function lookupLagged(plan: ApiFaultPlan, response: ServiceResponse, input: CallInput): ApiError | null {
  if (plan.hideCreatedAfter === null || response.status !== 200) return null
  const createdAt = (response.body as { data?: { createdAt?: unknown } }).data?.createdAt
  if (typeof createdAt !== 'number' || createdAt <= plan.hideCreatedAfter) return null
  const query = (input.query ?? {}) as Record<string, unknown>
  const reference = query['merchantTransactionId']
  return typeof reference === 'string'
    ? new ApiError('not_found', `No transaction with merchantTransactionId ${reference}.`, 'merchantTransactionId')
    : new ApiError('not_found', `No transaction ${String(query['transactionId'])}.`, 'transactionId')
}
