import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { tamperBody } from '../faults/webhook-faults'

const SECRET_PREFIX = 'whsec_'

/**
 * The secrets that sign at `wallNow` (the real clock: a rotation's overlap ends on it): the current one, plus
 * the previous one while its rotation overlap lasts, listed FIRST: receivers that read only the first `v1` (the provider's own sample does) keep
 * working until they are given the new secret; receivers that check every `v1` accept either.
 */
export function activeSecrets(
  endpoint: { secret: string; previous_secret: string | null; previous_secret_expires_at: number | null },
  wallNow: number,
): string[] {
  const overlapping = endpoint.previous_secret !== null && endpoint.previous_secret_expires_at !== null && endpoint.previous_secret_expires_at > wallNow
  return overlapping ? [endpoint.previous_secret!, endpoint.secret] : [endpoint.secret]
}

/**
 * A secret's id: names which secret signed a webhook without revealing it (evidence bundles, the endpoint
 * view). The first 16 hex digits of the secret's SHA-256: whoever holds the secret computes the same id.
 */
export function secretId(secret: string): string {
  return `wsid_${createHash('sha256').update(secret, 'utf8').digest('hex').slice(0, 16)}`
}

/** Provider scheme: hex HMAC-SHA256 keyed with the whole secret string (UTF-8), over `t.body` (a string as UTF-8, or the bytes received). */
export function providerSignature(secret: string, timestampSeconds: number, body: string | Buffer): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestampSeconds}.`, 'utf8').update(body).digest('hex')
}

/** How long a signature's timestamp stays acceptable either side of the receiver's clock (DECISIONS: 5 minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 300

/**
 * A receiver's check of the provider scheme (`X-Webhook-Signature: t=…,v1=…[,v1=…]`) over the raw body bytes:
 * `ok` when any `v1` is the HMAC of `t.body` under `secret` (compared in constant time) and `t` is within
 * the tolerance of `nowSeconds` (the receiver's wall clock); `stale` for a right signature at a wrong time
 * (a replay); `bad` otherwise, a missing or malformed header included.
 */
export function verifyProviderSignature(header: string | undefined, body: Buffer, secret: string, nowSeconds: number): 'ok' | 'stale' | 'bad' {
  if (header === undefined) return 'bad'
  const parts = header.split(',').map((part) => part.trim())
  const stamp = parts.find((part) => part.startsWith('t='))?.slice(2)
  if (stamp === undefined || !/^\d{1,12}$/.test(stamp)) return 'bad'
  const expected = Buffer.from(providerSignature(secret, Number(stamp), body), 'hex')
  const matches = parts.filter((part) => /^v1=[0-9a-f]{64}$/i.test(part)).some((part) => timingSafeEqual(Buffer.from(part.slice(3), 'hex'), expected))
  if (!matches) return 'bad'
  return Math.abs(nowSeconds - Number(stamp)) <= SIGNATURE_TOLERANCE_SECONDS ? 'ok' : 'stale'
}

/** Standard Webhooks scheme: base64 HMAC-SHA256 keyed with the base64-decoded part after `whsec_`, over `id.t.body`. */
export function standardSignature(secret: string, eventId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64')
  return createHmac('sha256', key).update(`${eventId}.${timestampSeconds}.${body}`, 'utf8').digest('base64')
}

export interface SignatureInput {
  eventId: string
  timestampSeconds: number
  /** The exact bytes sent (UTF-8); both signatures cover them and nothing else may re-serialise the body. */
  body: string
  /** The previous secret first during a rotation overlap, then the current one. */
  secrets: readonly string[]
}

/**
 * Both schemes' headers. With several secrets, the provider header repeats `v1=` and the Standard
 * Webhooks header lists space-separated `v1,` signatures, so a receiver holding either secret verifies.
 */
export function signatureHeaders(input: SignatureInput): Record<string, string> {
  const { eventId, timestampSeconds: t, body, secrets } = input
  const provider = secrets.map((secret) => `v1=${providerSignature(secret, t, body)}`).join(',')
  const standard = secrets.map((secret) => `v1,${standardSignature(secret, eventId, t, body)}`).join(' ')
  return {
    'x-webhook-signature': `t=${t},${provider}`,
    'x-webhook-event-id': eventId,
    'webhook-id': eventId,
    'webhook-timestamp': String(t),
    'webhook-signature': standard,
  }
}

/** The alterations of the fault lab a copy is signed with (faults/webhook-faults.ts decides them). */
export interface SigningAlterations {
  staleBySeconds: number
  otherSecret: (() => string) | null
  tamper: boolean
}

/** One signed copy: what goes on the wire, and the ids of the secrets that signed it (never the secrets). */
export interface SignedCopy {
  headers: Record<string, string>
  body: string
  secretIds: string[]
}

/**
 * Signs one copy of a delivery: the signature headers of both schemes over its body, as altered by the
 * fault lab (an old timestamp, a wrong secret, a byte changed after signing). Every real delivery is
 * signed here, so the ids of the secrets that really signed (a wrong one under `wrong-secret`) are named
 * here too, for the attempt's record.
 */
export function signCopy(input: SignatureInput, alterations: SigningAlterations): SignedCopy {
  const signing: SignatureInput = {
    ...input,
    timestampSeconds: input.timestampSeconds - alterations.staleBySeconds,
    secrets: alterations.otherSecret ? [alterations.otherSecret()] : input.secrets,
  }
  return { headers: signatureHeaders(signing), body: alterations.tamper ? tamperBody(input.body) : input.body, secretIds: signing.secrets.map(secretId) }
}
