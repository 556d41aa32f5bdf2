import type { RouteSpec } from './route'

/**
 * The URL of one route call: `{name}` segments of the path filled from params (encoded), and the query
 * object as a query string. Undefined and null values are left out, as the API treats them as absent.
 */
export function routeUrl(route: Pick<RouteSpec, 'path'>, params: unknown, query: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter "${name}" for ${route.path}`)
    return encodeURIComponent(String(value))
  })
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue
    search.append(key, String(value))
  }
  const text = search.toString()
  return text ? `${path}?${text}` : path
}
