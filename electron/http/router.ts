import { ApiError } from '../../shared/errors'
import { ROUTES, type RouteId } from '../../shared/api/routes'

interface CompiledRoute {
  id: RouteId
  method: string
  pattern: RegExp
  paramNames: string[]
}

const compiled: CompiledRoute[] = (Object.keys(ROUTES) as RouteId[]).map((id) => {
  const route = ROUTES[id]
  const paramNames: string[] = []
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_match, name: string) => {
    paramNames.push(name)
    return '([^/]+)'
  })
  return { id, method: route.method, pattern: new RegExp(`^${source}$`), paramNames }
})

export type RouteMatch =
  | { kind: 'route'; routeId: RouteId; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'none' }

/** Routes without path parameters by path, then method: most requests (a charge, a list) are one lookup. */
const fixed = new Map<string, Map<string, RouteId>>()
for (const route of compiled) {
  if (route.paramNames.length > 0) continue
  const path = ROUTES[route.id].path
  if (!fixed.has(path)) fixed.set(path, new Map())
  fixed.get(path)!.set(route.method, route.id)
}

/**
 * Finds the route for a method and path, telling apart an unknown path (404) from a wrong method (405).
 * Throws an `invalid_parameter` ApiError when a path parameter is not valid percent-encoding.
 */
export function matchRoute(method: string, pathname: string): RouteMatch {
  // A fixed path with this method wins as in the scan below: there a fixed path can only match itself, and
  // no route with parameters shares a method and a concrete path with it (test/unit/router-fixed-paths.test.ts).
  const fixedRouteId = fixed.get(pathname)?.get(method)
  if (fixedRouteId) return { kind: 'route', routeId: fixedRouteId, params: {} }
  const allowed: string[] = []
  for (const route of compiled) {
    const match = route.pattern.exec(pathname)
    if (!match) continue
    if (route.method !== method) {
      allowed.push(route.method)
      continue
    }
    const params: Record<string, string> = {}
    for (const [i, name] of route.paramNames.entries()) {
      const raw = match[i + 1]!
      try {
        params[name] = decodeURIComponent(raw)
      } catch {
        // "%E0%A4%A" cannot be decoded: bad input, never a 500.
        throw new ApiError('invalid_parameter', `${name} contains malformed percent-encoding.`, name)
      }
    }
    return { kind: 'route', routeId: route.id, params }
  }
  return allowed.length > 0 ? { kind: 'method-not-allowed', allowed } : { kind: 'none' }
}
