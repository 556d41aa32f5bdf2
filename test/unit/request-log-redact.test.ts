import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRedactor, redactSecrets } from '../../electron/service/request-log/redact'
import { ENCODINGS, bare, decodeAll, encodeWith as encode } from '../support/encoded-secrets'

/**
 * Redaction looks at what a text decodes to: a secret percent-encoded (once or twice) or JSON-escaped,
 * wholly or in part, leaves nothing of itself, and the host's own secrets are found by value with or
 * without their prefix. test/http/secrets-leaks.test.ts and fuzz-redaction.test.ts prove it end to end.
 */
const choices = fc.array(fc.nat(ENCODINGS.length - 1), { minLength: 1, maxLength: 12 })
/** What may stand around a secret: text that ends runs (`"`, `&`, space) or continues them (`=`, letters). */
const context = fc.constantFrom('', ' ', '"', '?key=', '&', 'x=', '{"k":"', '"}', '\n', '%22')

const HOST = { consoleToken: 'pdc_Q8vR2mX7kL4nT9wB', fixedKey: 'sk_test_fixedKey0000000000000042', custom: 'plainCustomToken20chars' }

describe('redaction on decoded values', () => {
  it('leaves nothing of a prefixed secret, however its characters are encoded', () => {
    const secret = fc.tuple(fc.constantFrom('sk_test_', 'sk_live_', 'whsec_', 'pdc_'), fc.stringMatching(/^[A-Za-z0-9+/=]{12,60}$/))
    fc.assert(fc.property(secret, choices, context, context, ([prefix, random], how, before, after) => {
      const stored = redactSecrets(`${before}${encode(prefix + random, how)}${after}`)
      expect(decodeAll(stored)).not.toContain(random)
      expect(decodeAll(stored)).toContain('[redacted]')
    }), { numRuns: 3_000 })
  })

  it("finds the host's own secrets by value, with or without their prefix, encoded or not", () => {
    const redact = createRedactor(Object.values(HOST))
    fc.assert(fc.property(fc.constantFrom(...Object.values(HOST)), fc.boolean(), choices, context, context, (secret, withPrefix, how, before, after) => {
      const shown = withPrefix ? secret : bare(secret)
      const stored = redact(`${before}${encode(shown, how)}${after}`)
      expect(decodeAll(stored)).not.toContain(bare(secret))
    }), { numRuns: 2_000 })
  })

  it('changes nothing in text without secrets, encoded or not', () => {
    const redact = createRedactor(Object.values(HOST))
    for (const text of ['{"amount":100,"narration":"50% off \\u00e9"}', '?q=a%20b&limit=5', 'sk_test_abc', '%E0%A4%A', '\\ud800', 'pdc_']) {
      expect(redact(text)).toBe(text)
    }
  })
})
