import type { SimulatorMode } from '../lifecycle/plan'

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

/** Every delivery gets at most this many attempts (the first one plus nine retries). */
export const MAX_ATTEMPTS = 10

/**
 * Waits after failed attempt 1, 2, ... (DECISIONS "Webhooks"): 30 s, 2 m, 10 m, 30 m, 1 h, 2 h, 4 h, 8 h, and a
 * last wait chosen so the final attempt lands 24 h after the first one ("retry over ~24 h").
 */
const REAL_DELAYS_MS: readonly number[] = (() => {
  const steps = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR]
  const spent = steps.reduce((sum, step) => sum + step, 0)
  return [...steps, 24 * HOUR - spent]
})()

/** The same ten attempts compressed for the `fast` (and `interactive`) simulator, so QA sees retries without waiting. */
const FAST_DELAYS_MS: readonly number[] = [SECOND, 2 * SECOND, 5 * SECOND, 10 * SECOND, 30 * SECOND, MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE]

/** The wait table a mode uses; exported for the docs and tests. */
export function retryDelaysMs(mode: SimulatorMode): readonly number[] {
  return mode === 'realistic' ? REAL_DELAYS_MS : FAST_DELAYS_MS
}

/**
 * How long to wait after failed attempt number `attemptNo` (1-based) before the next one, or null when that
 * was the last attempt and the delivery is `failed`. The mode is read at each failure, so switching the
 * simulator mode applies to the next retry.
 */
export function retryDelayMs(attemptNo: number, mode: SimulatorMode): number | null {
  if (attemptNo >= MAX_ATTEMPTS) return null
  return retryDelaysMs(mode)[attemptNo - 1] ?? null
}
