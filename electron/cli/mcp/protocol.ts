import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { z } from 'zod'

/** JSON-RPC and MCP error codes (the MCP specification's): what a client can tell apart without reading prose. */
export const PROTOCOL_ERRORS = { parse: -32700, invalidRequest: -32600, invalidParams: -32602, resourceNotFound: -32002 } as const

/** An error the SDK answers as `{ code, message, data }` (its request loop reads these three fields). */
export class ProtocolError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message)
    this.name = 'ProtocolError'
  }
}

/** The value at a zod issue's path in what was parsed (zod does not keep it). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined
  return value
}

/** A zod issue in a sentence: where (`params.arguments`) and what was wrong, never the whole issue list. */
export function issueText(issue: z.core.$ZodIssue, input: unknown): { param: string; text: string } {
  const param = issue.path.map(String).join('.')
  if (issue.code === 'unrecognized_keys') {
    return { param: [...issue.path.map(String), issue.keys[0]].join('.'), text: `${issue.keys.join(', ')}: not an argument of this tool` }
  }
  if (issue.code === 'invalid_type') {
    const received = valueAt(input, issue.path)
    const got = received === null ? 'null' : Array.isArray(received) ? 'a list' : typeof received === 'object' ? 'an object' : received === undefined ? 'nothing' : `a ${typeof received}`
    return { param, text: `${param || 'the value'} must be ${issue.expected === 'string' ? 'text' : `a ${issue.expected}`}, not ${got}` }
  }
  return { param, text: `${param || 'the value'}: ${issue.message}` }
}

/** A request's params read with the SDK's schema of that request; invalid ones are -32602 in one sentence. */
export function paramsOf<S extends z.ZodType>(schema: S, request: unknown): z.output<S> {
  const parsed = schema.safeParse(request)
  if (parsed.success) return parsed.data
  const first = issueText(parsed.error.issues[0]!, request)
  throw new ProtocolError(PROTOCOL_ERRORS.invalidParams, `Invalid params: ${first.text}`, { param: first.param })
}

/**
 * A line on stdin that is not JSON (or not a JSON-RPC message) gets its JSON-RPC error, with id null as the
 * specification says, instead of no answer at all; the server keeps reading the next line.
 */
export function answerUnreadableLines(transport: Transport): void {
  const inner = transport.onerror
  transport.onerror = (error) => {
    const unreadable = error instanceof SyntaxError ? { code: PROTOCOL_ERRORS.parse, message: 'Parse error: the line is not JSON' }
      : error.name === 'ZodError' ? { code: PROTOCOL_ERRORS.invalidRequest, message: 'Invalid Request: not a JSON-RPC 2.0 message' } : null
    if (unreadable) void transport.send({ jsonrpc: '2.0', id: null, error: unreadable } as unknown as Parameters<Transport['send']>[0]).catch(() => {})
    inner?.(error)
  }
}
