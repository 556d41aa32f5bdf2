import { describe, expect, it } from 'vitest'
import { signatureHeaders, verifyProviderSignature } from '../../electron/service/webhooks/signing'

/** The receiver's side of the provider scheme, as the hint endpoint checks it (upstream/hints.ts). */
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const body = '{"id":"evt_1","type":"payout.succeeded","data":{"id":"tx_1"}}'
const now = 1_800_000_000
const signed = (t: number, secrets = [secret], text = body) => signatureHeaders({ eventId: 'evt_1', timestampSeconds: t, body: text, secrets })['x-webhook-signature']!

describe('verifyProviderSignature', () => {
  it('accepts the signature over the exact bytes within five minutes either side, with any of several v1', () => {
    expect(verifyProviderSignature(signed(now), Buffer.from(body), secret, now)).toBe('ok')
    expect(verifyProviderSignature(signed(now - 300), Buffer.from(body), secret, now)).toBe('ok')
    expect(verifyProviderSignature(signed(now + 300), Buffer.from(body), secret, now)).toBe('ok')
    expect(verifyProviderSignature(signed(now, ['whsec_b2xkIHNlY3JldCBiZWZvcmUgcm90YXRpb24', secret]), Buffer.from(body), secret, now)).toBe('ok')
  })

  it('calls a right signature at a wrong time stale, and anything else bad', () => {
    expect(verifyProviderSignature(signed(now - 301), Buffer.from(body), secret, now)).toBe('stale')
    expect(verifyProviderSignature(signed(now), Buffer.from(`${body} `), secret, now)).toBe('bad')
    expect(verifyProviderSignature(signed(now, ['whsec_c29tZW9uZSBlbHNlJ3Mgc2VjcmV0']), Buffer.from(body), secret, now)).toBe('bad')
    expect(verifyProviderSignature(undefined, Buffer.from(body), secret, now)).toBe('bad')
    expect(verifyProviderSignature(`v1=${signed(now).split('v1=')[1]}`, Buffer.from(body), secret, now)).toBe('bad')
    expect(verifyProviderSignature(`t=${now},v1=${signed(now).split('v1=')[1]}zz`, Buffer.from(body), secret, now)).toBe('bad')
    expect(verifyProviderSignature(`t=${now},v1=abc`, Buffer.from(body), secret, now)).toBe('bad')
  })
})
