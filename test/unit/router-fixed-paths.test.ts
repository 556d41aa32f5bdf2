import { describe, expect, it } from 'vitest'
import { ROUTES, type RouteId } from '../../shared/api/routes'
import { matchRoute } from '../../electron/http/router'

/**
 * The router answers a path without parameters from a map (one lookup) before scanning the table in
 * order. That is the scan's answer only if no route with parameters, earlier in the table and of the same
 * method, also matches that concrete path: checked here for every route, so a new route cannot change it.
 */
describe('router: fixed paths', () => {
  const ids = Object.keys(ROUTES) as RouteId[]
  const patternOf = (path: string) =>
    new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '[^/]+')}$`)

  it('no parameterized route of the same method matches a fixed route\'s path', () => {
    const shadowed: string[] = []
    for (const id of ids) {
      const route = ROUTES[id]
      if (route.path.includes('{')) continue
      for (const other of ids) {
        const candidate = ROUTES[other]
        if (other === id || candidate.method !== route.method || !candidate.path.includes('{')) continue
        if (patternOf(candidate.path).test(route.path)) shadowed.push(`${route.method} ${route.path} also matches ${other}`)
      }
    }
    expect(shadowed).toEqual([])
  })

  it('every route is found by its own path (fixed) or a sample of it (parameters)', () => {
    for (const id of ids) {
      const route = ROUTES[id]
      const path = route.path.replace(/\{(\w+)\}/g, 'sample_$1')
      const match = matchRoute(route.method, path)
      expect(match, `${route.method} ${path}`).toEqual({ kind: 'route', routeId: id, params: Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], `sample_${m[1]}`])) })
    }
    expect(matchRoute('DELETE', '/v1/mobile/charge')).toMatchObject({ kind: 'method-not-allowed', allowed: ['POST'] })
  })
})
