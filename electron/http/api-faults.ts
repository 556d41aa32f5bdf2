import type { ServiceResponse } from '../../shared/api/envelope'
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
 * whose answer commit-then-drop throws away (after the COMMIT of its batch: `submit` resolves only then).
 * A replayed (idempotent) answer is never dropped: that retry is how a careful client recovers.
 */
export function callWithFaults(service: PaydeskService, routeId: string, isPublic: boolean, input: CallInput, ctx: CallContext): Promise<FaultedCall> {
  const plan = isPublic ? service.planApiFaults(routeId, ctx) : null
  if (!plan) return service.submit(routeId, input, ctx).then((response) => ({ response, faults: [], drop: false }))
  if (plan.latencyMs > 0) return sleep(plan.latencyMs).then(() => finish(service, plan, routeId, input, ctx))
  return finish(service, plan, routeId, input, ctx)
}

async function finish(service: PaydeskService, plan: ApiFaultPlan, routeId: string, input: CallInput, ctx: CallContext): Promise<FaultedCall> {
  if (plan.answer) return { response: errorResponse(plan.answer, ctx.requestId ?? ''), faults: plan.faults, drop: false }
  const response = await service.submit(routeId, input, ctx)
  const committed = response.status >= 200 && response.status < 300 && response.headers['Idempotent-Replayed'] === undefined
  const faults = plan.faults.filter((name) => name !== 'commit-then-drop' || committed)
  return { response, faults, drop: plan.commitThenDrop && committed }
}
