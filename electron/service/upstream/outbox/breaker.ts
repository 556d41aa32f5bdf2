/**
 * The outbox's breaker: after `failures` unclear outcomes in a row (5xx, timeouts, resets) it stops
 * sending; queued rows stay queued. Once `cooldownMs` has passed, one row goes as a probe: an answer that
 * settles something (accepted, refused, found, not found) closes it, another failure doubles the cooldown
 * (up to `maxCooldownMs`).
 */
export interface BreakerOptions {
  failures: number
  cooldownMs: number
  maxCooldownMs: number
}

export const BREAKER_DEFAULTS: BreakerOptions = { failures: 5, cooldownMs: 30_000, maxCooldownMs: 5 * 60_000 }

export interface BreakerState {
  /** Open (sending stopped) since, or null. */
  openSince: number | null
  /** When the next probe may go while open. */
  probeAt: number | null
  failuresInRow: number
}

export function createBreaker(options: BreakerOptions, now: () => number) {
  let failuresInRow = 0
  let openSince: number | null = null
  let cooldown = options.cooldownMs
  let probeAt = 0
  let probing = false
  return {
    /** How many rows may be in flight now: all while closed; one probe when open and its time has come. */
    slots(maxInFlight: number): number {
      if (openSince === null) return maxInFlight
      return !probing && now() >= probeAt ? 1 : 0
    },
    /** A row starts while open: it is the probe. */
    started(): void {
      if (openSince !== null) probing = true
    },
    settled(): void {
      failuresInRow = 0
      openSince = null
      probing = false
      cooldown = options.cooldownMs
    },
    failed(): void {
      failuresInRow += 1
      if (openSince !== null) {
        if (!probing) return
        probing = false
        cooldown = Math.min(cooldown * 2, options.maxCooldownMs)
        probeAt = now() + cooldown
      } else if (failuresInRow >= options.failures) {
        openSince = now()
        probeAt = openSince + cooldown
      }
    },
    /** Neither settled nor failed (the request never left): a probe that did not go frees its place. */
    skipped(): void {
      probing = false
    },
    /** When the breaker lets the next row go, or null when closed. */
    nextProbeAt: (): number | null => (openSince === null ? null : probeAt),
    state: (): BreakerState => ({ openSince, probeAt: openSince === null ? null : probeAt, failuresInRow }),
  }
}
export type Breaker = ReturnType<typeof createBreaker>
