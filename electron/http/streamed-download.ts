import type { ServerResponse } from 'node:http'
import type { ServiceResponse } from '../../shared/api/envelope'
import type { RouteSpec } from '../../shared/api/route'
import { ApiError } from '../../shared/errors'
import { isStreamedAnswer, type PaydeskService, type StreamedAnswer } from '../service'
import { downloadName } from './download'

/** What the request log keeps of a streamed answer's text (its first characters; it keeps 8 KiB anyway). */
const LOGGED_HEAD_CHARS = 16 * 1024

/** The organizations whose heavy export is being written now, per engine. */
const sending = new WeakMap<PaydeskService, Set<string>>()

/** The streamed answer a successful call carries as its data, or null. */
export function streamedOf(response: ServiceResponse): StreamedAnswer | null {
  if (response.status >= 300 || !('data' in response.body)) return null
  const data: unknown = response.body.data
  return isStreamedAnswer(data) ? data : null
}

/** The attachment's media type and name, as file-answer.ts and download.ts name whole answers. */
function attachmentOf(route: RouteSpec, params: Record<string, string>, pathname: string): { mediaType: string; fileName: string } {
  if (route.download) return { mediaType: 'application/json', fileName: downloadName(route.download.filename, params) }
  return { mediaType: route.produces ?? 'application/octet-stream', fileName: `${Object.values(params).join('-')}-${pathname.slice(pathname.lastIndexOf('/') + 1)}` }
}

/** Resolves when the client took what was written, or went away. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

/**
 * Writes a streamed answer page by page as an attachment (chunked: its size is known only at the end),
 * waiting for the client after every page it did not take at once, so what is held is one page. One at a
 * time per organization: a second heavy export while one is being written is refused (429, Retry-After).
 * Returns what the request log keeps (the text's start, the size sent), or the refusal.
 */
export async function sendStreamed(
  service: PaydeskService, res: ServerResponse, answer: StreamedAnswer,
  route: { spec: RouteSpec; params: Record<string, string>; pathname: string; status: number; headers: Record<string, string> },
): Promise<{ parts: readonly string[]; headers: Record<string, string> } | ApiError> {
  const busy = sending.get(service) ?? new Set<string>()
  sending.set(service, busy)
  if (busy.has(answer.owner)) {
    return new ApiError('rate_limited', 'An export of this organization is being written now; one heavy export at a time. Retry when it is done.', null, { 'Retry-After': '2' })
  }
  busy.add(answer.owner)
  const { mediaType, fileName } = attachmentOf(route.spec, route.params, route.pathname)
  const headers = {
    'Content-Type': `${mediaType}; charset=utf-8`, 'Content-Disposition': `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...route.headers,
  }
  let head = ''
  let bytes = 0
  try {
    res.writeHead(route.status, headers)
    for (const page of answer.pages()) {
      if (res.destroyed) break
      bytes += Buffer.byteLength(page)
      if (head.length < LOGGED_HEAD_CHARS) head += page.slice(0, LOGGED_HEAD_CHARS - head.length)
      if (!res.write(page)) await drained(res)
    }
    res.end()
  } catch (error) {
    // The status line went out: a page that cannot be read ends the answer short, never silently whole.
    console.error('[paydesk] a streamed download failed:', error instanceof Error ? error.message : error)
    res.destroy()
  } finally {
    busy.delete(answer.owner)
  }
  return { parts: [head], headers: { ...headers, 'Content-Length': String(bytes) } }
}
