import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto'

/**
 * Password hashing with scrypt (node:crypto), memory-hard: N = 2^14, r = 8 (16 MiB per hash), p = 1, a
 * 16-byte salt and a 32-byte hash, stored as `scrypt$N$r$p$salt$hash` (base64) so the cost can rise later
 * without invalidating stored hashes. The password itself is never stored, logged or returned.
 */
const N = 16_384
const R = 8
const P = 1
const KEY_BYTES = 32
const MAX_MEMORY = 64 * 1024 * 1024

export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  const hash = scryptSync(password.normalize('NFC'), salt, KEY_BYTES, { N, r: R, p: P, maxmem: MAX_MEMORY })
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$')
}

/** A stored hash's parts; null when malformed (it never matches). */
function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return null
  const expected = Buffer.from(hash, 'base64')
  const params = { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEMORY }
  if (![params.N, params.r, params.p].every((v) => Number.isInteger(v) && v > 0) || expected.length === 0) return null
  return { salt: Buffer.from(salt, 'base64'), expected, params }
}

/** Whether `password` matches a stored hash; a malformed stored value never matches. */
export function verifyPassword(password: string, stored: string): boolean {
  const parsed = parse(stored)
  if (!parsed) return false
  const actual = scryptSync(password.normalize('NFC'), parsed.salt, parsed.expected.length, parsed.params)
  return timingSafeEqual(actual, parsed.expected)
}

/**
 * verifyPassword off the engine thread: scrypt runs on libuv's thread pool, so a sign-in (which needs no
 * credential) never blocks the calls of everyone else for the ~25 ms a hash takes.
 */
export function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored)
  if (!parsed) return Promise.resolve(false)
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), parsed.salt, parsed.expected.length, parsed.params, (error, actual) => {
      if (error) reject(error)
      else resolve(timingSafeEqual(actual, parsed.expected))
    })
  })
}

/**
 * A hash no password matches in practice, checked when a name is unknown or disabled: sign-in then costs
 * one scrypt like any other attempt, so its timing does not tell which names exist.
 */
let unknownUser: string | undefined
export function unknownUserHash(): string {
  unknownUser ??= hashPassword(randomBytes(24).toString('base64'))
  return unknownUser
}

/** unknownUserHash, made off the engine thread the first time. */
export function unknownUserHashAsync(): Promise<string> {
  if (unknownUser !== undefined) return Promise.resolve(unknownUser)
  const salt = randomBytes(16)
  return new Promise((resolve, reject) => {
    scrypt(randomBytes(24).toString('base64'), salt, KEY_BYTES, { N, r: R, p: P, maxmem: MAX_MEMORY }, (error, hash) => {
      if (error) return reject(error)
      unknownUser ??= ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$')
      resolve(unknownUser)
    })
  })
}
