import type { z } from 'zod'
import { ApiError } from '../../../shared/errors'
import { valueAt } from '../../../shared/object-path'

type Location = 'query' | 'body' | 'params'

function sentence(param: string | null, message: string): string {
  if (param === null) return message
  return /^(must|is|are|only|keys|bands) /.test(message) ? `${param} ${message}` : `${param}: ${message}`
}

/**
 * Turns the first zod issue into the API's error: a missing field is `missing_parameter`, an unknown
 * field or a bad value is `invalid_parameter`, always naming the field as a dotted path. Missing fields
 * are reported before bad ones so a client fixes the request in a predictable order.
 */
export function toApiError(error: z.ZodError, input: unknown, location: Location): ApiError {
  if (location === 'body' && (input === null || typeof input !== 'object' || Array.isArray(input))) {
    return new ApiError('invalid_parameter', 'The request body must be a JSON object.')
  }
  const issues = error.issues
  const missing = issues.find((issue) => issue.path.length > 0 && valueAt(input, issue.path) === undefined && issue.code !== 'unrecognized_keys')
  const issue = missing ?? issues[0]!
  const path = issue.path.map((p) => String(p))
  if (issue.code === 'unrecognized_keys') {
    const param = [...path, issue.keys[0] ?? ''].join('.')
    return new ApiError('invalid_parameter', `Unknown field ${param}. Check its spelling against the API reference.`, param)
  }
  const param = path.length > 0 ? path.join('.') : null
  if (missing) return new ApiError('missing_parameter', `${param} is required.`, param)
  // The HTTP adapter turns a repeated query key into an array; say so instead of zod's "expected string".
  if (location === 'query' && Array.isArray(valueAt(input, issue.path))) {
    return new ApiError('invalid_parameter', `${param} must be given once.`, param)
  }
  return new ApiError('invalid_parameter', `${sentence(param, issue.message)}.`.replace(/\.\.$/, '.'), param)
}

/**
 * The dotted path of the first own `__proto__` key anywhere in the input, or null. JSON.parse (and
 * Object.fromEntries) make it an ordinary own key, but any code that copies the object by assignment,
 * zod's record parsing included, turns it into a prototype change: `metadata: {"__proto__": null}` was
 * silently dropped. Walked iteratively because bodies may nest 10,000 levels deep.
 */
export function prototypeKeyPath(input: unknown): string | null {
  // Each entry links to its parent instead of copying the path, so deep nesting stays linear.
  interface Node { value: unknown; key: string; parent: Node | null }
  const stack: Node[] = [{ value: input, key: '', parent: null }]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.value === null || typeof node.value !== 'object') continue
    for (const key of Object.keys(node.value)) {
      const child: Node = { value: (node.value as Record<string, unknown>)[key], key, parent: node }
      if (key !== '__proto__') {
        stack.push(child)
        continue
      }
      const path: string[] = []
      for (let at: Node | null = child; at !== null && at.parent !== null; at = at.parent) path.unshift(at.key)
      return path.join('.')
    }
  }
  return null
}

export function parseWith<S extends z.ZodType>(schema: S | undefined, input: unknown, location: Location): z.output<S> | undefined {
  if (schema === undefined) return undefined
  const polluted = prototypeKeyPath(input)
  if (polluted !== null) throw new ApiError('invalid_parameter', `${polluted} is not an allowed field name.`, polluted)
  const result = schema.safeParse(location === 'body' ? input : (input ?? {}))
  if (!result.success) throw toApiError(result.error, input, location)
  return result.data
}
