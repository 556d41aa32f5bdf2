import { ApiError } from '../../../shared/errors'
import { MONEY_ROUTE_IDS, type ApiFaultName, type ApiFaults } from '../../../shared/schemas/faults'
import type { Scope } from '../core/principal'
import type { Ids } from '../core/ids'
import type { Store } from '../db/store'

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
  /** Run the request, then answer this status (500 or 502) instead when it committed something. */
  commitThenError: 500 | 502 | null
  /** GET /v1/transaction: a transaction created after this time (simulated clock) is answered 404 (lookupLag). */
  hideCreatedAfter: number | null
}

const MONEY = new Set<string>(MONEY_ROUTE_IDS)
/** The lookup that settles an unclear outcome: the money rule's lookupLag reaches it too. */
const LOOKUP = 'transactions.get'

/** The faults of the route's own rule win over those of the `money` rule, fault by fault. */
function faultsFor(store: Store, { organizationId, environment }: Scope, routeId: string): ApiFaults | null {
  const read = (target: string) => store.faults.apiRule(organizationId, environment, target)
  const moneyRule = MONEY.has(routeId) || routeId === LOOKUP ? read('money') : null
  const money = routeId === LOOKUP ? (moneyRule?.lookupLag ? { lookupLag: moneyRule.lookupLag } : null) : moneyRule
  const own = read(routeId)
  if (!money && !own) return null
  return { ...money, ...own }
}

/** True with probability `rate` (the engine's randomness). */
function chance(ids: Ids, rate: number): boolean {
  return rate >= 1 || (rate > 0 && ids.int(1_000_000) < rate * 1_000_000)
}

/** The inputs of a plan: the store, the engine's randomness and the simulated now. */
export interface FaultPlanning {
  store: Store
  ids: Ids
  now: number
}

/**
 * The API faults for one public request of the caller `scope`, or null when none applies. The outage
 * window is on the simulated clock; latency is real time, since a client waits for it.
 */
export function planApiFaults(planning: FaultPlanning, scope: Scope, routeId: string): ApiFaultPlan | null {
  const { store, ids, now } = planning
  const faults = faultsFor(store, scope, routeId)
  if (!faults) return null
  const plan: ApiFaultPlan = { faults: [], latencyMs: 0, answer: null, commitThenDrop: false, commitThenError: null, hideCreatedAfter: null }
  if (faults.latency) {
    const { minMs, maxMs } = faults.latency
    plan.latencyMs = maxMs === undefined || maxMs <= minMs ? minMs : minMs + ids.int(maxMs - minMs + 1)
    plan.faults.push('latency')
  }
  if (faults.outage && now >= faults.outage.from && now < faults.outage.until) {
    const retryAfter = Math.max(1, Math.ceil((faults.outage.until - now) / 1000))
    plan.faults.push('outage')
    plan.answer = new ApiError('unavailable', 'The service is temporarily unavailable (scheduled maintenance). Retry after the time in Retry-After.', null, {
      'Retry-After': String(retryAfter), 'Paydesk-Fault': 'outage',
    })
    return plan
  }
  if (faults.errorRate && chance(ids, faults.errorRate.rate)) {
    plan.faults.push('error-rate')
    plan.answer = faults.errorRate.status === 503
      ? new ApiError('unavailable', 'The service is temporarily unavailable. Retry later.', null, { 'Retry-After': '1', 'Paydesk-Fault': 'error-rate' })
      : new ApiError('internal', 'An internal error occurred.', null, { 'Paydesk-Fault': 'error-rate' })
    return plan
  }
  afterCommit(plan, faults, ids)
  if (faults.lookupLag && routeId === LOOKUP) plan.hideCreatedAfter = now - faults.lookupLag.ms
  return plan.faults.length > 0 || plan.hideCreatedAfter !== null ? plan : null
}

/** What happens to the answer of a request that committed: dropped, or replaced by an error (drop wins). */
function afterCommit(plan: ApiFaultPlan, faults: ApiFaults, ids: Ids): void {
  if (faults.commitThenDrop && chance(ids, faults.commitThenDrop.rate)) {
    plan.faults.push('commit-then-drop')
    plan.commitThenDrop = true
  } else if (faults.commitThenError && chance(ids, faults.commitThenError.rate)) {
    plan.faults.push('commit-then-error')
    plan.commitThenError = faults.commitThenError.status
  }
}
