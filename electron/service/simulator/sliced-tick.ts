import { performance } from 'node:perf_hooks'
import type { Engine } from '../core/engine'
import { finalizeIfDue } from '../lifecycle/finalize'
import { isPaused } from '../lifecycle/simulator-settings'
import { settleIfDue } from '../lifecycle/settle'
import { MAX_STEPS_PER_TICK, STEPS_PER_SLICED_TICK, type RunSteps, type Step } from './steps'

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


/** How the hosts' sliced ticks spend their budget. */
interface SliceOptions {
  budgetMs: number
  sliceMs: number
  /** ms since the last API call came in (HTTP, IPC). */
  quietForMs: () => number
}

/** What one sliced tick shares with its slices. */
interface SliceRun {
  engine: Engine
  runSteps: RunSteps
  options: SliceOptions
  /**
   * ms of simulator work not yet spent. Each tick adds its budget (at most two budgets are kept), and only
   * the simulator's own slices spend it, so its share of the thread under a backlog is the budget per tick
   * interval whatever requests do meanwhile: neither the time they take between slices nor a tick that is
   * still slicing when the next one comes costs the simulator its turn.
   */
  allowance: { ms: number }
  open: () => boolean
  changed: number
  steps: number
}

/**
 * Before each slice: runs the request units already queued, and lets their answers go out. Requests
 * read from the sockets while a slice held the thread queue their batch with setImmediate, behind the
 * slice's own resume (queued earlier), so without this they waited for the whole next slice as well.
 * The answers are written in promise reactions of the flush (the adapters await `submit`), so waiting
 * out ANSWER_REACTIONS reactions lets them all run first, in this same turn, instead of a whole
 * event-loop iteration (with a poll and a request batch of its own) per slice.
 */
async function requestsFirst(engine: Engine): Promise<void> {
  if (engine.units.queued() === 0) return
  engine.units.flush()
  for (let reaction = 0; reaction < ANSWER_REACTIONS; reaction++) await null
}

/** Works through `ids` slice by slice; false when the tick must end (budget spent, closed, paused). */
async function inSlices(run: SliceRun, ids: number[], step: Step): Promise<boolean> {
  const { engine, allowance, options } = run
  let next = 0
  while (next < ids.length) {
    await requestsFirst(engine)
    if (!run.open() || isPaused(engine.store)) return false
    // Each slice at the clock's now: requests served between slices may have moved it on.
    const start = performance.now()
    // In overtime (allowance spent, no call waiting) a slice is a whole slice, not a single step.
    const done = run.runSteps(engine.now(), ids.slice(next), step, start + (allowance.ms > 0 ? Math.min(options.sliceMs, allowance.ms) : options.sliceMs))
    // An overrun (the thread lost its core mid-slice) is forgiven, not carried as debt into later ticks;
    // so is overtime (below): the allowance is what requests are promised, not a quota of work.
    allowance.ms = Math.max(0, allowance.ms - (performance.now() - start))
    run.changed += done.changed
    const ran = ids.length - done.left - next
    run.steps += ran
    next += ran
    if (next < ids.length || allowance.ms <= 0) await new Promise<void>((resume) => setImmediate(resume))
    // Allowance spent: go on only while no call came in for QUIET_MS, the yield included (sockets are
    // read in it). Under a load of requests there always was one, so their share of the thread is as
    // before; idle of requests, a backlog is worked off at the thread's pace.
    if (allowance.ms <= 0 && options.quietForMs() < QUIET_MS) return false
  }
  return true
}

/**
 * One look for due work of a kind per STEPS_PER_SLICED_TICK steps (not per slice); a step re-reads its
 * row, so an id another tick or a console answer finished meanwhile is skipped. A full list is looked
 * for again while the tick may go on, up to MAX_STEPS_PER_TICK steps (a row that throws stays due).
 */
async function drain(run: SliceRun, from: number, dueIds: (at: number, limit: number) => number[], step: Step): Promise<boolean> {
  let at = from
  for (;;) {
    const ids = dueIds(at, STEPS_PER_SLICED_TICK)
    if (!(await inSlices(run, ids, step))) return false
    if (ids.length < STEPS_PER_SLICED_TICK || run.steps >= MAX_STEPS_PER_TICK || !run.open()) return true
    at = run.engine.now()
  }
}

/**
 * The hosts' tick: the budget in slices, each slice's due work in one batch, with the event loop free
 * between slices and requests queued meanwhile answered before the next one. A tick that finds the
 * previous one's slices still running adds its budget to theirs and leaves them be.
 */
export function createSlicedTick(engine: Engine, runSteps: RunSteps, options: SliceOptions): (open: () => boolean) => Promise<number> {
  const allowance = { ms: 0 }
  /** A sliced tick is under way (ticks overlap on purpose; the simulator part must not). */
  let slicing = false
  return async (open) => {
    allowance.ms = Math.min(allowance.ms + options.budgetMs, 2 * options.budgetMs)
    if (slicing) return 0
    slicing = true
    try {
      const now = engine.now()
      const run: SliceRun = { engine, runSteps, options, allowance, open, changed: 0, steps: 0 }
      if (!open() || isPaused(engine.store)) return 0
      // Finalize first, as tick() does.
      if (!(await drain(run, now, (at, limit) => engine.store.transactions.dueIds(at, limit), finalizeIfDue))) return run.changed
      if (!open()) return run.changed
      await drain(run, now, (at, limit) => engine.store.transactions.settleDueIds(at, limit), settleIfDue)
      return run.changed
    } finally {
      slicing = false
    }
  }
}
