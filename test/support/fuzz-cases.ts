import fc from 'fast-check'
import { ROUTES, type RouteId } from '../../shared/api/routes'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY } from './harness'
import type { Seed } from './fuzz-seeds'
import { RAW_BODIES, hostileKey, hostileValueText, objectText, queryPiece, type JsonText } from './fuzz-values'

/**
 * The HTTP fuzzer's cases: an arbitrary that mutates a route's seed (fuzz-seeds.ts) into hostile requests
 * (bodies, query strings, path parameters, headers, methods), and the function that turns one into HTTP.
 */

/**
 * One generated request, before the seed is applied (the seed is built fresh when it is sent). `focus`
 * says which part is mutated while the others stay valid, so most requests get past the earlier checks
 * (authentication, headers) and exercise the later ones; `all` mutates everything at once.
 */
export interface FuzzCase {
  focus: 'none' | 'method' | 'body' | 'query' | 'params' | 'headers' | 'all'
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  body: BodyMutation
  query: QueryMutation
  params: ParamMutation
  headers: HeaderChoice
}

type BodyMutation =
  | { kind: 'seed' }
  | { kind: 'set'; key: string | null; value: JsonText }
  | { kind: 'delete'; index: number }
  | { kind: 'extra'; key: string; value: JsonText }
  | { kind: 'replace'; value: JsonText }
  | { kind: 'raw'; index: number }
type QueryMutation =
  | { kind: 'seed' }
  | { kind: 'set'; key: string | null; value: string }
  | { kind: 'delete'; index: number }
  | { kind: 'repeat' }
  | { kind: 'garbage'; text: string }
type ParamMutation = { kind: 'seed' } | { kind: 'set'; value: string }

interface HeaderChoice {
  authorization: number
  contentType: number
  idempotencyKey: number
  environment: number
  organization: string | null
  extra: [string, string] | null
}

const IDEMPOTENCY_KEYS = [
  null, null, null, '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f', '3F1C2B9E-8D7A-4C6B-9E5F-1A2B3C4D5E6F', 'd2b4c6e8-0a1b-4c2d-8e3f-405162738495',
  'not-a-uuid', '', ' ', '3f1c2b9e8d7a4c6b9e5f1a2b3c4d5e6f', '{3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f}', 'x'.repeat(8_000), "'; DROP TABLE idempotency_keys; --",
  '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f, d2b4c6e8-0a1b-4c2d-8e3f-405162738495',
]
const CONTENT_TYPES = [
  'application/json', 'application/json', 'application/json; charset=utf-8', 'application/vnd.api+json', null, 'text/plain',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'APPLICATION/JSON',
  'application/json, text/plain', 'application/jsonx', ';', '',
]
const ENVIRONMENTS = [null, null, 'test', 'live', 'LIVE', '', 'prod', 'test, live']
const EXTRA_HEADERS: [string, string][] = [
  ['x-forwarded-for', '10.0.0.1'], ['x-forwarded-host', 'evil.example'], ['origin', 'https://evil.example'],
  ['content-encoding', 'gzip'], ['accept', 'text/html'], ['cookie', 'session=1'], ['x-http-method-override', 'DELETE'],
]

/** null `nullWeight` times out of `nullWeight + 1`. */
function mostlyNull<T>(arbitrary: fc.Arbitrary<T>, nullWeight: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: nullWeight, arbitrary: fc.constant(null) }, { weight: 1, arbitrary })
}

const bodyMutation: fc.Arbitrary<BodyMutation> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'seed' as const }) },
  // key null = replace the value of one of the seed's own fields (most mutations keep the request nearly valid).
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), key: mostlyNull(hostileKey, 3), value: hostileValueText }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), index: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('extra' as const), key: hostileKey, value: hostileValueText }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), value: hostileValueText }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), index: fc.nat(RAW_BODIES.length - 1) }) },
)
const queryMutation: fc.Arbitrary<QueryMutation> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'seed' as const }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), key: mostlyNull(queryPiece, 2), value: queryPiece }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), index: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'repeat' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('garbage' as const),
      text: fc.tuple(fc.array(queryPiece, { maxLength: 6 }), fc.constantFrom('&', '=', '&&', ';')).map(([parts, separator]) => parts.join(separator)),
    }),
  },
)
const paramMutation: fc.Arbitrary<ParamMutation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'seed' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('set' as const), value: queryPiece.filter((p) => p.length > 0) }) },
)
const headerChoice: fc.Arbitrary<HeaderChoice> = fc.record({
  authorization: fc.nat(19),
  contentType: fc.nat(CONTENT_TYPES.length - 1),
  idempotencyKey: fc.nat(IDEMPOTENCY_KEYS.length - 1),
  environment: fc.nat(ENVIRONMENTS.length - 1),
  organization: mostlyNull(fc.constantFrom('org_unknown', '', "' OR 1=1 --", 'x'.repeat(500)), 2),
  extra: mostlyNull(fc.constantFrom(...EXTRA_HEADERS), 1),
})
/** The headers of a valid request: the route's own credential, JSON, nothing else. */
const VALID_HEADERS: HeaderChoice = { authorization: 0, contentType: 0, idempotencyKey: 0, environment: 0, organization: null, extra: null }

