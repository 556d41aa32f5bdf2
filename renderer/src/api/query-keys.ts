import type { Query } from '@tanstack/react-query'
import type { RouteId } from '../../../shared/api/routes'
import type { Environment } from '../../../shared/schemas/common'

/**
 * Every server query is keyed `['api', environment, routeId, input]`: switching environment never shows
 * the other one's data, and invalidation can target a route (or a family of routes by id prefix).
 */
export const API_QUERY_ROOT = 'api'

export function routeQueryKey(environment: Environment, routeId: RouteId, input: unknown = {}) {
  return [API_QUERY_ROOT, environment, routeId, input ?? {}] as const
}

/**
 * A route selector: an exact route id (`accounts.list`) or a family ending with a dot
 * (`transactions.` matches transactions.list, transactions.get and transactions.getById).
 */
export type RouteSelector = RouteId | `${string}.`

export function routeMatches(routeId: string, selectors: readonly RouteSelector[]): boolean {
  return selectors.some((selector) => (selector.endsWith('.') ? routeId.startsWith(selector) : routeId === selector))
}

/** A React Query predicate for `invalidateQueries` / `refetchQueries`. */
export function routeQueryPredicate(environment: Environment | null, selectors: readonly RouteSelector[]) {
  return (query: Query): boolean => {
    const [root, env, routeId] = query.queryKey
    if (root !== API_QUERY_ROOT || typeof routeId !== 'string') return false
    if (environment !== null && env !== environment) return false
    return routeMatches(routeId, selectors)
  }
}
