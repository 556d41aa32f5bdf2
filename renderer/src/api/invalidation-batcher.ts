import type { Environment } from '../../../shared/schemas/common'

export interface InvalidationBatcher<Selector extends string> {
  add(environment: Environment, selectors: readonly Selector[]): void
  dispose(): void
}

/**
 * Folds bursts of push events into few refetches. The first event after a quiet period is applied at
 * once (the console feels live); events arriving within `windowMs` of the last flush are merged and
 * applied together when the window ends. Under load (hundreds of status changes a second) a screen
 * showing 10,000 rows then refetches at most once per window instead of continuously.
 */
export function createInvalidationBatcher<Selector extends string>(
  flush: (environment: Environment, selectors: readonly Selector[]) => void,
  windowMs = 1_000,
  now: () => number = Date.now,
): InvalidationBatcher<Selector> {
  const pending = new Map<Environment, Set<Selector>>()
  let lastFlushAt = Number.NEGATIVE_INFINITY
  let timer: ReturnType<typeof setTimeout> | undefined

  function flushAll(): void {
    timer = undefined
    lastFlushAt = now()
    for (const [environment, selectors] of pending) flush(environment, [...selectors])
    pending.clear()
  }

  return {
    add(environment, selectors) {
      const set = pending.get(environment) ?? new Set<Selector>()
      for (const selector of selectors) set.add(selector)
      pending.set(environment, set)
      if (timer !== undefined) return
      const wait = lastFlushAt + windowMs - now()
      if (wait <= 0) flushAll()
      else timer = setTimeout(flushAll, wait)
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      pending.clear()
    },
  }
}
