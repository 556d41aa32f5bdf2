import { HeldForApprovalSchema } from '../schemas/team'
import { API_VERSION_HEADER, API_VERSIONS, LATEST_API_VERSION } from './api-versions'
import { z } from 'zod'
import { ErrorEnvelopeSchema } from './envelope'
import type { RouteSpec } from './route'
import { ROUTES } from './routes'

type Json = Record<string, unknown>

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json
  return rest
}

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Invalid request (missing_parameter, invalid_parameter, validation_error, missing_header)',
  '401': 'Missing or invalid credential',
  '403': 'Forbidden (enterprise field, foreign shortcode, console route without the console token)',
  '404': 'Resource not found',
  '409': 'Duplicate (merchantTransactionId reused, second reversal, Idempotency-Key reused with another request)',
  '429': 'Rate limited; see Retry-After',
}

function operation(id: string, route: RouteSpec): Json {
  const parameters: Json[] = []
  for (const [location, schema] of [['query', route.query], ['path', route.params]] as const) {
    if (!schema) continue
    const json = schemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] }
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push({ name, in: location, required: location === 'path' || (json.required ?? []).includes(name), schema: property })
    }
  }
  if (route.idempotency !== 'none') {
    parameters.push({
      name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', format: 'uuid' },
      description: route.idempotency === 'required-live' ? 'Required with a live key.' : 'Optional; a retried POST with the same key is replayed.',
    })
  }
  if (route.surface === 'public') {
    parameters.push({
      name: API_VERSION_HEADER, in: 'header', required: false, schema: { type: 'string', enum: [...API_VERSIONS] },
      description: `The API release to serve this request under (default: the key's pinned release, else ${LATEST_API_VERSION}). This document describes ${LATEST_API_VERSION}; docs/api.md "API releases" lists the differences.`,
    })
  }
  const success = {
    type: 'object',
    required: ['status', 'message', 'data'],
    properties: {
      status: { const: 'success' }, message: { type: 'string', example: route.message },
      // A console user's request the approval policy holds answers data.approval instead (docs/security.md).
      data: route.approval ? { oneOf: [schemaOf(route.response, 'output'), schemaOf(HeldForApprovalSchema, 'output')] } : schemaOf(route.response, 'output'),
    },
  }
  const versionHeader = route.surface === 'public' ? { headers: { [API_VERSION_HEADER]: { description: 'The API release the request was served under.', schema: { type: 'string' } } } } : {}
  const file = route.produces ? { [route.produces]: { schema: { type: 'string', description: 'The file itself (an attachment). Over IPC the envelope\'s data holds its text.' } } } : null
  const content = route.stream
    ? { 'text/event-stream': { schema: { type: 'string', description: 'Server-sent events: each `data:` line is one JSON item of x-item-schema; `:` lines are heartbeats.' }, 'x-item-schema': schemaOf(route.stream, 'output') } }
    : file ?? { 'application/json': { schema: route.download ? schemaOf(route.response, 'output') : success } }
  const responses: Json = { [String(route.successStatus)]: { description: route.message, ...versionHeader, content } }
  for (const [status, description] of Object.entries(ERROR_STATUSES)) {
    responses[status] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } }
  }
  return {
    operationId: id,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: [{ [route.surface === 'public' ? 'apiKey' : 'consoleToken']: [] }],
    // What a console caller's role must hold (GET /console/roles); API keys on /v1 are not subject to roles.
    'x-paydesk-permission': route.permission,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } } } : {}),
    responses,
  }
}

/** The OpenAPI 3.1 document, generated from the route table (served at /openapi.json, kept as docs/openapi.json). */
export function generateOpenApi(): Json {
  const paths: Record<string, Json> = {}
  for (const [id, route] of Object.entries(ROUTES) as [string, RouteSpec][]) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(id, route) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Paydesk payments API (local sandbox)',
      version: LATEST_API_VERSION,
      description: 'The payments service API as implemented by Paydesk. Public routes live under /v1 and take an API key; console routes live under /console and take the console token.',
    },
    servers: [{ url: 'http://127.0.0.1:8787' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'sk_test_… or sk_live_…' },
        consoleToken: { type: 'http', scheme: 'bearer', description: 'The console token printed at start (console URL ?token=…)' },
      },
      schemas: { ErrorEnvelope: schemaOf(ErrorEnvelopeSchema, 'output') },
    },
    paths,
  }
}
