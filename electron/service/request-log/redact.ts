/**
 * Redaction for the request log (the same guarantee test/http/secrets-*.test.ts prove for logs and
 * answers): API keys, console tokens, sign-in session tokens and webhook secrets are cut to their scheme prefix wherever they
 * appear (a key pasted into a body, an Idempotency-Key or a query); the Authorization header keeps only
 * the key's display prefix when the key was recognised, and nothing of an unrecognised credential.
 */
const SECRET = /(sk_(?:test|live)_|whsec_|pdc_|pds_)[A-Za-z0-9+/=_-]{4,}/gi
export const REDACTED = '[redacted]'

export function redactSecrets(text: string): string {
  return text.replace(SECRET, (_match, prefix: string) => `${prefix}${REDACTED}`)
}

const CREDENTIAL_HEADERS = new Set(['cookie', 'proxy-authorization', 'x-api-key', 'api-key'])

/** `keyPrefix`: the display prefix of the key the engine recognised, `console`, or null (unknown or none). */
export function redactHeaders(headers: Record<string, string | string[] | undefined>, keyPrefix: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue
    const value = Array.isArray(raw) ? raw.join(', ') : raw
    if (name === 'authorization') {
      const scheme = /^\s*(\S+)\s/.exec(value)?.[1] ?? ''
      const shown = keyPrefix === 'console' ? '[console token]' : keyPrefix ?? REDACTED
      out[name] = scheme && scheme.length <= 16 && /^[A-Za-z]+$/.test(scheme) ? `${scheme} ${shown}` : REDACTED
    } else if (CREDENTIAL_HEADERS.has(name)) {
      out[name] = REDACTED
    } else {
      out[name] = redactSecrets(value)
    }
  }
  return out
}
