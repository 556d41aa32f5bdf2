import type { DoctorState } from '../../../shared/schemas/faults'
import type { Scope } from '../core/principal'
import { runUnit, type UnitRunner } from '../core/unit'
import { runDoctor } from './run'

/** The console's "Check my endpoint": the last report of a URL, and checks started in the background. */
export interface ConsoleDoctor {
  /** The last report of a URL and whether a check of it is running. */
  state(scope: Scope, url: string | null): DoctorState
  /** Starts a check unless one of the same URL runs; its report is stored when the battery is done. */
  start(scope: Scope, url: string, secret: string): void
}

const keyOf = (scope: Scope, url: string) => `${scope.organizationId}\n${scope.environment}\n${url}`

/**
 * The console route answers at once and the report is stored when the battery is done (the last one per
 * URL is kept). A check starts on the next turn of the event loop, after the route's SQLite transaction,
 * and writes only its report, in a unit of its own.
 */
export function createConsoleDoctor(runner: UnitRunner & { now(): number }): ConsoleDoctor {
  const running = new Set<string>()
  return {
    state(scope, url) {
      if (url === null) return { url, running: false, report: null }
      return { url, running: running.has(keyOf(scope, url)), report: runner.store.faults.report(scope.organizationId, scope.environment, url) }
    },
    start(scope, url, secret) {
      const key = keyOf(scope, url)
      if (running.has(key)) return
      running.add(key)
      setImmediate(() => {
        // Signed with the wall clock, not the simulated one: receivers check timestamps against their own clock.
        runDoctor({ url, secret, now: Date.now })
          .then((report) => runUnit(runner, runner.now(), (unit) => unit.store.faults.saveReport({
            organization_id: scope.organizationId, environment: scope.environment, url, report, created_at: report.finishedAt,
          })))
          .catch((error: unknown) => {
            // The service may have closed (database gone) while the battery ran; nothing to keep then.
            if (!(error instanceof TypeError && /database connection is not open/i.test(error.message))) console.error('[paydesk] receiver check failed:', error)
          })
          .finally(() => running.delete(key))
      })
    },
  }
}
