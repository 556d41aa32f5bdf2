/**
 * Redaction for the request log (the same guarantee test/http/secrets-*.test.ts prove for logs and
 * answers): API keys, console tokens, sign-in session tokens and webhook secrets are cut to their scheme prefix wherever they
 * appear (a key pasted into a body, an Idempotency-Key or a query); the Authorization header keeps only
 * the key's display prefix when the key was recognised, and nothing of an unrecognised credential.
 * Secrets are looked for in what the text decodes to as well, so a key percent-encoded in a query
 * (`sk%5Ftest%5F…`, once or twice), `\u`-escaped in a JSON string, or a webhook secret with its `+/=`
 * URL-encoded is caught like a literal one; and the host's own secrets (console token, the keys and
 * webhook secret it was started with) are found by value, with or without their prefix.
 */
const SECRET = /(sk_(?:test|live)_|whsec_|pdc_|pds_)[A-Za-z0-9+/=_-]{4,}/gi
const PREFIX = /^(?:sk_(?:test|live)_|whsec_|pdc_|pds_)/i
export const REDACTED = '[redacted]'

/**
 * A run of the characters a secret can be written with: literally, percent-encoded (`%5F`, `%255F`) or
 * JSON-escaped (`\u005f`, `\/`). Redaction never reaches past a run, so redacting the start of a text
 * that ends between runs gives the start of the whole text redacted (stored-body.ts relies on it; its
 * `isSecretChar` is this set).
 */
const RUN = /[A-Za-z0-9+/=_%\\-]+/g
/** A host secret found by value must be made of run characters (so the rule above holds). */
const RUN_ONLY = /^[A-Za-z0-9+/=_-]+$/
/** Shortest prefix-less value looked for: shorter ones would redact ordinary words. */
const MIN_BARE_LENGTH = 12

/** One round of JSON-unescaping and percent-decoding (bytes as code units: secrets are ASCII). */
function decodeOnce(text: string): string {
  return text
    .replace(/\\u([0-9A-Fa-f]{4})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\\//g, '/')
    .replace(/%([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** What a run decodes to, through up to four layers of encoding. */
function decoded(run: string): string {
  let text = run
  for (let round = 0; round < 4; round++) {
    const next = decodeOnce(text)
    if (next === text) break
    text = next
  }
  return text
}

/** A redacted decoded run written back with only plain run characters (`"` from `%22` would break JSON). */
function encodedBack(text: string): string {
  return text.replace(/[^A-Za-z0-9+/=_\-[\]]/g, (char) => {
    const code = char.charCodeAt(0)
    return code < 0x100 ? `%${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
  })
}

/** The host's own secrets as one pattern: each whole, and without its prefix when what remains is long enough. */
function byValuePattern(hostSecrets: readonly string[]): RegExp | null {
  const values = new Set<string>()
  for (const secret of hostSecrets) {
    if (!RUN_ONLY.test(secret)) continue
    values.add(secret)
    const bare = secret.replace(PREFIX, '')
    if (bare.length >= MIN_BARE_LENGTH) values.add(bare)
  }
  if (values.size === 0) return null
  const longestFirst = [...values].sort((a, b) => b.length - a.length).map((value) => value.replace(/[+/=-]/g, '\\$&'))
  return new RegExp(longestFirst.join('|'), 'g')
}

export type Redact = (text: string) => string

/** A redactor that also knows the host's own secrets (console token, the keys and webhook secret it was given). */
export function createRedactor(hostSecrets: readonly string[] = []): Redact {
  const values = byValuePattern(hostSecrets)
  const literal = (text: string) => {
    const cut = text.replace(SECRET, (_match, prefix: string) => `${prefix}${REDACTED}`)
    return values === null ? cut : cut.replace(values, REDACTED)
  }
  return (text) => {
    if (!text.includes('%') && !text.includes('\\')) return literal(text)
    // Encoded runs first: redacting the literal part of `sk_test_ab%2Bcd` first would leave `%2Bcd` behind.
    const runsDecoded = text.replace(RUN, (run) => {
      if (!run.includes('%') && !run.includes('\\')) return run
      const plain = decoded(run)
      const redacted = literal(plain)
      return redacted === plain ? run : encodedBack(redacted)
    })
    return literal(runsDecoded)
  }
}

/** Redaction by pattern only (no host secrets known). */
export const redactSecrets: Redact = createRedactor()

const CREDENTIAL_HEADERS = new Set(['cookie', 'proxy-authorization', 'x-api-key', 'api-key'])

/** `keyPrefix`: the display prefix of the key the engine recognised, `console`, or null (unknown or none). */
export function redactHeaders(headers: Record<string, string | string[] | undefined>, keyPrefix: string | null, redact: Redact = redactSecrets): Record<string, string> {
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
      out[name] = redact(value)
    }
  }
  return out
}

/**
 * A JSON value with every string in it (object keys too) redacted: a document built from rows the log does
 * not hold (a transaction's metadata and narration, a webhook's URL and body) gets the log's guarantee.
 */
export function redactJson<T>(value: T, redact: Redact): T {
  if (typeof value === 'string') return redact(value) as T
  if (Array.isArray(value)) return value.map((item) => redactJson(item, redact)) as T
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) out[redact(key)] = redactJson(item, redact)
  return out as T
}
