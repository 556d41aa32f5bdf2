import { performance } from 'node:perf_hooks'
import type { Engine } from '../core/engine'
import type { PushEvent } from '../../../shared/api/push-events'
import { newUnit, type Unit } from '../core/unit'
import { finalizeIfDue } from '../lifecycle/finalize'
import { isPaused } from '../lifecycle/simulator-settings'
import { settleIfDue } from '../lifecycle/settle'

/** Bounds the work of one tick so the host's event loop stays responsive; the rest waits for the next tick. */
const MAX_STEPS_PER_TICK = 2_000
/** Due steps per COMMIT (group commit): large enough to spread a COMMIT's cost, small enough to bound a batch. */
const STEPS_PER_BATCH = 256
/** Due ids a sliced tick reads of each kind: a budget of 10 ms does far fewer, so one batch's worth is plenty. */
const STEPS_PER_SLICED_TICK = STEPS_PER_BATCH

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

/**
 * How long without an API call before a sliced tick works past its allowance: one host tick. A load of
 * requests (a QA suite, the charge figure's 50 connections) calls far more often, so while it lasts the
 * requests' share of the thread is as before; a lull of one slice between two requests is not enough.
 */
export const QUIET_MS = 20

/**
 * Promise reactions between a batch's flush and the last of its answers written. The HTTP adapter needs
 * two (submit's promise -> the fault wrapper's `.then` -> the handler's `await`, which writes the answer);
 * `simulator-tick-budget.test.ts` ("an HTTP request read while a slice ran is answered before the next
 * slice") fails with one. Four times that, so an adapter that grows a step or two still answers first.
 */
export const ANSWER_REACTIONS = 8

export function createSimulator(engine: Engine, options: SimulatorOptions = {}) {
  // A row that throws (a bug) is logged once and retried on later ticks; it never blocks the others.
  const reported = new Set<string>()
  const budgetMs = options.tickBudgetMs ?? Number.POSITIVE_INFINITY
  const sliceMs = options.tickSliceMs ?? budgetMs
  const quietForMs = options.quietForMs ?? (() => 0)
  /** A sliced tick is under way (ticks overlap on purpose; the simulator part must not). */
  let slicing = false

  /**
   * Runs the due steps as units grouped in batches (one COMMIT per batch, each step in its savepoint, so
   * a step that throws rolls back alone), up to STEPS_PER_BATCH per batch and within the tick's budget.
   */
  function runSteps(now: number, ids: number[], step: (unit: Unit, id: number) => unknown, deadline: number): { changed: number; left: number } {
    let changed = 0
    let next = 0
    // Checked after each step, so every tick makes progress however small the budget.
    let inTime = true
    while (next < ids.length && inTime) {
      const batch = ids.slice(next, next + STEPS_PER_BATCH)
      const works = batch.map((id) => (queued: PushEvent[]) => step(newUnit(engine, now, queued), id))
      const outcomes = engine.units.runBatch(works, () => (inTime = performance.now() <= deadline), true)
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

  /**
   * Before each slice: runs the request units already queued, and lets their answers go out. Requests
   * read from the sockets while a slice held the thread queue their batch with setImmediate, behind the
   * slice's own resume (queued earlier), so without this they waited for the whole next slice as well.
   * The answers are written in promise reactions of the flush (the adapters await `submit`), so waiting
   * out ANSWER_REACTIONS reactions lets them all run first, in this same turn. It was a setImmediate,
   * which cost a whole event-loop iteration, with a poll and a request batch of its own, per slice: under
   * load two batches and two polls per slice instead of one, and a slice came later in the cycle.
   */
  async function requestsFirst(): Promise<void> {
    if (engine.units.queued() === 0) return
    engine.units.flush()
    for (let reaction = 0; reaction < ANSWER_REACTIONS; reaction++) await null
  }

  /**
   * Sliced ticks: ms of simulator work not yet spent. Each tick adds its budget (at most two budgets are
   * kept), and only the simulator's own slices spend it, so its share of the thread under a backlog is the
   * budget per tick interval whatever requests do meanwhile: neither the time they take between slices nor
   * a tick that is still slicing when the next one comes costs the simulator its turn.
   */
  let allowanceMs = 0

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
    async tickInSlices(open: () => boolean): Promise<number> {
      allowanceMs = Math.min(allowanceMs + budgetMs, 2 * budgetMs)
      if (slicing) return 0
      slicing = true
      try {
        const now = engine.now()
        let changed = 0
        let steps = 0
        /** Works through `ids` slice by slice; false when the tick must end (budget spent, closed, paused). */
        const inSlices = async (ids: number[], step: (unit: Unit, id: number) => unknown): Promise<boolean> => {
          let next = 0
          while (next < ids.length) {
            await requestsFirst()
            if (!open() || isPaused(engine.store)) return false
            // Each slice at the clock's now: requests served between slices may have moved it on.
            const start = performance.now()
            // In overtime (allowance spent, no call waiting) a slice is a whole slice, not a single step.
            const done = runSteps(engine.now(), ids.slice(next), step, start + (allowanceMs > 0 ? Math.min(sliceMs, allowanceMs) : sliceMs))
            // An overrun (the thread lost its core mid-slice) is forgiven, not carried as debt into later ticks;
            // so is overtime (below): the allowance is what requests are promised, not a quota of work.
            allowanceMs = Math.max(0, allowanceMs - (performance.now() - start))
            changed += done.changed
            const ran = ids.length - done.left - next
            steps += ran
            next += ran
            if (next < ids.length || allowanceMs <= 0) await new Promise<void>((resume) => setImmediate(resume))
            // Allowance spent: go on only while no call came in for QUIET_MS, the yield included (sockets are
            // read in it). Under a load of requests there always was one, so their share of the thread is as
            // before; idle of requests, a backlog is worked off at the thread's pace.
            if (allowanceMs <= 0 && quietForMs() < QUIET_MS) return false
          }
          return true
        }
        /**
         * One look for due work of a kind per STEPS_PER_SLICED_TICK steps (not per slice); a step re-reads its
         * row, so an id another tick or a console answer finished meanwhile is skipped. A full list is looked
         * for again while the tick may go on, up to MAX_STEPS_PER_TICK steps (a row that throws stays due).
         */
        const drain = async (dueIds: (at: number, limit: number) => number[], step: (unit: Unit, id: number) => unknown): Promise<boolean> => {
          let at = now
          for (;;) {
            const ids = dueIds(at, STEPS_PER_SLICED_TICK)
            if (!(await inSlices(ids, step))) return false
            if (ids.length < STEPS_PER_SLICED_TICK || steps >= MAX_STEPS_PER_TICK || !open()) return true
            at = engine.now()
          }
        }
        if (!open() || isPaused(engine.store)) return 0
        // Finalize first, as tick() does.
        if (!(await drain((at, limit) => engine.store.transactions.dueIds(at, limit), finalizeIfDue))) return changed
        if (!open()) return changed
        await drain((at, limit) => engine.store.transactions.settleDueIds(at, limit), settleIfDue)
        return changed
      } finally {
        slicing = false
      }
    },
  }
}
export type Simulator = ReturnType<typeof createSimulator>
