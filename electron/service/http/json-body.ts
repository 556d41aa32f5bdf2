import { splitEnvelope, type RawJson } from '../../../shared/api/raw-json'

/**
 * UTF-8 bytes of raw JSON answers sent more than once, kept as long as the answer object lives. A list page
 * the page cache serves again comes back as the SAME `RawJson` object (operations/transactions-list.ts), so
 * from its second send on its ~60 KB are written as bytes encoded once, instead of encoding, measuring and
 * flattening the text every time (~30 us a page; docs/benchmarks.md "Search, limit 100"). A first send
 * writes the text as before: encoding a page that is never sent again into a Buffer of its own measured
 * slower (external memory per request). Kept on the answer under a symbol (invisible to `isRawJson`, JSON
 * and structured clone), so a page dropped by the cache takes its bytes with it. Not in a WeakMap: V8's
 * young-generation GC keeps a WeakMap's values alive, so each value outlived its answer until a full GC
 * (docs/benchmarks.md "Memory").
 */
const ENCODED = Symbol('encoded')
type SentRawJson = RawJson & { [ENCODED]?: Buffer | null }

/**
 * The envelope as the HTTP adapter sends it: the chunks to write in order, their size in bytes, and the
 * same answer as text for the request log (a concatenation V8 keeps unflattened; the log reads its start).
 */
export function jsonBody(body: unknown): { chunks: (string | Buffer)[]; text: string; length: number } {
  const split = splitEnvelope(body)
  if (!split) {
    const text = JSON.stringify(body)
    return { chunks: [text], text, length: Buffer.byteLength(text) }
  }
  const text = `${split.head}${split.data.rawJson}}`
  const data: SentRawJson = split.data
  const known = data[ENCODED]
  if (known === undefined) {
    data[ENCODED] = null
    return { chunks: [text], text, length: Buffer.byteLength(text) }
  }
  const bytes = known ?? Buffer.from(data.rawJson)
  if (known === null) data[ENCODED] = bytes
  return { chunks: [split.head, bytes, '}'], text, length: Buffer.byteLength(split.head) + bytes.length + 1 }
}
