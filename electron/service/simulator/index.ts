import { performance } from 'node:perf_hooks'
import type { Engine } from '../engine'
import { runUnit, type EngineUnit } from '../unit'
import { finalizeIfDue } from './finalize'
import { isPaused } from './settings'
import { settleIfDue } from './settle'

/** Bounds the work of one tick so the host's event loop stays responsive; the rest waits for the next tick. */
const MAX_STEPS_PER_TICK = 2_000

/**
 * The settlement simulator: `tick()` finalizes every transaction whose `due_at` has passed and settles
 * charges whose `settle_due_at` has passed, each in its own SQLite transaction. No timers inside: hosts
 * call `service.tick()`. Due work lives in SQLite, so after a restart the next tick resumes it.
 */
export interface SimulatorOptions {
  /**
   * Longest one tick may hold the event loop, in ms. Hosts set it so HTTP requests interleave with a large
   * batch of due work (the rest waits for the next tick); undefined drains everything due, as tests expect.
   */
  tickBudgetMs?: number
}

export function createSimulator(engine: Engine, options: SimulatorOptions = {}) {
  // A row that throws (a bug) is logged once and retried on later ticks; it never blocks the others.
  const reported = new Set<string>()
  const budgetMs = options.tickBudgetMs ?? Number.POSITIVE_INFINITY

  function runSteps(now: number, ids: number[], step: (unit: EngineUnit, id: number) => unknown, deadline: number): number {
    let changed = 0
    for (const id of ids) {
      try {
        if (runUnit(engine, now, (unit) => step(unit, id)) !== null) changed++
      } catch (error) {
        const key = `${step.name}:${id}`
        if (!reported.has(key)) {
          reported.add(key)
          console.error(`[paydesk] simulator could not process transaction #${id}:`, error instanceof Error ? error.stack : error)
        }
      }
      // Checked after the step, so every tick makes progress however small the budget.
      if (performance.now() > deadline) break
    }
    return changed
  }

  return {
    /** Moves due work forward at the engine's simulated now. Returns how many transactions changed. */
    tick(): number {
      if (isPaused(engine.store)) return 0
      const now = engine.now()
      const deadline = performance.now() + budgetMs
      // Finalize first, so a charge completing with a zero settlement delay also settles in this tick.
      const finalized = runSteps(now, engine.store.transactions.dueIds(now, MAX_STEPS_PER_TICK), finalizeIfDue, deadline)
      const settled = runSteps(now, engine.store.transactions.settleDueIds(now, MAX_STEPS_PER_TICK), settleIfDue, deadline)
      return finalized + settled
    },
  }
}
export type Simulator = ReturnType<typeof createSimulator>
