import { ApiError } from '../../../shared/errors'

/**
 * Guessing passwords is slowed per name and per client address (docs/security.md "Sign-in"): 5 wrong
 * passwords for one name within 15 minutes lock that name for the rest of the 15 minutes (the right
 * password too, so a guess that happens to be right teaches nothing); 50 wrong ones from one address within
 * 15 minutes lock that address (looser: an office behind one proxy shares an address). Counted on the host's real clock, never the simulated one (QA moves
 * that forward by days), in memory: a restart forgets them, as it would a rate limit.
 */
export const NAME_FAILURES = 5
export const ADDRESS_FAILURES = 50
export const WINDOW_MS = 15 * 60_000
const MAX_TRACKED = 10_000

export interface SignInGuard {
  /** Throws 429 with Retry-After when the name or the address is locked now. */
  check(name: string, address: string, now: number): void
  failed(name: string, address: string, now: number): void
  succeeded(name: string): void
}

export function createSignInGuard(): SignInGuard {
  const failures = new Map<string, number[]>()
  const recent = (key: string, now: number): number[] => {
    const kept = (failures.get(key) ?? []).filter((at) => now - at < WINDOW_MS)
    if (kept.length === 0) failures.delete(key)
    else failures.set(key, kept)
    return kept
  }
  const lockedFor = (key: string, limit: number, now: number): number => {
    const kept = recent(key, now)
    if (kept.length < limit) return 0
    // Locked until the failure that reached the limit is 15 minutes old.
    return kept[kept.length - limit]! + WINDOW_MS - now
  }
  const record = (key: string, now: number) => {
    if (!failures.has(key) && failures.size >= MAX_TRACKED) failures.delete(failures.keys().next().value!)
    failures.set(key, [...(failures.get(key) ?? []), now].slice(-ADDRESS_FAILURES))
  }
  return {
    check(name, address, now) {
      const waitMs = Math.max(lockedFor(`name:${name.trim().toLowerCase()}`, NAME_FAILURES, now), lockedFor(`address:${address}`, ADDRESS_FAILURES, now))
      if (waitMs <= 0) return
      throw new ApiError('rate_limited', 'Too many failed sign-ins; try again after the time in Retry-After.', null, { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) })
    },
    failed(name, address, now) {
      record(`name:${name.trim().toLowerCase()}`, now)
      record(`address:${address}`, now)
    },
    succeeded(name) {
      failures.delete(`name:${name.trim().toLowerCase()}`)
    },
  }
}
