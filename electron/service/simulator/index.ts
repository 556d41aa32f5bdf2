import { performance } from 'node:perf_hooks'
import type { Engine } from '../engine'
import type { PushEvent } from '../../../shared/api/push-events'
import { newUnit, type EngineUnit } from '../unit'
import { finalizeIfDue } from './finalize'
import { isPaused } from './settings'
import { settleIfDue } from './settle'

/** Bounds the work of one tick so the host's event loop stays responsive; the rest waits for the next tick. */
const MAX_STEPS_PER_TICK = 2_000
/** Due steps per COMMIT (group commit): large enough to spread a COMMIT's cost, small enough to bound a batch. */
const STEPS_PER_BATCH = 256
/** Due ids a slice fetches of each kind: a slice of a few ms does far fewer, so one batch's worth is plenty. */
const STEPS_PER_SLICE = 64

/**
 * The settlement simulator: `tick()` finalizes every transaction whose `due_at` has passed and settles
 * charges whose `settle_due_at` has passed, each as its own unit (a savepoint of a batch's transaction). No timers inside: hosts
 * call `service.tick()`. Due work lives in SQLite, so after a restart the next tick resumes it.
 */
export interface SimulatorOptions {
  /**
   * Longest one tick may hold the event loop, in ms. Hosts set it so HTTP requests interleave with a large
   * batch of due work (the rest waits for the next tick); undefined drains everything due, as tests expect.
   */
  tickBudgetMs?: number
  /**
   * Hosts: the budget is spent in slices of this many ms, each its own batch, with the event loop free
   * between them (setImmediate), so a request arriving during a tick waits one slice, not the whole budget.
   */
  tickSliceMs?: number
}

export function createSimulator(engine: Engine, options: SimulatorOptions = {}) {
  // A row that throws (a bug) is logged once and retried on later ticks; it never blocks the others.
  const reported = new Set<string>()
  const budgetMs = options.tickBudgetMs ?? Number.POSITIVE_INFINITY
  const sliceMs = options.tickSliceMs ?? budgetMs
  /** A sliced tick is under way (ticks overlap on purpose; the simulator part must not). */
  let slicing = false

  /**
   * Runs the due steps as units grouped in batches (one COMMIT per batch, each step in its savepoint, so
   * a step that throws rolls back alone), up to STEPS_PER_BATCH per batch and within the tick's budget.
   */
  function runSteps(now: number, ids: number[], step: (unit: EngineUnit, id: number) => unknown, deadline: number): { changed: number; left: number } {
    let changed = 0
    let next = 0
    // Checked after each step, so every tick makes progress however small the budget.
    let inTime = true
    while (next < ids.length && inTime) {
      const batch = ids.slice(next, next + STEPS_PER_BATCH)
      const works = batch.map((id) => (queued: PushEvent[]) => step(newUnit(engine, now, queued), id))
      const outcomes = engine.units.runBatch(works, () => (inTime = performance.now() <= deadline))
      outcomes.forEach((outcome, i) => {
        if (outcome.ok) {
          if (outcome.value !== null) changed++
          return
        }
        const key = `${step.name}:${batch[i]}`
        if (!reported.has(key)) {
          reported.add(key)
          console.error(`[paydesk] simulator could not process transaction #${batch[i]}:`, outcome.error instanceof Error ? outcome.error.stack : outcome.error)
        }
      })
      next += outcomes.length
    }
    return { changed, left: ids.length - next }
  }

  /** Runs what is due until `deadline`, fetching at most `limit` ids of each kind. */
  function step(deadline: number, limit: number): { changed: number; more: boolean } {
    const now = engine.now()
    // Finalize first, so a charge completing with a zero settlement delay also settles in this tick.
    const due = engine.store.transactions.dueIds(now, limit)
    const finalized = runSteps(now, due, finalizeIfDue, deadline)
    const settleDue = engine.store.transactions.settleDueIds(now, limit)
    const settled = runSteps(now, settleDue, settleIfDue, deadline)
    // More may be due: a list was cut by the deadline, or came back full.
    const more = finalized.left > 0 || settled.left > 0 || due.length === limit || settleDue.length === limit
    return { changed: finalized.changed + settled.changed, more }
  }

  return {
    /** Moves due work forward at the engine's simulated now. Returns how many transactions changed. */
    tick(): number {
      if (isPaused(engine.store)) return 0
      return step(performance.now() + budgetMs, MAX_STEPS_PER_TICK).changed
    },
    /**
     * The hosts' tick: the budget in slices (tickSliceMs), each slice's due work in one batch, yielding to
     * I/O between slices. A tick that finds the previous one's slices still running leaves them be.
     * `open` is asked before each slice (the service may close between two).
     */
    async tickInSlices(open: () => boolean): Promise<number> {
      if (slicing) return 0
      slicing = true
      try {
        const end = performance.now() + budgetMs
        let changed = 0
        for (;;) {
          if (!open() || isPaused(engine.store)) return changed
          const sliceEnd = Math.min(end, performance.now() + sliceMs)
          const slice = step(sliceEnd, STEPS_PER_SLICE)
          changed += slice.changed
          if (!slice.more || performance.now() >= end) return changed
          await new Promise<void>((resume) => setImmediate(resume))
        }
      } finally {
        slicing = false
      }
    },
  }
}
export type Simulator = ReturnType<typeof createSimulator>
