import { createHash } from 'node:crypto'

/** The namespace of every outbox Idempotency-Key (a fixed, random UUID: changing it would re-key every intent). */
export const OUTBOX_KEY_NAMESPACE = '4f7c2a9e-8d31-4b6a-9c05-2e1d7b3f6a80'

/** RFC 9562 UUIDv5: SHA-1 of the namespace's bytes and the name, with version 5 and the RFC variant. */
export function uuidV5(name: string, namespace: string = OUTBOX_KEY_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex')
  if (ns.length !== 16) throw new Error('the namespace must be a UUID')
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest()
  const bytes = hash.subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The Idempotency-Key of one intent: derived from the organization and the intent's reference alone (the
 * merchantTransactionId; for a reversal `reversal:` and the original transaction's id, reversal.ts), so it is
 * the same after any crash, restart or second click, and a new key for the same intent can never be made.
 */
export function outboxIdempotencyKey(organizationId: string, merchantTransactionId: string): string {
  return uuidV5(`${organizationId}\n${merchantTransactionId}`)
}
