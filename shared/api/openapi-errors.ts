import { ERROR_CATALOGUE } from '../errors'
import type { Json } from './openapi-schema'
import type { Refusal, RouteSpec } from './route'

/**
 * The error answers of an operation, each status with the reasons it is given as named examples of the error
 * envelope. `x-outside-schema` marks reasons that only a request outside the operation's schemas gets (a
 * malformed field, an oversized head): a request the document allows never gets one of those.
 */
interface Reason extends Refusal {
  outsideSchema?: boolean
}

const outside = (reason: Refusal): Reason => ({ ...reason, outsideSchema: true })

const sizeOf = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`)

/** Team mode's refusals (docs/security.md): sign in first, and a role that does not hold the route's permission. */
function teamReasons(route: RouteSpec): Reason[] {
  if (route.permission === 'anyone') return []
  const reasons: Reason[] = [{ name: 'signInRequired', kind: 'unauthorized', param: 'session', when: 'Team mode: a console call without a session, or its session ended; sign in (POST /console/sessions).' }]
  if (route.permission !== 'signed-in') {
    reasons.push({ name: 'notPermitted', kind: 'forbidden', param: route.permission, when: `A console caller whose role does not hold ${route.permission} (x-paydesk-permission) in this environment.` })
  }
  return reasons
}

/** What every operation may answer, whatever its route. `field`: the first input the operation names. */
function sharedReasons(route: RouteSpec, field: string | null): Reason[] {
  const reasons: Reason[] = [
    outside({ name: 'invalidParameter', kind: 'invalid_parameter', param: field, when: 'A parameter, header or body field does not match this document (param names it), or the body has a field it does not list.' }),
    outside({ name: 'missingParameter', kind: 'missing_parameter', param: field, when: 'A required parameter or body field is missing (param names it).' }),
    { name: 'unauthorized', kind: 'unauthorized', param: null, when: 'No credential, another scheme, or an unknown, malformed or revoked key.' },
    { name: 'foreignHost', kind: 'forbidden', param: null, when: 'The Host header does not name this server (DNS-rebinding defence).' },
    outside({ name: 'requestTimeout', kind: 'request_timeout', param: null, when: 'The request head took over 10 s, or the whole request over 30 s, to arrive.' }),
    outside({ name: 'headersTooLarge', kind: 'headers_too_large', param: null, when: 'The request head is over 16 KiB.' }),
  ]
  reasons.push(...teamReasons(route))
  if (route.method !== 'GET') {
    reasons.push(outside(route.maxBodyBytes === undefined
      ? { name: 'payloadTooLarge', kind: 'payload_too_large', param: null, when: 'The body is over 1 MiB.' }
      : { name: 'payloadTooLargeHere', kind: 'payload_too_large', param: null, when: `The body is over ${sizeOf(route.maxBodyBytes)} (this operation's limit).` }))
    reasons.push(outside({ name: 'notJson', kind: 'invalid_parameter', param: 'Content-Type', when: 'The body is not sent as application/json.' }))
  }
  if (route.surface === 'public') {
    reasons.push(outside({ name: 'unknownRelease', kind: 'invalid_parameter', param: 'Paydesk-Api-Version', when: 'Paydesk-Api-Version is not one of the releases (an empty value included).' }))
    reasons.push({ name: 'rateLimited', kind: 'rate_limited', param: null, when: 'Over the requests per minute allowed per key; retry after Retry-After seconds.' })
    reasons.push({ name: 'faultLabError', kind: 'internal', param: null, when: "The fault lab's errorRate or commitThenError rule answering 500, or a failure inside the sandbox (quote the requestId)." })
    reasons.push({ name: 'faultLabUnavailable', kind: 'unavailable', param: null, when: "The fault lab's outage rule, or its errorRate rule answering 503." })
    reasons.push({ name: 'faultLabBadGateway', kind: 'bad_gateway', param: null, when: "The fault lab's commitThenError rule answering 502: the request ran, its answer was lost." })
  } else {
    reasons.push({ name: 'consoleOnly', kind: 'forbidden', param: null, when: 'An API key on a console route: console routes take a console credential (the console token or a session token).' })
    reasons.push({
      name: 'foreignOrigin', kind: 'forbidden', param: null,
      when: "An Origin header that is not the console's own (a page of another site): never answered for a console write, nor in team mode for any console request.",
    })
    // Console routes say their own refusals in their descriptions; these name the statuses they use.
    reasons.push({ name: 'notFound', kind: 'not_found', param: null, when: 'Something the request names (in the path or body) does not exist in this environment.' })
    reasons.push({ name: 'refused', kind: 'validation_error', param: null, when: 'A rule of the operation refuses the request (see its description).' })
    reasons.push({ name: 'conflict', kind: 'conflict', param: null, when: 'The request conflicts with the current state (see the description).' })
  }
  return reasons
}

