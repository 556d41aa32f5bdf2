import { cutNote } from '../../../shared/logged-body'
import { redactSecrets, type Redact } from './redact'

/** Code units read past the limit, so a head whose secrets were shortened by redaction still fills it. */
export const HEAD_SLACK = 1024

/** The characters of redact.ts's runs: a secret's prefix (`sk_test_`, `whsec_`…), the key itself, and `%` and `\` of its encoded forms. */
function isSecretChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
    || code === 43 || code === 47 || code === 61 || code === 95 || code === 45 // + / = _ -
    || code === 37 || code === 92 // % \
}

/**
 * The redacted start of a long text, or null when it cannot tell without redacting all of it. A secret is
 * one unbroken run of secret characters, so redacting a head that ends BETWEEN runs gives exactly the start
 * of the whole text redacted: the head stops before the run it would cut (a key split at the limit
 * could otherwise keep a few of its characters, too few for the pattern to recognise it).
 */
function redactedHead(text: string, limitBytes: number, redact: Redact): string | null {
  let end = limitBytes + HEAD_SLACK
  while (end > 0 && isSecretChar(text.charCodeAt(end - 1)) && isSecretChar(text.charCodeAt(end))) end--
  const head = redact(text.slice(0, end))
  // Fewer bytes than the limit (a long run stopped the head early, or redaction shortened it): do it all.
  return Buffer.byteLength(head) > limitBytes ? head : null
}

/** At most `limitBytes` of UTF-8, ending on a character boundary. */
function firstBytes(text: string, limitBytes: number): string {
  // Every UTF-16 code unit is at least one byte, so the first limit + 1 of them hold more than the limit.
  const bytes = Buffer.from(text.slice(0, limitBytes + 1))
  let end = limitBytes
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end-- // a continuation byte: its character began earlier
  return bytes.toString('utf8', 0, end)
}

/**
 * A body as the request log stores it: secrets redacted, and when longer than `limitBytes` its first
 * `limitBytes` (on a character boundary) followed by `cutNote` with the whole body's size. A long body is
 * redacted only as far as it is kept, so a 60 KB list page costs the log ~8 KiB of work.
 * `totalBytes`: the body's size as received when the text was decoded from bytes.
 */
export function storedBody(text: string, limitBytes: number, totalBytes?: number, redact: Redact = redactSecrets): string {
  const redacted = (text.length > limitBytes + HEAD_SLACK ? redactedHead(text, limitBytes, redact) : null) ?? redact(text)
  return keptOf(redacted, limitBytes, () => totalBytes ?? Buffer.byteLength(text))
}

/** `redacted` as stored: whole when within the limit, else its first `limitBytes` and the cut note. */
function keptOf(redacted: string, limitBytes: number, totalBytes: () => number): string {
  if (redacted.length <= limitBytes / 3 || Buffer.byteLength(redacted) <= limitBytes) return redacted
  return `${firstBytes(redacted, limitBytes)}${cutNote(limitBytes, totalBytes())}`
}

/**
 * `storedBody` of the text `parts` make in order, without joining them: the HTTP adapter hands the log a
 * big answer in pieces (http/json-body.ts), and joining, slicing or even reading one character of the whole
 * would make V8 copy all of it into one string first (6 MB for a 10,000-row page). Only the start is
 * joined: `redactedHead` reads no further than `limitBytes + HEAD_SLACK` code units, so the result is
 * storedBody's of the whole, and in the one case it redacts the whole text (a run of key characters across
 * the head's end that leaves it under the limit) the whole text is joined after all.
 */
export function storedBodyOfParts(parts: readonly string[], limitBytes: number, totalBytes?: number, redact: Redact = redactSecrets): string {
  const headUnits = limitBytes + HEAD_SLACK + 1
  let start = ''
  let complete = true
  for (const part of parts) {
    if (part.length === 0) continue
    const room = headUnits - start.length
    if (part.length > room) {
      start += part.slice(0, room)
      complete = false
      break
    }
    start += part
  }
  if (complete) return storedBody(start, limitBytes, totalBytes, redact) // the start is all of it
  const whole = () => parts.join('')
  const head = redactedHead(start, limitBytes, redact)
  if (head === null) return storedBody(whole(), limitBytes, totalBytes, redact)
  return keptOf(head, limitBytes, () => totalBytes ?? Buffer.byteLength(whole()))
}
