import { performance } from 'node:perf_hooks'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import type { Engine } from '../core/engine'
import { runUnit } from '../core/unit'
import { ANSWER_REACTIONS, QUIET_MS } from '../simulator'
import { announceBatch, finishBatch } from './finish-batch'
import { sendSlice, type RowPayer } from './send-row'

export type { PayRow, RowCaller, RowPayer } from './send-row'

/** Rows per COMMIT at most: each row is a payout (~0.1-0.3 ms), so one COMMIT serves many and a slice stays short. */
const ROWS_PER_SLICE = 64
/** An overtime slice is this many ordinary slices long. */
const OVERTIME_SLICES = 4
/** Rows one unbudgeted tick (tests, tools) sends at most, like the simulator's bound per tick. */
const MAX_ROWS_PER_TICK = 2_000

export interface RunnerOptions {
  /** Hosts: ms of row sending per tick, in slices with the event loop free between them. Undefined: drain (tests). */
  budgetMs?: number
  sliceMs?: number
  /**
   * ms since the last API call came in. Once the budget is spent the runner goes on only while nobody
   * called for QUIET_MS (as the simulator's overtime): a run in a quiet sandbox goes at the thread's pace.
   */
  quietForMs?: () => number
}

/** Scheduled batches whose time came start running (their rows were queued at submit); answers the active batches. */
function startDue(engine: Engine): PayoutBatchRecord[] {
  const now = engine.now()
  return engine.store.payoutBatches.active().map((batch) => {
    if (batch.status !== 'scheduled' || batch.run_at === null || batch.run_at > now) return batch
    return runUnit(engine, now, (unit) => {
      const running = unit.store.payoutBatches.update({ ...batch, status: 'running' }, unit.now)
      announceBatch(unit, running)
      return running
    })
  })
}

/** Request units queued meanwhile run first, and their answers go out (the simulator's `requestsFirst`). */
async function requestsFirst(engine: Engine): Promise<void> {
  if (engine.units.queued() === 0) return
  engine.units.flush()
  for (let reaction = 0; reaction < ANSWER_REACTIONS; reaction++) await null
}

/** Per running batch (and its last change), the first line whose payout was still running at the last look. */
type RunningFrom = Map<number, { updatedAt: number; line: number }>

/** Finishes running batches with nothing queued or processing left. */
function finishDone(engine: Engine, runningFrom: RunningFrom): void {
  const now = engine.now()
  for (const batch of engine.store.payoutBatches.active()) {
    if (batch.status !== 'running' || engine.store.payoutBatchProgress.anyQueued(batch.id)) continue
    // A retry re-queues rows before the line found last: the batch's updated_at then differs and the walk starts over.
    const last = runningFrom.get(batch.id)
    const running = engine.store.payoutBatchProgress.firstRunningLine(batch.id, last?.updatedAt === batch.updated_at ? last.line : 0)
    if (running !== null) runningFrom.set(batch.id, { updatedAt: batch.updated_at, line: running })
    else {
      runningFrom.delete(batch.id)
      runUnit(engine, now, (unit) => finishBatch(unit, batch.id))
    }
  }
}

/**
 * The engine's batch runner, driven by the host's tick like the simulator (no timers inside): starts
 * scheduled batches that came due, sends queued rows (send-row.ts), and finishes batches whose payouts
 * all reached a final state. Everything it works from is in SQLite, so after a restart the next tick resumes.
 */
export function createBatchRunner(engine: Engine, payer: RowPayer, options: RunnerOptions = {}) {
  const reported = new Set<string>()
  const runningFrom: RunningFrom = new Map()
  /** Sliced sending is under way: ticks overlap on purpose, the runner must not. */
  let sending = false
  const quiet = () => (options.quietForMs?.() ?? 0) >= QUIET_MS

  /** The budget's slices for one batch, then overtime while no call waits; false when the tick must stop. */
  async function sliceBatch(batch: PayoutBatchRecord, deadline: number, open: () => boolean): Promise<boolean> {
    for (;;) {
      await requestsFirst(engine)
      const overtime = performance.now() >= deadline
      if (!open() || (overtime && !quiet())) return false
      // In overtime nobody is waiting for the thread: longer slices, fewer COMMITs.
      const sliceEnd = performance.now() + (options.sliceMs ?? Number.POSITIVE_INFINITY) * (overtime ? OVERTIME_SLICES : 1)
      if (sendSlice(engine, payer, batch, ROWS_PER_SLICE, () => performance.now() < sliceEnd, reported) === 0) return true
      await new Promise<void>((resume) => setImmediate(resume))
    }
  }

  return {
    /** Unbudgeted (tests, tools): sends up to MAX_ROWS_PER_TICK queued rows now. */
    sendNow(): void {
      let left = MAX_ROWS_PER_TICK
      for (const batch of startDue(engine)) {
        let sent = 1
        while (batch.status === 'running' && left > 0 && sent > 0) {
          sent = sendSlice(engine, payer, batch, Math.min(ROWS_PER_SLICE, left), () => true, reported)
          left -= sent
        }
      }
    },
    /** Hosts: sends rows for at most the budget (then overtime), a slice per COMMIT, the event loop free between slices. */
    async sendInSlices(open: () => boolean): Promise<void> {
      if (sending) return
      sending = true
      try {
        const deadline = performance.now() + (options.budgetMs ?? Number.POSITIVE_INFINITY)
        for (const batch of startDue(engine)) {
          if (batch.status === 'running' && !(await sliceBatch(batch, deadline, open))) return
        }
      } finally {
        sending = false
      }
    },
    finishDone: () => finishDone(engine, runningFrom),
  }
}
export type BatchRunner = ReturnType<typeof createBatchRunner>
