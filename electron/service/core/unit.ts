import type { PushEvent } from '../../../shared/api/push-events'
import type { Store } from '../db/store'
import type { Ids } from './ids'
import type { Batcher } from './batcher'

/**
 * One unit of work: what the money path, the outbox and the settle steps need, created once per unit
 * (an API call by the dispatcher, a simulator step, a webhook attempt record) and passed FIRST to every
 * function that changes state. `emit` queues a push event; it is published only after the SQLite
 * transaction that holds the unit's changes commits, never at once.
 */
export interface Unit {
  store: Store
  ids: Ids
  /** The simulated now the unit acts at (one value for the whole unit). */
  now: number
  emit(event: PushEvent): void
}

/** What units are made of and run by: the engine's store, ids and batcher (core/engine.ts). */
export interface UnitRunner {
  store: Store
  ids: Ids
  units: Batcher
}

/** A unit over the store and ids whose push events go to `queued` (the runner publishes them after COMMIT). */
export function newUnit(source: Pick<UnitRunner, 'store' | 'ids'>, now: number, queued: PushEvent[]): Unit {
  return { store: source.store, ids: source.ids, now, emit: (event) => queued.push(event) }
}

/** The same unit acting at another time (history booked at the moment it happened). */
export function atTime(unit: Unit, now: number): Unit {
  return { ...unit, now }
}

/**
 * Runs one unit of work now, alone (a batch of one: its own SQLite transaction), and publishes its push
 * events once it committed: the console never hears of a change rolled back. Throws the unit's error.
 * Never call it from inside a unit: that throws NestedUnitError (batcher.ts) rather than commit as a SAVEPOINT.
 */
export function runUnit<T>(runner: UnitRunner, now: number, work: (unit: Unit) => T): T {
  runner.units.flush()
  const [outcome] = runner.units.runBatch([(queued: PushEvent[]) => work(newUnit(runner, now, queued))])
  // No outcome: the batch ended before the unit ran (BEGIN failed; the database is closed or gone).
  if (!outcome) throw new Error('the unit did not run: its batch ended before it (is the database closed?)')
  if (!outcome.ok) throw outcome.error
  return outcome.value
}
