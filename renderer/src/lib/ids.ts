/** A UUID for `Idempotency-Key` (required for bank transfers and reversals with a live key). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // randomUUID needs a secure context; 127.0.0.1 is one, but a host bound elsewhere may not be.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * A merchant reference for when the user leaves it empty: readable, sortable by time and unique enough
 * for a sandbox. It matches MERCHANT_REFERENCE_PATTERN (letters, digits, dots, underscores, hyphens).
 */
export function generateMerchantReference(prefix: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:TZ.]/g, '').slice(0, 14)
  const random = Array.from(crypto.getRandomValues(new Uint8Array(3)), (b) => b.toString(36).padStart(2, '0')).join('')
  return `${prefix}-${stamp}-${random}`
}
