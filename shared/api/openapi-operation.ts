import { HeldForApprovalSchema } from '../schemas/team'
import { API_VERSION_HEADER, API_VERSIONS, LATEST_API_VERSION } from './api-versions'
import { errorResponses, type SharedComponents } from './openapi-errors'
import { schemaOf, type Json } from './openapi-schema'
import type { RouteSpec } from './route'

type ObjectSchema = { properties?: Record<string, Json>; required?: string[] }

/** A parameter: a schema's own description and deprecation belong to the parameter, where tools show them. */
function parameter(name: string, location: 'query' | 'path', required: boolean, property: Json): Json {
  const { description, deprecated, ...schema } = property
  return {
    name, in: location, required,
    ...(typeof description === 'string' ? { description } : {}),
    ...(deprecated === true ? { deprecated: true } : {}),
    schema,
  }
}

function headerParameters(route: RouteSpec): Json[] {
  const headers: Json[] = []
  if (route.idempotency !== 'none') {
    headers.push({
      name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', format: 'uuid' },
      description: route.idempotency === 'required-live' ? 'Required with a live key. A retried POST with the same key is replayed.' : 'Optional; a retried POST with the same key is replayed.',
    })
  }
  if (route.surface === 'public') {
    headers.push({
      name: API_VERSION_HEADER, in: 'header', required: false, schema: { type: 'string', enum: [...API_VERSIONS] },
      description: `The API release to serve this request under (default: the key's pinned release, else ${LATEST_API_VERSION}); any other value, an empty one included, is 400. This document describes ${LATEST_API_VERSION}; docs/api.md "API releases" lists the differences.`,
    })
  }
  return headers
}

/** The response headers operations refer to (components/headers). */
export const RESPONSE_HEADERS: Json = {
  'X-Request-Id': { description: 'The id of this request (request log, support).', schema: { type: 'string' } },
  [API_VERSION_HEADER]: { description: 'The API release the request was served under.', schema: { type: 'string', enum: [...API_VERSIONS] } },
  'Paydesk-Warning': { description: 'A departure from the documented API that production tolerates (docs/api.md "Warnings and strict request checks").', schema: { type: 'string' } },
  'Idempotent-Replayed': { description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.', schema: { type: 'string', const: 'true' } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
  'Content-Disposition': { description: 'A file answer is an attachment, named after the path (`attachment; filename="…"`).', schema: { type: 'string' } },
}
const header = (name: string) => ({ [name]: { $ref: `#/components/headers/${name}` } })

/** Headers of every answer of the operation. */
function responseHeaders(route: RouteSpec): Json {
  return { ...header('X-Request-Id'), ...(route.surface === 'public' ? header(API_VERSION_HEADER) : {}) }
}

/** A console user's request the approval policy holds answers data.approval instead (docs/security.md). */
function successData(route: RouteSpec): Json {
  const data = schemaOf(route.response, 'output')
  return route.approval ? { oneOf: [data, schemaOf(HeldForApprovalSchema, 'output')] } : data
}

/** What a successful answer's body is: the envelope, an event stream, or a file (`produces`). */
function successContent(route: RouteSpec): Json {
  if (route.stream) {
    return { 'text/event-stream': { schema: { type: 'string', description: 'Server-sent events: each `data:` line is one JSON item of x-item-schema; `:` lines are heartbeats.' }, 'x-item-schema': schemaOf(route.stream, 'output') } }
  }
  if (route.produces) return { [route.produces]: { schema: { type: 'string', description: "The file itself (an attachment). Over IPC the envelope's data holds its text." } } }
  // A document to save (HAR, evidence bundle): over HTTP the body is the data itself, not the envelope.
  if (route.download) return { 'application/json': { schema: schemaOf(route.response, 'output') } }
  return {
    'application/json': {
      schema: {
        type: 'object', required: ['status', 'message', 'data'],
        properties: { status: { const: 'success' }, message: { type: 'string', examples: [route.message] }, data: successData(route) },
      },
    },
  }
}

function successResponse(route: RouteSpec, headers: Json): Json {
  const extra: Json = {
    ...(route.surface === 'public' ? header('Paydesk-Warning') : {}),
    ...(route.idempotency !== 'none' ? header('Idempotent-Replayed') : {}),
    ...(route.produces || route.download ? header('Content-Disposition') : {}),
  }
  return { description: route.message, headers: { ...headers, ...extra }, content: successContent(route) }
}

/** One operation of the OpenAPI document, from its route entry. */
export function operation(id: string, route: RouteSpec, shared: SharedComponents): Json {
  const parameters: Json[] = []
  for (const [location, schema] of [['path', route.params], ['query', route.query]] as const) {
    if (!schema) continue
    const json = schemaOf(schema, 'input') as ObjectSchema
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push(parameter(name, location, location === 'path' || (json.required ?? []).includes(name), property))
    }
  }
  const body = route.body ? schemaOf(route.body, 'input') : undefined
  const fields = [...parameters.map((p) => String(p['name'])), ...Object.keys((body as ObjectSchema | undefined)?.properties ?? {})]
  parameters.push(...headerParameters(route))
  const headers = responseHeaders(route)
  return {
    operationId: id,
    summary: route.summary,
    description: route.description,
    tags: [route.tag],
    security: [{ [route.surface === 'public' ? 'apiKey' : 'consoleToken']: [] }],
    // What a console caller's role must hold (GET /console/roles); API keys on /v1 are not subject to roles.
    'x-paydesk-permission': route.permission,
    ...(parameters.length > 0 ? { parameters } : {}),
    // A body whose fields are all optional may be left out entirely (its schema defaults to {}).
    ...(body ? { requestBody: { required: !route.body!.safeParse(undefined).success, content: { 'application/json': { schema: body } } } } : {}),
    responses: { [String(route.successStatus)]: successResponse(route, headers), ...errorResponses(route, fields[0] ?? null, headers, shared) },
  }
}
