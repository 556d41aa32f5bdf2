import { ApiError } from '../../../shared/errors'
import { ApiFaultsSchema, MONEY_ROUTE_IDS, type ApiFaultName, type ApiFaults } from '../../../shared/schemas/faults'
import { authenticate, type CallContext } from '../auth'
import type { Engine } from '../engine'

/** What the HTTP adapter does to one public request (docs/simulator.md "Provider faults"). */
export interface ApiFaultPlan {
  /** Every fault applied to the request, in order: what the request log records. */
  faults: ApiFaultName[]
  /** Wait this long (real time) before handling the request. */
  latencyMs: number
  /** Answer this instead of running the request (errorRate, outage): nothing runs and nothing is stored. */
  answer: ApiError | null
  /** Run the request, then reset the connection instead of answering when it committed something. */
  commitThenDrop: boolean
}

const MONEY = new Set<string>(MONEY_ROUTE_IDS)

/** The faults of the route's own rule win over those of the `money` rule, fault by fault. */
function faultsFor(engine: Engine, organizationId: string, environment: string, routeId: string): ApiFaults | null {
  const read = (target: string) => {
    const row = engine.store.faults.rule(organizationId, environment, 'api', target)
    return row ? ApiFaultsSchema.parse(JSON.parse(row.config)) : null
  }
  const money = MONEY.has(routeId) ? read('money') : null
  const own = read(routeId)
  if (!money && !own) return null
  return { ...money, ...own }
}

/** True with probability `rate` (the engine's randomness). */
function chance(engine: Engine, rate: number): boolean {
  return rate >= 1 || (rate > 0 && engine.ids.int(1_000_000) < rate * 1_000_000)
}

/**
 * The API faults for one public request, or null when none applies. The caller is identified as the
 * dispatcher would (an unknown key gets no faults: its request fails on its own). The outage window is
 * on the simulated clock; latency is real time, since a client waits for it.
 */
export function planApiFaults(engine: Engine, routeId: string, ctx: CallContext): ApiFaultPlan | null {
  if (!engine.store.faults.anyRule()) return null
  let scope: { organizationId: string; environment: string }
  try {
    scope = authenticate(engine.store, engine.consoleToken, ctx, engine.now())
  } catch {
    return null
  }
  const faults = faultsFor(engine, scope.organizationId, scope.environment, routeId)
  if (!faults) return null
  const plan: ApiFaultPlan = { faults: [], latencyMs: 0, answer: null, commitThenDrop: false }
  if (faults.latency) {
    const { minMs, maxMs } = faults.latency
    plan.latencyMs = maxMs === undefined || maxMs <= minMs ? minMs : minMs + engine.ids.int(maxMs - minMs + 1)
    plan.faults.push('latency')
  }
  const now = engine.now()
  if (faults.outage && now >= faults.outage.from && now < faults.outage.until) {
    const retryAfter = Math.max(1, Math.ceil((faults.outage.until - now) / 1000))
    plan.faults.push('outage')
    plan.answer = new ApiError('unavailable', 'The service is temporarily unavailable (scheduled maintenance). Retry after the time in Retry-After.', null, {
      'Retry-After': String(retryAfter), 'Paydesk-Fault': 'outage',
    })
    return plan
  }
  if (faults.errorRate && chance(engine, faults.errorRate.rate)) {
    plan.faults.push('error-rate')
    plan.answer = faults.errorRate.status === 503
      ? new ApiError('unavailable', 'The service is temporarily unavailable. Retry later.', null, { 'Retry-After': '1', 'Paydesk-Fault': 'error-rate' })
      : new ApiError('internal', 'An internal error occurred.', null, { 'Paydesk-Fault': 'error-rate' })
    return plan
  }
  if (faults.commitThenDrop && chance(engine, faults.commitThenDrop.rate)) {
    plan.faults.push('commit-then-drop')
    plan.commitThenDrop = true
  }
  return plan.faults.length > 0 ? plan : null
}
