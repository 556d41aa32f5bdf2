import { performance } from 'node:perf_hooks'
import type { PushEvent } from '../../../shared/api/push-events'
import type { Engine } from '../core/engine'
import { newUnit, type Unit } from '../core/unit'

/** Bounds the work of one tick so the host's event loop stays responsive; the rest waits for the next tick. */
export const MAX_STEPS_PER_TICK = 2_000
/** Due steps per COMMIT (group commit): large enough to spread a COMMIT's cost, small enough to bound a batch. */
export const STEPS_PER_BATCH = 256
/** Due ids a sliced tick reads of each kind: a budget of 10 ms does far fewer, so one batch's worth is plenty. */
export const STEPS_PER_SLICED_TICK = STEPS_PER_BATCH

/** One simulator step on one transaction (finalize, settle): null when it changed nothing. */
export type Step = (unit: Unit, id: number) => unknown
export type RunSteps = (now: number, ids: number[], step: Step, deadline: number) => { changed: number; left: number }

/**
 * Runs the due steps as units grouped in batches (one COMMIT per batch, each step in its savepoint, so
 * a step that throws rolls back alone), up to STEPS_PER_BATCH per batch and within the tick's budget.
 * A row that throws (a bug) is logged once and retried on later ticks; it never blocks the others.
 */
export function createStepRunner(engine: Engine): RunSteps {
  const reported = new Set<string>()
  return (now, ids, step, deadline) => {
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
}
