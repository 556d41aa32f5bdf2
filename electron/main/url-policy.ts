import { dirname, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where the window's page comes from: the built renderer on disk, or electron-vite's dev server.
 * Everything the window may load, navigate to or accept IPC from is judged against this one value.
 */
export type AppLocation = { kind: 'file'; indexFile: string } | { kind: 'dev'; url: string }

/** Dev server only when electron-vite says so and the app is not packaged (a packaged app never loads http). */
export function appLocation(devServerUrl: string | undefined, isPackaged: boolean, indexFile: string): AppLocation {
  return devServerUrl && !isPackaged ? { kind: 'dev', url: devServerUrl } : { kind: 'file', indexFile: resolve(indexFile) }
}

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

function filePath(url: URL): string | null {
  try {
    return resolve(fileURLToPath(url))
  } catch {
    return null
  }
}

/** The app's own page: exactly our index.html (any hash or query), or the dev server's origin. */
export function isAppUrl(url: string, location: AppLocation): boolean {
  const parsed = parse(url)
  if (!parsed) return false
  if (location.kind === 'dev') return parsed.origin === new URL(location.url).origin
  return parsed.protocol === 'file:' && filePath(parsed) === location.indexFile
}

/** Links the user may open in the OS browser: web pages only (never file:, javascript:, custom schemes). */
export function isExternalLink(url: string): boolean {
  const parsed = parse(url)
  return parsed !== null && (parsed.protocol === 'https:' || parsed.protocol === 'http:')
}

/**
 * Requests the window may make at all (defence in depth behind the CSP): files of the renderer build,
 * or the dev server (HTTP and its hot-reload socket). data:, blob: and devtools: stay with the CSP.
 */
export function isAllowedRequest(url: string, location: AppLocation): boolean {
  const parsed = parse(url)
  if (!parsed) return false
  const scheme = parsed.protocol
  if (scheme === 'file:') {
    const path = filePath(parsed)
    return location.kind === 'file' && path !== null && path.startsWith(dirname(location.indexFile) + sep)
  }
  if (scheme === 'http:' || scheme === 'https:' || scheme === 'ws:' || scheme === 'wss:') {
    return location.kind === 'dev' && parsed.host === new URL(location.url).host
  }
  return true
}

/**
 * Permission requests (camera, notifications, geolocation, ...) are refused. The one exception: our own
 * page may write to the clipboard, so "copy" buttons for keys and ids work; reading it stays refused.
 */
export function isPermissionAllowed(permission: string, requestingUrl: string, location: AppLocation): boolean {
  return permission === 'clipboard-sanitized-write' && isAppUrl(requestingUrl, location)
}
