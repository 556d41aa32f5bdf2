/**
 * The encoded forms a secret can be sent in (percent-encoded once or twice, JSON-escaped), and the
 * decoding that undoes them all: the secrets tests look for a secret in what stored text decodes to.
 */

/** Undoes `\uXXXX` escapes and `%XX` encodings, layer after layer (bytes as code units: secrets are ASCII). */
export function decodeAll(text: string): string {
  let out = text
  for (let round = 0; round < 6; round++) {
    const next = out
      .replace(/\\u([0-9A-Fa-f]{4})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    if (next === out) break
    out = next
  }
  return out
}

/** One character as written literally, percent-encoded, percent-encoded twice, or JSON-escaped. */
export const ENCODINGS = [
  (c: string) => c,
  (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  (c: string) => `%25${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
] as const

/** `text` with character i written the way `choices[i % choices.length]` names (an index into ENCODINGS). */
export function encodeWith(text: string, choices: readonly number[]): string {
  return [...text].map((c, i) => ENCODINGS[choices[i % choices.length]! % ENCODINGS.length]!(c)).join('')
}

/** Every character percent-encoded (what a client that encodes everything sends). */
export const percentAll = (text: string) => encodeWith(text, [1])
/** Only `_`, `+`, `/` and `=` percent-encoded (what encodeURIComponent and form encoders leave of a key). */
export const percentSome = (text: string) => text.replace(/[_+/=]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
/** Every character `\u`-escaped, as JSON allows inside a string. */
export const jsonEscaped = (text: string) => encodeWith(text, [3])
/** A secret without its scheme prefix. */
export const bare = (secret: string) => secret.replace(/^(sk_(test|live)_|whsec_|pdc_)/, '')
