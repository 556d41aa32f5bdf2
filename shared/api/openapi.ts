import { z } from 'zod'
import { LATEST_API_VERSION } from './api-versions'
import { ERROR_CATALOGUE } from '../errors'
import type { SharedComponents } from './openapi-errors'
import { operation, RESPONSE_HEADERS } from './openapi-operation'
import { schemaOf, type Json } from './openapi-schema'
import type { RouteSpec } from './route'
import { ROUTES } from './routes'
import { API_TAGS } from './tags'

export interface OpenApiOptions {
  /** The URL of the server that serves the document (its real port); without it, the default port as a variable. */
  serverUrl?: string
}

const unique = (values: readonly string[]) => [...new Set(values)]
const CATALOGUE = Object.values(ERROR_CATALOGUE)

/** The error envelope, its type and code from the error catalogue (shared/errors.ts). */
const ErrorEnvelopeDocSchema = z.object({
  error: z.object({
    type: z.enum(unique(CATALOGUE.map((entry) => entry.type))),
    code: z.enum(unique(CATALOGUE.map((entry) => entry.code))),
    message: z.string(),
    /** The parameter, header or body field (dotted path) the error is about, if any. */
    param: z.string().nullable(),
    requestId: z.string(),
  }),
})

function servers(options: OpenApiOptions): Json[] {
  if (options.serverUrl) return [{ url: options.serverUrl, description: 'The server that served this document.' }]
  return [{
    url: 'http://127.0.0.1:{port}', description: 'A local Paydesk (npm run serve, or the desktop app).',
    variables: { port: { default: '8787', description: 'The --port it was started with (the banner prints it).' } },
  }]
}

/** The OpenAPI 3.1 document, generated from the route table (served at /openapi.json, kept as docs/openapi.json). */
export function generateOpenApi(options: OpenApiOptions = {}): Json {
  const paths: Record<string, Json> = {}
  const shared: SharedComponents = { examples: {}, responses: {} }
  for (const [id, route] of Object.entries(ROUTES) as [string, RouteSpec][]) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(id, route, shared) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Paydesk payments API (local sandbox)',
      version: LATEST_API_VERSION,
      description: 'The payments service API as implemented by Paydesk. Public routes live under /v1 and take an API key; console routes live under /console and take a console credential: the console token, or in team mode a signed-in user\'s session token, whose role must hold the operation\'s x-paydesk-permission (docs/security.md).',
      // Paydesk is not published under an open-source license (package.json: private).
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: servers(options),
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'sk_test_… or sk_live_…' },
        consoleToken: { type: 'http', scheme: 'bearer', description: 'The console token printed at start (console URL ?token=…), or a session token (pds_…) from POST /console/sessions' },
      },
      schemas: { ErrorEnvelope: schemaOf(ErrorEnvelopeDocSchema, 'output') },
      responses: shared.responses,
      examples: shared.examples,
      headers: RESPONSE_HEADERS,
    },
    paths,
  }
}
