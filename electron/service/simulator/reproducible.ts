import type { Store } from '../db/store'
import { createDueRepo } from '../db/due-repo'
import { createIds, type Ids } from '../core/ids'
import { createSeededRandom } from '../core/seeded-random'
import type { SimulatedClock } from '../core/clock'
import { isPaused } from '../lifecycle/simulator-settings'
import { SETTINGS } from '../db/settings-registry'

/**
 * Reproducible runs (`--seed`, `--clock`; docs/simulator.md "Seeded runs"). Two fresh runs with the same
 * scenario, seed, clock and request sequence give byte-identical API responses and webhook bodies:
 * - ids, receipts, secrets and timings come from a PRNG seeded with the seed (request ids from a second
 *   stream, so when a request id is drawn relative to the simulator's work does not matter);
 * - the simulated clock never takes its value from the wall clock. It starts at `--clock` and moves only:
 *   1. by REQUEST_STEP_MS before every call (any face), after which due work is finalized first, so a
 *      request always sees everything that became due before it;
 *   2. by explicit advances (`POST /console/simulator/advance`);
 *   3. when idle: once as much real time has passed since the clock last moved as separates simulated now
 *      from the next due work, the clock jumps exactly to that due time. So the fast simulator's outcomes
 *      still arrive after 1-3 real seconds, stamped with their planned (seeded) time.
 *   The wall clock only paces rule 3; no value it returns reaches a response, except what is about the
 *   receiver's real time: webhook signature timestamps and the end of a secret rotation's overlap.
 */
export const REQUEST_STEP_MS = 100
/** Where a seeded run's clock starts without `--clock`. */
export const DEFAULT_SEEDED_START = Date.UTC(2026, 0, 1)

export interface SeededRun {
  clock: SimulatedClock
  ids: Ids
  newRequestId(): string
  /** Rule 1: before each call. */
  beforeCall(catchUp: () => void): void
  /** Rule 3: at each host tick. */
  idleJump(): void
}

export function createSeededRun(store: Store, options: { seed: number; clockStart?: number; realNow: () => number }): SeededRun {
  // A database reopened with the same seed must not draw the same ids again: each start gets its own streams.
  const generation = store.settings.get(SETTINGS.seedGeneration)
  store.settings.set(SETTINGS.seedGeneration, generation + 1)
  const seed = (options.seed + generation * 0x9e3779b9) >>> 0
  const start = options.clockStart ?? DEFAULT_SEEDED_START
  let now = store.settings.get(SETTINGS.seededNow) ?? start
  let movedAtReal = options.realNow()
  const move = (to: number) => {
    now = to
    movedAtReal = options.realNow()
    store.settings.set(SETTINGS.seededNow, now)
  }
  const clock: SimulatedClock = {
    now: () => now,
    offsetMs: () => now - start,
    advance: (ms: number) => move(now + ms),
  }
  const ids = createIds(clock.now, createSeededRandom(seed).bytes)
  const requestIds = createIds(clock.now, createSeededRandom(seed ^ 0x5eed5eed).bytes)
  const due = createDueRepo(store.db)
  return {
    clock,
    ids,
    newRequestId: () => requestIds.request(),
    beforeCall(catchUp) {
      move(now + REQUEST_STEP_MS)
      catchUp()
    },
    idleJump() {
      if (isPaused(store)) return
      const next = due.next()
      if (next === null || next <= now) return
      if (options.realNow() - movedAtReal >= next - now) move(next)
    },
  }
}
