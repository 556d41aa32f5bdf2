import { ROUTES, isRouteId, type RouteData, type RouteId } from '../../../shared/api/routes'
import type { Environment } from '../../../shared/schemas/common'

export interface SandboxTarget {
  /** http://host:port (the API is under /v1). */
  url: string
  consoleToken: string
  keys: Partial<Record<Environment, string>>
}

export interface CallResult {
  status: number
  body: any
  method: string
  path: string
}

/**
 * The sandbox's HTTP API as a scenario run uses it: any route of the route table by id, public routes with
 * the scenario's key of the environment, console routes with the console token. No second engine: every
 * step and check is a request a QA script could send.
 */
export function createSandboxClient(target: SandboxTarget) {
  async function call(routeId: string, input: { body?: unknown; query?: Record<string, unknown>; params?: Record<string, string> } = {}, environment: Environment = 'test'): Promise<CallResult> {
    if (!isRouteId(routeId)) throw new Error(`no route ${routeId} (see docs/openapi.json for the route ids)`)
    const route = ROUTES[routeId]
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = input.params?.[name]
      if (value === undefined) throw new Error(`route ${routeId} needs params.${name}`)
      return encodeURIComponent(value)
    })
    const query = input.query ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)] as [string, string])).toString()}` : ''
    const bearer = route.surface === 'console' ? target.consoleToken : target.keys[environment]
    if (!bearer) throw new Error(`no ${environment} API key: give one in the scenario's apiKeys`)
    const headers: Record<string, string> = { authorization: `Bearer ${bearer}` }
    if (route.surface === 'console') headers['paydesk-environment'] = environment
    if (input.body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(target.url + path + query, { method: route.method, headers, body: input.body === undefined ? undefined : JSON.stringify(input.body) })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON: kept as text for the report
    }
    return { status: response.status, body, method: route.method, path: path + query }
  }
  /** A console or public route that must succeed; its envelope's data, typed by the route table. */
  async function data<Id extends RouteId>(routeId: Id, input: Parameters<typeof call>[1] = {}, environment: Environment = 'test'): Promise<RouteData<Id>> {
    const result = await call(routeId, input, environment)
    if (result.status >= 300) throw new Error(`${result.method} ${result.path} answered ${result.status}: ${JSON.stringify(result.body).slice(0, 300)}`)
    // The server answers the route's response schema: the route table is the contract on both sides.
    return (result.body as { data: RouteData<Id> }).data
  }
  return { call, data }
}
export type SandboxClient = ReturnType<typeof createSandboxClient>