/** The named pieces several operations share (components), filled while the operations are generated. */
export interface SharedComponents {
  examples: Record<string, Json>
  responses: Record<string, Json>
}

const STATUS_NAMES: Record<number, string> = {
  400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 408: 'RequestTimeout', 409: 'Conflict', 413: 'PayloadTooLarge',
  429: 'RateLimited', 431: 'HeadersTooLarge', 500: 'InternalError', 502: 'BadGateway', 503: 'Unavailable',
}

function example(reason: Reason): Json {
  const entry = ERROR_CATALOGUE[reason.kind]
  return {
    summary: reason.when,
    value: { error: { type: entry.type, code: entry.code, message: reason.when, param: reason.param, requestId: 'req_01J0000000000000000000000' } },
    ...(reason.outsideSchema ? { 'x-outside-schema': true } : {}),
  }
}

/** Puts `value` under `name` in a components table (every user of a name gives the same value) and answers a reference. */
function share(table: Record<string, Json>, kind: string, name: string, value: Json): Json {
  const held = table[name]
  if (held !== undefined && JSON.stringify(held) !== JSON.stringify(value)) throw new Error(`components/${kind}/${name} would have two values`)
  table[name] = value
  return { $ref: `#/components/${kind}/${name}` }
}

/** Reasons that name the operation's own input or permission are written in the operation; the fixed ones are shared. */
const namesInput = (reason: Reason) => ['invalidParameter', 'missingParameter', 'notPermitted', 'payloadTooLargeHere'].includes(reason.name)

/** The error responses of one operation, by status; what every operation of a surface shares goes to `shared`. */
export function errorResponses(route: RouteSpec, field: string | null, headers: Json, shared: SharedComponents): Json {
  const own = new Set((route.refusals ?? []).map((reason) => reason.name))
  const byStatus = new Map<number, Reason[]>()
  for (const reason of [...sharedReasons(route, field), ...(route.refusals ?? [])]) {
    const status = ERROR_CATALOGUE[reason.kind].status
    byStatus.set(status, [...(byStatus.get(status) ?? []), reason])
  }
  const responses: Json = {}
  for (const [status, reasons] of [...byStatus].sort(([a], [b]) => a - b)) {
    const names = reasons.map((reason) => reason.name)
    if (new Set(names).size !== names.length) throw new Error(`${route.method} ${route.path}: two ${status} reasons share a name (${names.join(', ')})`)
    const inline = (reason: Reason) => own.has(reason.name) || namesInput(reason)
    const examples = Object.fromEntries(reasons.map((reason) => [reason.name, inline(reason) ? example(reason) : share(shared.examples, 'examples', reason.name, example(reason))]))
    const response = {
      description: reasons.map((reason) => reason.when).join(' '),
      headers: status === 429 || status === 503 ? { ...headers, 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : headers,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' }, examples } },
    }
    // A route that takes no credential (signing in, the owner's setup) lacks team mode's refusals: its answers are its own.
    const operationOwn = reasons.some(inline) || route.permission === 'anyone'
    responses[String(status)] = operationOwn ? response : share(shared.responses, 'responses', `${route.surface === 'public' ? 'Public' : 'Console'}${STATUS_NAMES[status]}`, response)
  }
  return responses
}
