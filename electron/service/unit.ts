import type { PushEvent } from '../../shared/api/push-events'
import type { Store } from './db/store'
import type { Engine } from './engine'
import type { Ids } from './ids'

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

/** A unit the engine runs (dispatcher, simulator, webhook dispatcher): it also reaches engine-wide state. */
export interface EngineUnit extends Unit {
  engine: Engine
}

/** A unit over the engine whose push events go to `queued` (the runner publishes them after COMMIT). */
export function newUnit(engine: Engine, now: number, queued: PushEvent[]): EngineUnit {
  return { engine, store: engine.store, ids: engine.ids, now, emit: (event) => queued.push(event) }
}

/**
 * Runs one unit of work now, alone (a batch of one: its own SQLite transaction), and publishes its push
 * events once it committed: the console never hears of a change rolled back. Throws the unit's error.
 * Never call it from inside a unit: that throws NestedUnitError (batcher.ts) rather than commit as a SAVEPOINT.
 */
export function runUnit<T>(engine: Engine, now: number, work: (unit: EngineUnit) => T): T {
  engine.units.flush()
  const [outcome] = engine.units.runBatch([(queued: PushEvent[]) => work(newUnit(engine, now, queued))])
  if (!outcome!.ok) throw outcome!.error
  return outcome!.value
}
