import { performance } from 'node:perf_hooks'
import type { Engine } from '../core/engine'
import { finalizeIfDue } from '../lifecycle/finalize'
import { isPaused } from '../lifecycle/simulator-settings'
import { settleIfDue } from '../lifecycle/settle'
import { createSlicedTick } from './sliced-tick'
import { createStepRunner, MAX_STEPS_PER_TICK } from './steps'

export { ANSWER_REACTIONS, QUIET_MS } from './sliced-tick'

/**
 * The settlement simulator: `tick()` finalizes every transaction whose `due_at` has passed and settles
 * charges whose `settle_due_at` has passed, each as its own unit (a savepoint of a batch's transaction). No timers inside: hosts
 * call `service.tick()`. Due work lives in SQLite, so after a restart the next tick resumes it.
 */
export interface SimulatorOptions {
  /**
   * Simulator work one tick may do, in ms. Hosts set it so HTTP requests interleave with a large batch of
   * due work (the rest waits for the next tick); undefined drains everything due, as tests expect. Sliced
   * ticks count only the simulator's own slices against it (and carry an unspent part to the next tick).
   */
  tickBudgetMs?: number
  /**
   * Hosts: the budget is spent in slices of this many ms, each its own batch, with the event loop free
   * between them (setImmediate) and the requests queued meanwhile run first, so a request arriving during
   * a tick waits at most the slice under way, not the whole budget.
   */
  tickSliceMs?: number
  /**
   * Sliced ticks: ms since the last API call (HTTP, IPC) came in. Once no call came in for QUIET_MS, nobody
   * is waiting for the thread, so the simulator works on past its allowance instead of leaving a backlog
   * of due work (and the event loop) idle until the next tick.
   */
  quietForMs?: () => number
}

export function createSimulator(engine: Engine, options: SimulatorOptions = {}) {
  const budgetMs = options.tickBudgetMs ?? Number.POSITIVE_INFINITY
  const runSteps = createStepRunner(engine)
  const tickInSlices = createSlicedTick(engine, runSteps, {
    budgetMs, sliceMs: options.tickSliceMs ?? budgetMs, quietForMs: options.quietForMs ?? (() => 0),
  })
  return {
    /** Moves due work forward at the engine's simulated now. Returns how many transactions changed. */
    tick(): number {
      if (isPaused(engine.store)) return 0
      const now = engine.now()
      const deadline = performance.now() + budgetMs
      // Finalize first, so a charge completing with a zero settlement delay also settles in this tick.
      const finalized = runSteps(now, engine.store.transactions.dueIds(now, MAX_STEPS_PER_TICK), finalizeIfDue, deadline)
      const settled = runSteps(now, engine.store.transactions.settleDueIds(now, MAX_STEPS_PER_TICK), settleIfDue, deadline)
      return finalized.changed + settled.changed
    },
    /**
     * The hosts' tick: the budget in slices (tickSliceMs), each slice's due work in one batch, with the
     * event loop free between slices and requests queued meanwhile answered before the next one. A tick
     * that finds the previous one's slices still running adds its budget to theirs and leaves them be.
     * `open` is asked before each slice (the service may close between two).
     */
    tickInSlices,
  }
}
export type Simulator = ReturnType<typeof createSimulator>
