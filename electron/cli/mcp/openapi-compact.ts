/**
 * The OpenAPI document in a form an assistant can read at once: every operation by its operationId with
 * method, path, summary, the permission a console caller needs, its inputs and its success data as bare
 * JSON Schema (no descriptions, examples, headers or error bodies), and the named component schemas. The
 * whole document (paydesk://openapi.json) stays the reference; this is its table of contents with types.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

const DROPPED = new Set(['description', 'examples', 'example', 'title', 'summary', '$comment', 'deprecated'])

const isObject = (value: Json | undefined): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value)

/** A schema without prose: `$ref`s to components become the component's name. */
export function bareSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(bareSchema)
  if (!isObject(schema)) return schema
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || key.startsWith('x-')) continue
    if (key === 'additionalProperties' && value === false) continue
    if (key === '$ref' && typeof value === 'string') out[key] = value.replace('#/components/schemas/', '')
    else if (key === 'properties' && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, bareSchema(inner)]))
    else out[key] = bareSchema(value)
  }
  return out
}

function parametersOf(operation: JsonObject): JsonObject | undefined {
  const parameters = Array.isArray(operation['parameters']) ? operation['parameters'].filter(isObject) : []
  if (parameters.length === 0) return undefined
  const out: JsonObject = {}
  for (const parameter of parameters) {
    const where = String(parameter['in'])
    const group = isObject(out[where]) ? out[where] : (out[where] = {})
    group[`${String(parameter['name'])}${parameter['required'] === true ? '' : '?'}`] = bareSchema(parameter['schema'] ?? {})
  }
  return out
}

/** The success answer's `data` (the envelope's), or the whole body for a file or a download. */
function successOf(operation: JsonObject): { status: string; data: Json } | undefined {
  const responses = isObject(operation['responses']) ? operation['responses'] : {}
  const status = Object.keys(responses).find((code) => code.startsWith('2'))
  if (status === undefined) return undefined
  const content = (responses[status] as JsonObject)['content']
  if (!isObject(content)) return { status, data: null }
  const [type, media] = Object.entries(content)[0] ?? []
  const schema = isObject(media) ? media['schema'] : undefined
  const properties = isObject(schema) && isObject(schema['properties']) ? schema['properties'] : undefined
  const data = properties && 'data' in properties ? properties['data']! : schema ?? { type: String(type) }
  return { status, data: bareSchema(data) }
}

function operationOf(method: string, path: string, operation: JsonObject): JsonObject {
  const body = isObject(operation['requestBody']) && isObject(operation['requestBody']['content'])
    ? Object.values(operation['requestBody']['content']).find(isObject)?.['schema'] : undefined
  const success = successOf(operation)
  const out: JsonObject = { method: method.toUpperCase(), path, summary: operation['summary'] ?? null }
  if (typeof operation['x-paydesk-permission'] === 'string') out['permission'] = operation['x-paydesk-permission']
  const parameters = parametersOf(operation)
  if (parameters) out['parameters'] = parameters
  if (body !== undefined) out['body'] = bareSchema(body)
  if (success) out[`returns ${success.status}`] = success.data
  return out
}

/** The compact document: `operations` by operationId, `schemas` by component name. */
export function compactOpenApi(document: JsonObject): JsonObject {
  const operations: JsonObject = {}
  const paths = isObject(document['paths']) ? document['paths'] : {}
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation) || !['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      operations[String(operation['operationId'] ?? `${method} ${path}`)] = operationOf(method, path, operation)
    }
  }
  const components = isObject(document['components']) && isObject(document['components']['schemas']) ? document['components']['schemas'] : {}
  const info = isObject(document['info']) ? document['info'] : {}
  return {
    about: 'paydesk://openapi.json without prose: operations by operationId, schemas by name. Amounts are integers in cents; errors use the error envelope (schemas.ErrorEnvelope).',
    version: info['version'] ?? null,
    operations,
    schemas: Object.fromEntries(Object.entries(components).map(([name, schema]) => [name, bareSchema(schema)])),
  }
}
