/**
 * The provider's base address: the part before `/v1` (a trailing `/v1` is accepted and dropped). https,
 * or http only to a loopback address (a second Paydesk on this machine): the key travels in every request.
 */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])

export class UpstreamUrlError extends Error {}

export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase()) || /^127(?:\.\d{1,3}){3}$/.test(hostname)
}

/** `https://provider.example/v1/` -> `https://provider.example`; throws UpstreamUrlError with the reason. */
export function parseUpstreamUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new UpstreamUrlError(`the provider address "${text}" is not a URL (e.g. https://api.provider.example)`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UpstreamUrlError(`the provider address must use https (got ${url.protocol})`)
  if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname)) {
    throw new UpstreamUrlError('the provider address must use https; plain http is accepted only to a loopback address (127.0.0.1, localhost, ::1)')
  }
  if (url.username || url.password) throw new UpstreamUrlError('the provider address must not carry a user name or password (the key goes in --upstream-key-file)')
  if (url.search || url.hash) throw new UpstreamUrlError('the provider address must not carry a query or fragment')
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '')
  return `${url.protocol}//${url.host}${path}`
}

/** The environment a provider key names, or null when it is not a key. */
export function environmentOfKey(key: string): 'test' | 'live' | null {
  if (/^sk_test_[A-Za-z0-9_-]{4,}$/.test(key)) return 'test'
  if (/^sk_live_[A-Za-z0-9_-]{4,}$/.test(key)) return 'live'
  return null
}

/** How the console shows a key: its last four characters only ("…ab12"). */
export function keyFingerprint(key: string): string {
  return `…${key.slice(-4)}`
}
