import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest'
import { ROUTES, isRouteId } from '../../shared/api/routes'
import type { WebhookTransport } from '../../electron/service'
import { FUZZ_LONG, seedFor } from '../support/fuzz-budget'
import { TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { arbitraryOf, rootOf, type Schema } from '../support/json-schema-arbitrary'

/**
 * The OpenAPI document tells the truth about the /v1 operations: requests generated from the document's own
 * schemas (docs/openapi.json: parameters, headers and bodies, its examples included) are accepted, or refused
 * with a status the operation documents for a reason it documents, one of the named examples of that status
 * that a schema-valid request can get (not one marked x-outside-schema). An accepted answer has the documented
 * shape. The seed is fixed in `npm test` and fresh in `npm run fuzz` (eight times the runs); OPENAPI_SEED
 * (or FUZZ_SEED) replays a failing run; OPENAPI_RUNS runs more cases per operation.
 */
type Operation = { operationId: string; parameters?: Schema[]; requestBody?: { required: boolean; content: Record<string, { schema: Schema }> }; responses: Record<string, Schema> }

const DOCUMENT = JSON.parse(readFileSync(resolve(__dirname, '../../docs/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, Operation>> }
const ROOT = rootOf(DOCUMENT)
const RUNS = Number(process.env['OPENAPI_RUNS'] ?? (FUZZ_LONG ? 480 : 60))
const SEED = process.env['OPENAPI_SEED'] === undefined ? undefined : Number(process.env['OPENAPI_SEED'])

const OPERATIONS = Object.entries(DOCUMENT.paths)
  .filter(([path]) => path.startsWith('/v1/'))
  .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })))

/** Operations whose success needs the id of a transaction the server made, which no document example can name. */
const NEEDS_A_TRANSACTION = new Set(['mobile.reverse', 'transactions.get', 'transactions.getById'])

interface Generated {
  path: string
  query: Record<string, unknown>
  headers: Record<string, string>
  body: unknown
}

/** A request the operation's parameters and body allow: each optional part present or not. */
function requestOf(path: string, operation: Operation): fc.Arbitrary<Generated> {
  const part = (where: string) => Object.fromEntries((operation.parameters ?? []).filter((p) => p['in'] === where).map((p) => {
    const value = arbitraryOf(p['schema'] as Schema, ROOT)
    return [p['name'] as string, p['required'] ? value : fc.option(value, { nil: undefined, freq: 2 })]
  }))
  const bodySchema = operation.requestBody?.content['application/json']?.schema
  const body = bodySchema === undefined ? fc.constant(undefined)
    : operation.requestBody!.required ? arbitraryOf(bodySchema, ROOT) : fc.option(arbitraryOf(bodySchema, ROOT), { nil: undefined })
  return fc.record({ params: fc.record(part('path')), query: fc.record(part('query')), headers: fc.record(part('header')), body }).map((r) => ({
    path: path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(r.params[name]))),
    query: r.query,
    headers: Object.fromEntries(Object.entries(r.headers).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])),
    body: r.body,
  }))
}

const deref = (schema: Schema): Schema => (typeof schema['$ref'] === 'string' ? ROOT.resolve(schema['$ref']) : schema)

/** What is wrong with an answer, or null: a documented status, and for an error a documented reason. */
function problemOf(operation: Operation, status: number, contentType: string | null, body: unknown): string | null {
  const documented = operation.responses[String(status)]
  if (!documented) return `status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`
  if (!contentType?.startsWith('application/json')) return `content type ${contentType}`
  const routeId = operation.operationId
  if (status < 300) {
    if (!isRouteId(routeId)) return `no route ${routeId}`
    const parsed = ROUTES[routeId].response.safeParse((body as { data?: unknown }).data)
    return parsed.success ? null : `the answer breaks its schema: ${parsed.error.message.slice(0, 300)}`
  }
  const error = (body as { error?: { type: string; code: string; param: string | null } }).error
  const examples = Object.values((deref(documented)['content'] as Record<string, { examples: Record<string, Schema> }>)['application/json']!.examples).map(deref)
  const reasons = examples.filter((example) => example['x-outside-schema'] !== true).map((example) => (example['value'] as { error: typeof error }).error!)
  const found = reasons.some((reason) => reason.type === error?.type && reason.code === error.code && reason.param === error.param)
  return found ? null : `refused for a reason ${status} does not document for a valid request: ${JSON.stringify(error)}`
}

let server: TestServer
let errors: MockInstance<typeof console.error>
/** Webhooks of accepted payments go nowhere. */
const silentTransport: WebhookTransport = async () => ({ status: 200, bodyPrefix: '' })
beforeAll(async () => {
  server = await startTestServer({ webhookTransport: silentTransport })
  errors = vi.spyOn(console, 'error')
})
afterAll(async () => {
  errors.mockRestore()
  await server.close()
})

describe('requests generated from docs/openapi.json', () => {
  it('cover every /v1 operation of the route table', () => {
    const publicIds = Object.entries(ROUTES).filter(([, route]) => route.surface === 'public').map(([id]) => id)
    expect(OPERATIONS.map((o) => o.operation.operationId).sort()).toEqual(publicIds.sort())
  })

  it.each(OPERATIONS.map((o) => [o.operation.operationId, o] as const))('%s: accepted, or refused as documented', async (_id, { path, method, operation }) => {
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(requestOf(path, operation), async (request) => {
        const search = new URLSearchParams(Object.entries(request.query).filter(([, v]) => v !== undefined).map(([k, v]): [string, string] => [k, String(v)]))
        const headers: Record<string, string> = { authorization: `Bearer ${TEST_KEY}`, ...request.headers }
        if (request.body !== undefined) headers['content-type'] = 'application/json'
        const target = `${request.path}${search.size > 0 ? `?${search}` : ''}`
        const response = await fetch(server.url + target, { method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) })
        const text = await response.text()
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        const problem = problemOf(operation, response.status, response.headers.get('content-type'), JSON.parse(text))
        if (problem) throw new Error(`${method} ${target} ${JSON.stringify(request.headers)} ${JSON.stringify(request.body)?.slice(0, 600) ?? ''} -> ${problem}`)
      }),
      { numRuns: RUNS, seed: SEED ?? seedFor(operation.operationId) },
    )
    expect(errors).not.toHaveBeenCalled()
    // Not a run of refusals only: the document's own examples reach the operation's success, or (an operation
    // on a transaction the server made) its own lookup, at least once.
    const reached = NEEDS_A_TRANSACTION.has(operation.operationId) ? statuses.has(404) : [...statuses.keys()].some((status) => status < 300)
    expect(reached, `statuses seen: ${JSON.stringify([...statuses])}`).toBe(true)
  }, 120_000)
})
