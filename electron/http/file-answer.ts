import type { ServerResponse } from 'node:http'
import type { ServiceResponse } from '../../shared/api/envelope'
import type { RouteSpec } from '../../shared/api/route'

/** A file route's successful answer: its text, media type and the attachment's name. */
export interface FileAnswer {
  text: string
  mediaType: string
  fileName: string
}

/**
 * The file a successful answer of a file route is (`produces` in the route table): the operation's data is
 * the text, named after the path and its parameters (`rec_…-export.csv`). Null for any other answer (errors
 * stay JSON envelopes).
 */
export function fileOf(route: RouteSpec, response: ServiceResponse, params: Record<string, string>, pathname: string): FileAnswer | null {
  if (!route.produces || response.status >= 300 || !('data' in response.body) || typeof response.body.data !== 'string') return null
  const fileName = `${Object.values(params).join('-')}-${pathname.slice(pathname.lastIndexOf('/') + 1)}`
  return { text: response.body.data, mediaType: route.produces, fileName }
}

/** Sends the file as an attachment; returns what the request log keeps, as sendJson does. */
export function sendFile(res: ServerResponse, status: number, file: FileAnswer, headers: Record<string, string>): { parts: readonly string[]; headers: Record<string, string> } {
  const sent = {
    'Content-Type': `${file.mediaType}; charset=utf-8`,
    'Content-Length': String(Buffer.byteLength(file.text)),
    'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  }
  res.writeHead(status, sent)
  res.end(file.text)
  return { parts: [file.text], headers: sent }
}
