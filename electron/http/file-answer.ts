import type { ServerResponse } from 'node:http'

/** A file route's attachment name: its path parameters, then its path's last segment (`pb_123-results.csv`). */
export function attachmentName(path: string, params: Record<string, string>): string {
  const name = [...Object.values(params), path.slice(path.lastIndexOf('/') + 1)].join('-')
  return name.replace(/[^A-Za-z0-9._-]/g, '_')
}

/**
 * A route that produces a file (`produces` in the route table) answers its success as that file: the
 * operation's data is the text, sent with its media type as an attachment. Returns what the request log
 * keeps, as sendJson does.
 */
export function sendFile(res: ServerResponse, status: number, text: string, mediaType: string, fileName: string, headers: Record<string, string>) {
  const sent = {
    'Content-Type': `${mediaType}; charset=utf-8`,
    'Content-Length': String(Buffer.byteLength(text)),
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  }
  res.writeHead(status, sent)
  res.end(text)
  return { parts: [text], headers: sent }
}
