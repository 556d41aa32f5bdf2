import { createHash, randomFillSync } from 'node:crypto'

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz'
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

/**
 * M-Pesa dates its receipts in Kenyan time: East Africa Time, UTC+3 all year (no daylight saving), so a fixed
 * offset, not shared/local-days.ts's Intl formatting, on this path every finalization takes.
 */
const NAIROBI_OFFSET_MS = 3 * 3_600_000
const DAY_MS = 86_400_000
const MONTH_LETTERS = 'ABCDEFGHIJKL'
const DAY_CHARACTERS = '123456789ABCDEFGHIJKLMNOPQRSTUV'
/** Digits, then capitals: ASCII order, so fixed-width numbers written with it sort as they grow. */
const SORTED_DIGITS_36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const RECEIPT_NUMBER_LENGTH = 7
/** Receipt numbers per millisecond of a day: 86,400,000 ms x 900 fits in seven base-36 digits (36^7 ~ 7.8e10). */
const RECEIPTS_PER_MS = 900

/**
 * An M-Pesa-style receipt dated `at`: `T` (as in DECISIONS' example TKL3AB9XYZ), the month (A-L) and day
 * (1-9, A-V) in Nairobi time, as real M-Pesa receipts begin, then a running number of seven characters:
 * the millisecond of the day times 900, moved on past the last one issued that day when several come in
 * one millisecond (or the clock stands still, as a seeded run's may), so one engine never repeats itself.
 * Sequential rather than random also because the support desk indexes receipts: a random one put every
 * finalization on a page of its own in that index (one more page written per finalization, and on a big
 * database one more read); receipts of one day fill its last pages instead.
 */
function receiptAt(at: number, lastNumbers: Map<number, number>): string {
  const local = at + NAIROBI_OFFSET_MS
  /** The Nairobi day, counted from 1970-01-01: the key of its running numbers. */
  const dayNumber = Math.floor(local / DAY_MS)
  const msOfDay = Math.floor(local - dayNumber * DAY_MS)
  const date = new Date(local)
  const day = `${MONTH_LETTERS[date.getUTCMonth()]}${DAY_CHARACTERS[date.getUTCDate() - 1]}`
  const number = Math.max(msOfDay * RECEIPTS_PER_MS, (lastNumbers.get(dayNumber) ?? -1) + 1)
  lastNumbers.set(dayNumber, number)
  return `T${day}${fixedWidth(number, SORTED_DIGITS_36, RECEIPT_NUMBER_LENGTH)}`
}

/** `value` (a whole number >= 0) in `length` digits of `alphabet`, most significant first, so equal-width values sort as they grow. */
function fixedWidth(value: number, alphabet: string, length: number): string {
  let rest = value
  let out = ''
  for (let i = 0; i < length; i++) {
    out = alphabet[rest % alphabet.length] + out
    rest = Math.floor(rest / alphabet.length)
  }
  return out
}

function timePart(ms: number): string {
  return fixedWidth(Math.max(0, Math.floor(ms)), CROCKFORD, 10)
}

/**
 * Identifier and secret generation. Randomness is injected so tests are repeatable; public ids start with
 * the time so they sort roughly by creation.
 */
export function createIds(now: () => number, randomBytes: RandomBytes = cryptoRandomBytes) {
  /** The last receipt number issued for each day (receiptAt; one entry a day), so one engine never repeats a receipt. */
  const lastReceiptNumbers = new Map<number, number>()
  const sortable = (prefix: string) => `${prefix}_${timePart(now())}${encode(randomBytes(16), CROCKFORD, 16)}`
  return {
    transaction: () => sortable('txn'),
    event: () => sortable('evt'),
    delivery: () => sortable('whd'),
    reconciliation: () => sortable('rec'),
    payoutBatch: () => sortable('pb'),
    outbox: () => sortable('obx'),
    request: () => requestId(randomBytes),
    apiKeyId: () => `key_${encode(randomBytes(12), CROCKFORD, 12)}`,
    organization: () => `org_${encode(randomBytes(12), CROCKFORD, 12)}`,
    apiKey: (environment: 'test' | 'live') => `sk_${environment}_${encode(randomBytes(32), ALNUM, 32)}`,
    consoleToken: () => `pdc_${encode(randomBytes(32), ALNUM, 32)}`,
    webhookSecret: () => `whsec_${randomBytes(32).toString('base64')}`,
    /** A 10-character M-Pesa-style receipt such as TKL3AB9XYZ, dated `at` (default now): see receiptAt. */
    receipt: (at: number = now()) => receiptAt(at, lastReceiptNumbers),
    /** A random integer in [0, max). */
    int: (max: number) => randomBytes(4).readUInt32BE(0) % max,
  }
}
export type Ids = ReturnType<typeof createIds>

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}
