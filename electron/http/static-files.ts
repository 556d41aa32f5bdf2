import { createReadStream, existsSync, statSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json', '.woff2': 'font/woff2',
}

/** The console page's policy: only our own scripts, styles and API; no frames, plugins or foreign hosts. */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

/** Serves the console's web build. Returns false when the path is not a file of the build. */
export function serveStatic(root: string, pathname: string, res: ServerResponse): boolean {
  const base = resolve(root)
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return false // malformed percent-encoding names no file: 404, not a 500
  }
  const relative = pathname === '/' ? 'index.html' : decoded.replace(/^\/+/, '')
  const file = normalize(join(base, relative))
  if (file !== base && !file.startsWith(base + sep)) return false
  if (!existsSync(file) || !statSync(file).isFile()) return false
  const type = TYPES[extname(file)] ?? 'application/octet-stream'
  res.writeHead(200, {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(type.startsWith('text/html') ? { 'Content-Security-Policy': CONSOLE_CSP, 'X-Frame-Options': 'DENY' } : {}),
  })
  createReadStream(file).pipe(res)
  return true
}
