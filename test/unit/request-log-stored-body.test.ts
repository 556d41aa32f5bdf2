import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { redactSecrets } from '../../electron/service/request-log/redact'
import { HEAD_SLACK, storedBody, storedBodyOfParts } from '../../electron/service/request-log/stored-body'
import { cutNote, parseLoggedBody } from '../../shared/logged-body'
import { ENCODINGS, encodeWith } from '../support/encoded-secrets'

/**
 * storedBody redacts only the start of a long body (request-log/stored-body.ts). It must store exactly
 * what redacting the whole body and then cutting it would: the same text, so no secret survives a cut
 * that falls inside or right after a key, and no character split at the limit.
 */
function reference(text: string, limitBytes: number): string {
  const redacted = redactSecrets(text)
  const bytes = Buffer.from(redacted)
  if (bytes.length <= limitBytes) return redacted
  let end = limitBytes
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--
  return bytes.toString('utf8', 0, end) + cutNote(limitBytes, Buffer.byteLength(text))
}

const LIMIT = 1024
const secret = fc.tuple(fc.constantFrom('sk_test_', 'SK_LIVE_', 'whsec_', 'pdc_'), fc.stringMatching(/^[A-Za-z0-9+/=_-]{0,3000}$/)).map(([p, s]) => p + s)
/** A secret with some of its characters encoded (redact.ts finds it in what the text decodes to). */
const encodedSecret = fc.tuple(secret, fc.array(fc.nat(ENCODINGS.length - 1), { minLength: 1, maxLength: 16 })).map(([text, how]) => encodeWith(text, how))
const piece = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }), // lone surrogates too
  fc.stringMatching(/^[A-Za-z0-9+/=_-]{1,400}$/), // runs of key characters with no prefix
  fc.stringMatching(/^[A-Za-z0-9%\\_-]{1,400}$/), // runs with escapes' characters, decodable or not
  secret,
  encodedSecret,
  fc.constant('x'.repeat(900)),
)
const body = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''))

describe('storedBody', () => {
  it('stores what redacting the whole body and cutting it at the limit would, for any text', () => {
    fc.assert(fc.property(body, fc.integer({ min: 0, max: 3000 }), (text, pad) => {
      // The padding moves the limit across every position of the pieces.
      const padded = 'p'.repeat(pad) + text
      expect(storedBody(padded, LIMIT)).toBe(reference(padded, LIMIT))
    }), { numRuns: 2000 })
  })

  it('cuts at the limit on a character boundary and names the size given', () => {
    const text = `${'a'.repeat(LIMIT - 1)}😀${'b'.repeat(3000)}`
    const stored = storedBody(text, LIMIT, 12345)
    expect(parseLoggedBody(stored)).toEqual({ kept: 'a'.repeat(LIMIT - 1), cut: { keptKiB: 1, totalBytes: 12345 } })
    expect(storedBody('a'.repeat(LIMIT), LIMIT)).toBe('a'.repeat(LIMIT))
    // A key cut by the limit, its prefix well before it: nothing of it is kept.
    const key = `sk_test_${'K'.repeat(5000)}`
    const keyed = storedBody(`${'a'.repeat(LIMIT - 19)} ${key} tail`, LIMIT)
    expect(parseLoggedBody(keyed).kept.endsWith(' sk_test_[redacted]')).toBe(true)
    expect(keyed).not.toContain('KK')
  })

  it('never keeps part of a key the redacted head ends in, when redaction shortened what came before it', () => {
    // A long key early on shrinks to `sk_test_[redacted]`, so the head (limit + HEAD_SLACK code units) is
    // barely over the limit once redacted, and a second key crosses the head's end with a few characters inside.
    const headEnd = LIMIT + HEAD_SLACK
    for (let inside = 0; inside <= 12; inside++) {
      for (let over = 1; over <= 4; over++) {
        const second = ` sk_test_${'Z'.repeat(300)} tail`
        const secondAt = headEnd - ' sk_test_'.length - inside
        // Redacted: 'sk_test_[redacted]' + filler ('.': not a key character) + second's head part = LIMIT + over bytes.
        const firstKeyChars = headEnd - (LIMIT + over) + 10
        const filler = '.'.repeat(secondAt - ('sk_test_'.length + firstKeyChars))
        const text = `sk_test_${'K'.repeat(firstKeyChars)}${filler}${second}${'b'.repeat(4000)}`
        expect(storedBody(text, LIMIT)).toBe(reference(text, LIMIT))
        expect(storedBody(text, LIMIT)).not.toContain('ZZ')
      }
    }
  })
})

/** Cut points, as fractions, to split a text into pieces (empty pieces included). */
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 })
function split(text: string, at: readonly number[]): string[] {
  const points = at.map((f) => Math.floor(f * text.length)).sort((a, b) => a - b)
  const parts: string[] = []
  let from = 0
  for (const point of points) {
    parts.push(text.slice(from, point))
    from = point
  }
  parts.push(text.slice(from))
  return parts
}

describe('storedBodyOfParts (a long answer handed over in pieces, never joined)', () => {
  it('stores exactly what storedBody stores of the joined text, wherever the pieces are cut', () => {
    fc.assert(fc.property(body, fc.integer({ min: 0, max: 3000 }), cuts, fc.option(fc.nat(), { nil: undefined }), (text, pad, at, total) => {
      const padded = 'p'.repeat(pad) + text
      expect(storedBodyOfParts(split(padded, at), LIMIT, total)).toBe(storedBody(padded, LIMIT, total))
    }), { numRuns: 2000 })
  })

  it('joins the whole only when the head cannot tell (a run of key characters across its end)', () => {
    const run = 'K'.repeat(2 * (LIMIT + HEAD_SLACK))
    const parts = ['{"a":"', run, '"}', 'x'.repeat(5000)]
    expect(storedBodyOfParts(parts, LIMIT)).toBe(storedBody(parts.join(''), LIMIT))
    expect(storedBodyOfParts(['', 'short', '', ' text'], LIMIT)).toBe('short text')
    // Exactly the head's length, then more pieces: not mistaken for the whole.
    const exact = 'a'.repeat(LIMIT + HEAD_SLACK + 1)
    expect(storedBodyOfParts([exact, '', 'tail'], LIMIT, 99)).toBe(storedBody(`${exact}tail`, LIMIT, 99))
  })
})
