import type { ServerResponse } from 'node:http'

/** A download route's file name: its path parameters, then its path's last segment (`pb_123-results.csv`). */
export function attachmentName(path: string, params: Record<string, string>): string {
  const name = [...Object.values(params), path.slice(path.lastIndexOf('/') + 1)].join('-')
  return name.replace(/[^A-Za-z0-9._-]/g, '_')
}

/** A download route's success: the text as an attachment instead of the JSON envelope. */
export function sendDownload(res: ServerResponse, contentType: string, fileName: string, text: string, headers: Record<string, string>): void {
  const body = Buffer.from(text, 'utf8')
  res.writeHead(200, {
    'Content-Type': contentType, 'Content-Length': String(body.length), 'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers,
  })
  res.end(body)
}
