import type { Store } from '../db/store'
import { SETTINGS } from '../db/settings-registry'

/**
 * The simulated clock: the host's real clock plus an offset QA can advance. The offset is persisted so a
 * restart keeps simulated time monotonic.
 */
export function createSimulatedClock(store: Store, realNow: () => number) {
  let offsetMs = store.settings.get(SETTINGS.clockOffsetMs)
  return {
    now: () => realNow() + offsetMs,
    offsetMs: () => offsetMs,
    advance(ms: number): void {
      offsetMs += ms
      store.settings.set(SETTINGS.clockOffsetMs, offsetMs)
    },
  }
}
export type SimulatedClock = ReturnType<typeof createSimulatedClock>
