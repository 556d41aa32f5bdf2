import type { PushEvent } from '../../../shared/api/push-events'
import type { Store } from '../db/store'
import type { Engine } from '../engine'

/**
 * What a simulator step needs: the engine, the simulated now it acts at, and where push events go.
 * An operation's context has the same shape, so console operations reuse the same steps.
 */
export interface SimulatorContext {
  engine: Engine
  store: Store
  now: number
  emit(event: PushEvent): void
}

/**
 * Runs one simulator step in its own synchronous SQLite transaction. Push events are held back until
 * the transaction commits, so the console never hears about a change that was rolled back.
 */
export function inTransaction<T>(engine: Engine, now: number, step: (ctx: SimulatorContext) => T): T {
  const queued: PushEvent[] = []
  const result = engine.store.transaction(() => step({ engine, store: engine.store, now, emit: (event) => queued.push(event) }))
  for (const event of queued) engine.emit(event)
  return result
}
