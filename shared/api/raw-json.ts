/**
 * A route's answer already serialized as JSON text (built in SQLite for list pages):
 * the engine passes the text through dispatch, the HTTP adapter splices it into the
 * envelope unparsed, and IPC carries it as a string for the renderer to parse. `T` is the value the text
 * holds, so types still say what the client gets.
 *
 * A plain object with one string field (not a class): Electron's structured clone keeps it as it is.
 * Anything that stringifies it by accident still writes the right JSON (`toJSON`, only on this side of
 * IPC, parses it; slow, never wrong).
 */
export interface RawJson<T = unknown> {
  readonly rawJson: string
  /** Never set: carries the type of the value the text holds. */
  readonly __holds?: T
}

/** What an operation may return for a route whose answer is `T`: the value, or its JSON text. */
export type Wire<T> = T | RawJson<T>

/** Wraps JSON text the caller guarantees is valid JSON for a `T`. */
export function rawJson<T>(text: string): RawJson<T> {
  const raw = { rawJson: text }
  Object.defineProperty(raw, 'toJSON', { value: () => JSON.parse(text) as unknown, enumerable: false })
  return raw as RawJson<T>
}

/** The pieces a `rawJsonOfParts` answer was built from (a symbol: invisible to `isRawJson`, JSON and structured clone). */
const PARTS = Symbol('parts')

/**
 * Raw JSON built from pieces, a big list page inside its wrapper: `rawJson` is their concatenation, which
 * V8 keeps as a rope until something reads it whole, and adapters that write bytes take the pieces
 * (`rawJsonParts`). Joined, a 10,000-row page was copied into one more 6 MB string on every answer, in
 * V8's large-object space, where only a full GC frees it (docs/performance.md "Memory on the request path").
 */
export function rawJsonOfParts<T>(parts: readonly string[]): RawJson<T> {
  let text = ''
  for (const part of parts) text += part
  const raw = rawJson<T>(text)
  Object.defineProperty(raw, PARTS, { value: parts, enumerable: false })
  return raw
}

/** The pieces of raw JSON text, in order: those it was built from, or the text itself. */
export function rawJsonParts(value: RawJson): readonly string[] {
  return (value as RawJson & { [PARTS]?: readonly string[] })[PARTS] ?? [value.rawJson]
}

export function isRawJson(value: unknown): value is RawJson {
  return typeof value === 'object' && value !== null && typeof (value as { rawJson?: unknown }).rawJson === 'string' && Object.keys(value).length === 1
}

/** The value itself: parses raw JSON text, returns anything else unchanged. */
export function materialize<T>(value: Wire<T>): T {
  return isRawJson(value) ? (JSON.parse(value.rawJson) as T) : value
}

/**
 * `JSON.stringify(envelope)` for an envelope whose `data` may be raw JSON: the text goes in as it is, so
 * a 100-row page is never parsed or stringified. Same bytes as stringifying the materialized envelope
 * when the raw text is minified JSON (what SQLite writes).
 */
export function stringifyEnvelope(body: unknown): string {
  const split = splitEnvelope(body)
  return split ? `${split.head}${split.data.rawJson}}` : JSON.stringify(body)
}

/**
 * An envelope whose `data` is raw JSON as the text before it and the raw JSON; a `}` closes it. Null for
 * any other body. (The HTTP adapter writes the raw part as bytes it may have encoded before.)
 */
export function splitEnvelope(body: unknown): { head: string; data: RawJson } | null {
  if (!hasRawData(body)) return null
  const { data, ...rest } = body
  const head = JSON.stringify(rest)
  // `data` is the last field of a success envelope ({ status, message, data }), as JSON.stringify writes it.
  return { head: `${head.length > 2 ? head.slice(0, -1) + ',' : '{'}"data":`, data }
}

/** The response with its `data` parsed when it was raw JSON (in-process callers, the renderer's IPC client). */
export function materializeResponse<R extends { body: unknown }>(response: R): R {
  const body = response.body
  if (!hasRawData(body)) return response
  return { ...response, body: { ...body, data: JSON.parse(body.data.rawJson) as unknown } }
}

/** An envelope whose `data` is raw JSON text. */
function hasRawData(body: unknown): body is { data: RawJson } {
  return typeof body === 'object' && body !== null && 'data' in body && isRawJson(body.data)
}
