import { createHash, randomFillSync } from 'node:crypto'

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz'
const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export type RandomBytes = (size: number) => Buffer

const POOL_BYTES = 4_096
let pool = Buffer.alloc(0)
let poolOffset = 0

/**
 * Cryptographic random bytes, drawn from a pool refilled 4 KiB at a time: one crypto.randomBytes call per
 * id cost several microseconds, and a request needs a few ids. Bytes are copied out and never handed out twice.
 */
function cryptoRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return randomFillSync(Buffer.alloc(size))
  if (poolOffset + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafeSlow(POOL_BYTES))
    poolOffset = 0
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + size))
  poolOffset += size
  return bytes
}

function encode(bytes: Buffer, alphabet: string, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[bytes[i % bytes.length]! % alphabet.length]
  return out
}

/** A request id (`req_` + 20 letters and digits) from the given random bytes. */
function requestId(randomBytes: RandomBytes): string {
  return `req_${encode(randomBytes(20), ALNUM, 20)}`
}

/**
 * The hosts' request ids outside a seeded run (service.newRequestId): `req_`, the time (10 characters that
 * sort as it grows) and 14 random letters and digits. Time first because the request log indexes
 * request_id: random ids put each new entry on a random page of that index, so every batch wrote ~one
 * more WAL page per request (and the checkpointer copied it again); sortable ones fill the last page.
 * Seeded runs keep their own stream (reproducible.ts).
 */
export function randomRequestId(): string {
  return `req_${timePart(Date.now())}${encode(cryptoRandomBytes(14), ALNUM, 14)}`
}

function timePart(ms: number): string {
  let value = Math.max(0, Math.floor(ms))
  let out = ''
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[value % 32] + out
    value = Math.floor(value / 32)
  }
  return out
}

/**
 * Identifier and secret generation. Randomness is injected so tests are repeatable; public ids start with
 * the time so they sort roughly by creation.
 */
export function createIds(now: () => number, randomBytes: RandomBytes = cryptoRandomBytes) {
  const sortable = (prefix: string) => `${prefix}_${timePart(now())}${encode(randomBytes(16), CROCKFORD, 16)}`
  return {
    transaction: () => sortable('txn'),
    event: () => sortable('evt'),
    delivery: () => sortable('whd'),
    request: () => requestId(randomBytes),
    apiKeyId: () => `key_${encode(randomBytes(12), CROCKFORD, 12)}`,
    organization: () => `org_${encode(randomBytes(12), CROCKFORD, 12)}`,
    apiKey: (environment: 'test' | 'live') => `sk_${environment}_${encode(randomBytes(32), ALNUM, 32)}`,
    consoleToken: () => `pdc_${encode(randomBytes(32), ALNUM, 32)}`,
    webhookSecret: () => `whsec_${randomBytes(32).toString('base64')}`,
    /** A 10-character M-Pesa-style receipt such as TKL3AB9XYZ. */
    receipt: () => `T${encode(randomBytes(9), UPPER_ALNUM, 9)}`,
    /** A random integer in [0, max). */
    int: (max: number) => randomBytes(4).readUInt32BE(0) % max,
  }
}
export type Ids = ReturnType<typeof createIds>

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}
