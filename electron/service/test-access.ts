import type { Store } from './db/store'
import type { Engine } from './core/engine'

/** The engine behind a service, for tests in the same process (ledger invariants, SQLite read directly). */
export interface EngineInternals {
  store: Store
  engine: Engine
}

const registry = new WeakMap<object, EngineInternals>()

/** Called once by createService. */
export function registerInternals(service: object, internals: EngineInternals): void {
  registry.set(service, internals)
}

/**
 * Tests only: the store and engine of a service. Hosts never reach in (they use the route table and the
 * service's own methods); `test/unit/layering.test.ts` fails when electron/cli, electron/main or
 * scripts/ import this file.
 */
export function engineInternals(service: object): EngineInternals {
  const internals = registry.get(service)
  if (!internals) throw new Error('not a service made by createService')
  return internals
}
