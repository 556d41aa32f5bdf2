/**
 * A budget of failures per key (a client address, an account being signed in to): `burst` failures at
 * once, given back at `perMinute`. While a key has no failure left, `retryAfterSeconds` says how long until
 * it has one again (the `Retry-After` of a 429). Only failures are counted: successes cost nothing, so a
 * client that knows its credential is never slowed by its own traffic. Time is injected (tests move it);
 * the keys remembered are bounded (the least recently failed are forgotten first), so a flood of keys
 * costs a fixed amount of memory. Plain TypeScript: any face or operation can hold one.
 */
export interface FailureBudgetOptions {
  /** Failures a key may make in a row before it must wait. */
  burst: number
  /** Failures given back per minute (continuously). */
  perMinute: number
  now?: () => number
  /** Keys remembered at most (default 10,000). */
  maxKeys?: number
}

export interface FailureBudget {
  /** Seconds until `key` may fail again: 0 while it has a failure left. */
  retryAfterSeconds(key: string): number
  /** Spends one failure of `key`'s budget; returns `retryAfterSeconds(key)` after it. */
  fail(key: string): number
  /** Gives `key` its whole budget back (an operator's unlock). */
  forgive(key: string): void
}

export function createFailureBudget(options: FailureBudgetOptions): FailureBudget {
  const { burst, perMinute, now = Date.now, maxKeys = 10_000 } = options
  if (!(burst >= 1) || !(perMinute > 0)) throw new RangeError('a failure budget needs burst >= 1 and perMinute > 0')
  const perMs = perMinute / 60_000
  /** Failures left per key and when that was counted; a key at its whole budget is not kept. */
  const left = new Map<string, { failures: number; at: number }>()

  function current(key: string): number {
    const entry = left.get(key)
    if (!entry) return burst
    const failures = Math.min(burst, entry.failures + (now() - entry.at) * perMs)
    if (failures >= burst) left.delete(key)
    return failures
  }

  function retryAfterSeconds(key: string): number {
    const failures = current(key)
    if (failures >= 1) return 0
    return Math.max(1, Math.ceil((1 - failures) / perMs / 1000))
  }

  return {
    retryAfterSeconds,
    fail(key) {
      const failures = Math.max(0, current(key) - 1)
      left.delete(key) // re-inserted last: the least recently failed key is the first one forgotten
      left.set(key, { failures, at: now() })
      if (left.size > maxKeys) left.delete(left.keys().next().value!)
      return retryAfterSeconds(key)
    },
    forgive(key) {
      left.delete(key)
    },
  }
}