export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.record({
  focus: fc.oneof(
    { weight: 2, arbitrary: fc.constant('none' as const) },
    { weight: 1, arbitrary: fc.constant('method' as const) },
    { weight: 6, arbitrary: fc.constant('body' as const) },
    { weight: 3, arbitrary: fc.constant('query' as const) },
    { weight: 1, arbitrary: fc.constant('params' as const) },
    { weight: 3, arbitrary: fc.constant('headers' as const) },
    { weight: 3, arbitrary: fc.constant('all' as const) },
  ),
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
  body: bodyMutation,
  query: queryMutation,
  params: paramMutation,
  headers: headerChoice,
})

function authorizationFor(surface: 'public' | 'console', choice: number): string | null {
  const own = surface === 'public' ? `Bearer ${TEST_KEY}` : `Bearer ${CONSOLE_TOKEN}`
  const variants = [
    null, `bearer ${surface === 'public' ? TEST_KEY : CONSOLE_TOKEN}`, `Bearer  ${surface === 'public' ? LIVE_KEY : CONSOLE_TOKEN}  `, `Basic ${Buffer.from('a:b').toString('base64')}`,
    'Bearer', 'Bearer ', `Bearer ${TEST_KEY}x`, `Bearer ${CONSOLE_TOKEN.slice(0, -1)}`, `Bearer ${surface === 'public' ? CONSOLE_TOKEN : TEST_KEY}`,
    `Bearer sk_live_${'0'.repeat(30)}`, `Bearer ${'x'.repeat(6_000)}`, `Bearer ${TEST_KEY}, Bearer ${LIVE_KEY}`, "Bearer ' OR 1=1 --",
  ]
  return choice < 7 ? own : variants[choice - 7] ?? own
}

function applyBody(seed: Record<string, unknown> | undefined, mutation: BodyMutation): string | Buffer | undefined {
  const entries: [string, JsonText][] = Object.entries(seed ?? {}).map(([key, value]) => [key, JSON.stringify(value)])
  switch (mutation.kind) {
    case 'seed':
      return seed === undefined ? undefined : objectText(entries)
    case 'set': {
      const key = mutation.key ?? entries[0]?.[0] ?? 'x'
      const at = entries.findIndex(([k]) => k === key)
      if (at >= 0) entries[at] = [key, mutation.value]
      else entries.push([key, mutation.value])
      return objectText(entries)
    }
    case 'delete':
      if (entries.length > 0) entries.splice(mutation.index % entries.length, 1)
      return objectText(entries)
    case 'extra':
      return objectText([...entries, [mutation.key, mutation.value]])
    case 'replace':
      return mutation.value
    case 'raw':
      return RAW_BODIES[mutation.index]
  }
}

function applyQuery(seed: Record<string, string> | undefined, mutation: QueryMutation): string {
  const pairs = Object.entries(seed ?? {}).map(([key, value]) => [encodeURIComponent(key), encodeURIComponent(value)] as [string, string])
  switch (mutation.kind) {
    case 'seed':
      break
    case 'set': {
      const key = mutation.key ?? pairs[0]?.[0] ?? 'x'
      const at = pairs.findIndex(([k]) => k === key)
      if (at >= 0) pairs[at] = [key, mutation.value]
      else pairs.push([key, mutation.value])
      break
    }
    case 'delete':
      if (pairs.length > 0) pairs.splice(mutation.index % pairs.length, 1)
      break
    case 'repeat':
      if (pairs.length > 0) pairs.push(pairs[0]!)
      break
    case 'garbage':
      return `?${mutation.text}`
  }
  return pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`
}

export interface BuiltRequest {
  method: string
  path: string
  headers: Record<string, string>
  body: string | Buffer | undefined
}

/** Turns a generated case into the HTTP request for one route. */
export function buildRequest(routeId: RouteId, seed: Seed, c: FuzzCase): BuiltRequest {
  const route = ROUTES[routeId]
  const mutates = (part: FuzzCase['focus']) => c.focus === part || c.focus === 'all'
  const method = mutates('method') ? c.method : route.method
  const choice = mutates('headers') ? c.headers : VALID_HEADERS
  const path = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (mutates('params') && c.params.kind === 'set') return c.params.value
    return encodeURIComponent(seed.params?.[name] ?? 'x')
  })
  const headers: Record<string, string> = {}
  const authorization = authorizationFor(route.surface, choice.authorization)
  if (authorization !== null) headers['authorization'] = authorization
  const idempotencyKey = IDEMPOTENCY_KEYS[choice.idempotencyKey]
  if (idempotencyKey != null) headers['idempotency-key'] = idempotencyKey
  const environment = ENVIRONMENTS[choice.environment]
  if (environment != null) headers['paydesk-environment'] = environment
  if (choice.organization !== null) headers['paydesk-organization'] = choice.organization
  if (choice.extra) headers[choice.extra[0]] = choice.extra[1]
  // fetch refuses a body on GET and HEAD; the adapter ignores one anyway (test/http/protocol.test.ts).
  const body = method === 'GET' ? undefined : applyBody(seed.body, mutates('body') ? c.body : { kind: 'seed' })
  const contentType = CONTENT_TYPES[choice.contentType]
  if (body !== undefined && contentType != null) headers['content-type'] = contentType
  return { method, path: path + applyQuery(seed.query, mutates('query') ? c.query : { kind: 'seed' }), headers, body }
}

