import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateOpenApi } from '../../shared/api/openapi'
import type { RouteSpec } from '../../shared/api/route'
import { ROUTES } from '../../shared/api/routes'
import { TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { bearer, errorOf } from './helpers'

/** Contract tests: every entry of the route table, whatever area added it. */
const ENTRIES = Object.entries(ROUTES) as [string, RouteSpec][]
const PUBLIC = ENTRIES.filter(([, route]) => route.surface === 'public')
const CONSOLE = ENTRIES.filter(([, route]) => route.surface === 'console')

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** The route's path with every `{param}` filled in. */
const concrete = (route: RouteSpec) => route.path.replace(/\{(\w+)\}/g, (_match, name: string) => `sample-${name}`)
const call = (route: RouteSpec, headers: Record<string, string>) =>
  server.request(route.method, concrete(route), { headers, ...(route.method === 'GET' ? {} : { body: {} }) })

describe('the route table', () => {
  it('has public routes under /v1 and console routes under /console', () => {
    expect(PUBLIC.length).toBeGreaterThanOrEqual(11)
    expect(CONSOLE.length).toBeGreaterThan(0)
    for (const [id, route] of PUBLIC) expect(route.path, id).toMatch(/^\/v1\//)
    for (const [id, route] of CONSOLE) expect(route.path, id).toMatch(/^\/console\//)
  })

  it('has one route per method and path', () => {
    const keys = ENTRIES.map(([, route]) => `${route.method} ${route.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe.each(PUBLIC)('public route %s', (_id, route) => {
  it('answers 401 authentication_error without a key', async () => {
    const response = await call(route, { authorization: '' })
    expect(response.status).toBe(401)
    expect(errorOf(response.body)).toMatchObject({ type: 'authentication_error', code: 'unauthorized' })
  })
})

describe.each(CONSOLE)('console route %s', (_id, route) => {
  it('answers 403 forbidden to an API key', async () => {
    const response = await call(route, bearer(TEST_KEY))
    expect(response.status).toBe(403)
    expect(errorOf(response.body)).toMatchObject({ type: 'authentication_error', code: 'forbidden' })
  })

  it('answers 401 without any credential (a route that takes none refuses the empty body: 401 or 400)', async () => {
    const status = (await call(route, { authorization: '' })).status
    if (route.permission === 'anyone') expect([400, 401]).toContain(status)
    else expect(status).toBe(401)
  })
})

describe('the OpenAPI document', () => {
  const document = generateOpenApi() as { servers: unknown; paths: Record<string, Record<string, { operationId: string; security: Record<string, unknown>[]; responses: Record<string, unknown> }>> }

  it.each(ENTRIES)('describes %s', (id, route) => {
    const operation = document.paths[route.path]?.[route.method.toLowerCase()]
    expect(operation, `${route.method} ${route.path} is missing from generateOpenApi()`).toBeDefined()
    expect(operation!.operationId).toBe(id)
    expect(Object.keys(operation!.security[0]!)).toEqual([route.surface === 'public' ? 'apiKey' : 'consoleToken'])
    expect(Object.keys(operation!.responses)).toContain(String(route.successStatus))
  })

  it('is served at /openapi.json, naming the URL the server listens on', async () => {
    const response = await server.request('GET', '/openapi.json', { headers: { authorization: '' } })
    expect(response.status).toBe(200)
    expect(response.body.servers).toEqual([{ url: server.url, description: 'The server that served this document.' }])
    expect(response.body).toEqual(JSON.parse(JSON.stringify(generateOpenApi({ serverUrl: server.url }))))
    expect({ ...response.body, servers: document.servers }).toEqual(JSON.parse(JSON.stringify(document)))
  })

  it('is committed as docs/openapi.json, byte for byte', () => {
    const committed = readFileSync(resolve(__dirname, '../../docs/openapi.json'), 'utf8')
    const generated = `${JSON.stringify(generateOpenApi(), null, 2)}\n`
    expect(committed === generated, 'docs/openapi.json is stale: run `npm run openapi` and commit the result').toBe(true)
  })
})
