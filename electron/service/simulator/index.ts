import type { Engine } from '../engine'

/**
 * The settlement simulator: `tick()` finalizes every transaction whose `due_at` has passed and settles
 * charges whose `settle_due_at` has passed, each in its own SQLite transaction. No timers inside.
 */
export function createSimulator(_engine: Engine) {
  return {
    /** Moves due work forward at the engine's simulated now. Returns how many transactions changed. */
    tick(): number {
      return 0
    },
  }
}
export type Simulator = ReturnType<typeof createSimulator>
