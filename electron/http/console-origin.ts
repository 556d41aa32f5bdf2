/**
 * Console routes answer only the console's own page: a browser request that names another origin (a web
 * page the user has open elsewhere, a `file://` page's "null") is refused, whatever credential it holds.
 * Browsers send `Origin` on every cross-origin request and on same-origin writes; a request without it
 * comes from a program (CLI, CI, the desktop app's main process) or is a same-origin read.
 */
export function isForeignOrigin(origin: string | undefined, host: string | undefined, secure: boolean): boolean {
  if (origin === undefined) return false
  if (!host) return true
  return origin.toLowerCase() !== `${secure ? 'https' : 'http'}://${host.toLowerCase()}`
}

/** Whether a bound interface is loopback only (the console then answers loopback Host names only). */
export function isLoopbackHost(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1' || host === '[::1]'
}
