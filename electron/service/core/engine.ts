import type { Store } from '../db/store'
import type { Batcher } from './batcher'
import type { SimulatedClock } from './clock'
import type { Ids } from './ids'

/**
 * The core every subsystem of the engine shares (the dispatcher, the simulator, the webhook dispatcher):
 * the store, the id source, the clocks and the unit runner. Units of work never carry it: a unit is its
 * store, ids, time and event queue (unit.ts); what console operations need of the host is OperationHost.
 */
export interface Engine {
  store: Store
  ids: Ids
  /** Simulated now (real clock plus the QA-controlled offset), ms since the epoch. */
  now(): number
  /** The simulated clock behind `now()`: QA advances it from the console. */
  clock: SimulatedClock
  /** The host's real clock, never advanced: for what receivers check against their own clock (webhook signature timestamps). */
  wallNow(): number
  /**
   * Runs units of work: alone or grouped, each in its savepoint of one SQLite transaction, publishing
   * their push events after the COMMIT (batcher.ts). Nothing publishes at once: units queue with `unit.emit`.
   */
  units: Batcher
}
