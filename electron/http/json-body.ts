import { rawJsonParts, splitEnvelope, type RawJson } from '../../shared/api/raw-json'

/**
 * UTF-8 bytes of raw JSON answers sent more than once, kept as long as the answer object lives. A list page
 * the page cache serves again comes back as the SAME `RawJson` object (operations/transactions-list.ts), so
 * from its second send on its ~60 KB are written as bytes encoded once, instead of encoding, measuring and
 * flattening the text every time (~30 us a page). A first send
 * writes the text as before: encoding a page that is never sent again into a Buffer of its own measured
 * slower (external memory per request). Kept on the answer under a symbol (invisible to `isRawJson`, JSON
 * and structured clone), so a page dropped by the cache takes its bytes with it. Not in a WeakMap: V8's
 * young-generation GC keeps a WeakMap's values alive, so each value outlived its answer until a full GC
 * (docs/performance.md "Memory on the request path").
 */
const ENCODED = Symbol('encoded')
type SentRawJson = RawJson & { [ENCODED]?: Buffer | null }

/**
 * The envelope as the HTTP adapter sends it: the chunks to write in order, their size in bytes, and the
 * same answer as text pieces for the request log (`parts`, never joined: the log reads the start).
 *
 * A first send writes the pieces as they are (a raw answer built from pieces, `rawJsonOfParts`, is never
 * read whole here): measuring or writing the joined text made V8 copy it into one flat string first, for a
 * 10,000-row page 6 MB more in the large-object space per answer, freed only by a full GC
 * (docs/performance.md "Memory on the request path").
 */
export function jsonBody(body: unknown): { chunks: (string | Buffer)[]; parts: readonly string[]; length: number } {
  const split = splitEnvelope(body)
  if (!split) {
    const text = JSON.stringify(body)
    return { chunks: [text], parts: [text], length: Buffer.byteLength(text) }
  }
  const parts = [split.head, ...rawJsonParts(split.data), '}']
  const data: SentRawJson = split.data
  const known = data[ENCODED]
  if (known === undefined) {
    data[ENCODED] = null
    let length = 0
    for (const part of parts) length += Buffer.byteLength(part)
    return { chunks: parts, parts, length }
  }
  // Sent again (a cached page, at most 500 rows): its bytes once, then as they are.
  const bytes = known ?? Buffer.from(data.rawJson)
  if (known === null) data[ENCODED] = bytes
  return { chunks: [split.head, bytes, '}'], parts, length: Buffer.byteLength(split.head) + bytes.length + 1 }
}
