import { DoctorReportSchema, type DoctorState } from '../../../shared/schemas/faults'
import type { Engine } from '../engine'
import { runDoctor } from './run'

interface Scope {
  organizationId: string
  environment: string
}

/** Checks in progress per engine, by organization, environment and URL (one at a time per endpoint). */
const running = new WeakMap<Engine, Set<string>>()

const keyOf = (scope: Scope, url: string) => `${scope.organizationId}\n${scope.environment}\n${url}`

function runningOf(engine: Engine): Set<string> {
  let set = running.get(engine)
  if (!set) running.set(engine, (set = new Set()))
  return set
}

/** The last report of a URL and whether a check of it is running. */
export function doctorState(engine: Engine, scope: Scope, url: string | null): DoctorState {
  if (url === null) return { url, running: false, report: null }
  const row = engine.store.faults.report(scope.organizationId, scope.environment, url)
  return {
    url, running: runningOf(engine).has(keyOf(scope, url)),
    report: row ? DoctorReportSchema.parse(JSON.parse(row.report)) : null,
  }
}

/**
 * Starts the console's "Check my endpoint" in the background: the console route answers at once and the
 * report is stored when the battery is done (the last one per URL is kept). It starts on the next turn
 * of the event loop, after the route's SQLite transaction; it writes only its report.
 */
export function startConsoleDoctor(engine: Engine, scope: Scope, url: string, secret: string): void {
  const set = runningOf(engine)
  const key = keyOf(scope, url)
  if (set.has(key)) return
  set.add(key)
  setImmediate(() => {
    // Signed with the wall clock, not the simulated one: receivers check timestamps against their own clock.
    runDoctor({ url, secret, now: Date.now })
      .then((report) => {
        engine.store.faults.saveReport({
          organization_id: scope.organizationId, environment: scope.environment, url, report: JSON.stringify(report), created_at: report.finishedAt,
        })
      })
      .catch((error: unknown) => {
        // The service may have closed (database gone) while the battery ran; nothing to keep then.
        if (!(error instanceof TypeError && /database connection is not open/i.test(error.message))) console.error('[paydesk] receiver check failed:', error)
      })
      .finally(() => set.delete(key))
  })
}
