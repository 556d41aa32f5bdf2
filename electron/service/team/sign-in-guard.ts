import { ApiError } from '../../../shared/errors'
import { createFailureBudget } from '../core/failure-budget'

/**
 * Guessing passwords is slowed per name and per client address (docs/security.md "Sign-in"): 5 wrong
 * passwords for one name within 15 minutes lock that name for the rest of the 15 minutes (the right
 * password too, so a guess that happens to be right teaches nothing); each client address has a budget of
 * 50 wrong passwords, given back at 50 per 15 minutes (looser: an office behind one proxy shares an
 * address), and all addresses together 500 (a program on this computer can send from any address of
 * 127.0.0.0/8, each with a budget of its own; like the bearer guard's in electron/http). The address bounds are the failure budget the HTTP face budgets failed authentications with
 * (core/failure-budget.ts). Counted on the host's real clock, never the simulated one (QA moves that
 * forward by days), in memory: a restart forgets them, as it would a rate limit. A locked name is never
 * forgotten to make room: failures of 10,000 other names must not unlock it (the oldest unlocked goes).
 */
export const NAME_FAILURES = 5
export const ADDRESS_FAILURES = 50
export const WINDOW_MS = 15 * 60_000
export const ALL_ADDRESS_FAILURES = 500
const ALL = '*'
const MAX_TRACKED = 10_000

export interface SignInGuardLimits {
  /** Names whose failures are remembered before the oldest unlocked one is forgotten (default 10,000). */
  trackedNames?: number
  /** Wrong passwords from all addresses together before every sign-in waits (default 500 per 15 minutes). */
  allAddresses?: number
}

export interface SignInGuard {
  /** Throws 429 with Retry-After when the name or the address is locked now. */
  check(name: string, address: string): void
  failed(name: string, address: string): void
  succeeded(name: string): void
}

/** Wrong passwords per name: locked once 5 fell within 15 minutes, until the fifth is 15 minutes old. */
function createNameLock(now: () => number, tracked: number) {
  const failures = new Map<string, number[]>()
  const recent = (key: string): number[] => {
    const kept = (failures.get(key) ?? []).filter((at) => now() - at < WINDOW_MS)
    if (kept.length === 0) failures.delete(key)
    else failures.set(key, kept)
    return kept
  }
  const lockedForMs = (key: string): number => {
    const kept = recent(key)
    return kept.length < NAME_FAILURES ? 0 : kept[kept.length - NAME_FAILURES]! + WINDOW_MS - now()
  }
  /** Forgets the least recently failed name that is not locked; locked ones stay (they unlock within 15 minutes). */
  const makeRoom = () => {
    for (const key of failures.keys()) {
      if (lockedForMs(key) > 0) continue
      failures.delete(key)
      return
    }
  }
  return {
    lockedForMs,
    failed(key: string): void {
      if (!failures.has(key) && failures.size >= tracked) makeRoom()
      const kept = [...recent(key), now()].slice(-NAME_FAILURES)
      failures.delete(key) // re-inserted last: the least recently failed name is the first one forgotten
      failures.set(key, kept)
    },
    forget(key: string): void {
      failures.delete(key)
    },
  }
}

const nameKey = (name: string) => name.trim().toLowerCase()

/** `now`: the host's real clock (engine.wallNow). */
export function createSignInGuard(now: () => number, limits: SignInGuardLimits = {}): SignInGuard {
  const names = createNameLock(now, limits.trackedNames ?? MAX_TRACKED)
  const addresses = createFailureBudget({ burst: ADDRESS_FAILURES, perMinute: (ADDRESS_FAILURES * 60_000) / WINDOW_MS, now, maxKeys: MAX_TRACKED })
  const allFailures = limits.allAddresses ?? ALL_ADDRESS_FAILURES
  const all = createFailureBudget({ burst: allFailures, perMinute: (allFailures * 60_000) / WINDOW_MS, now, maxKeys: 1 })
  return {
    check(name, address) {
      const waitSeconds = Math.max(Math.ceil(names.lockedForMs(nameKey(name)) / 1000), addresses.retryAfterSeconds(address), all.retryAfterSeconds(ALL))
      if (waitSeconds <= 0) return
      throw new ApiError('rate_limited', 'Too many failed sign-ins; try again after the time in Retry-After.', null, { 'Retry-After': String(Math.max(1, waitSeconds)) })
    },
    failed(name, address) {
      names.failed(nameKey(name))
      addresses.fail(address)
      all.fail(ALL)
    },
    succeeded(name) {
      names.forget(nameKey(name))
    },
  }
}
