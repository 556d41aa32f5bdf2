import type { PushEvent } from '../../../shared/api/push-events'
import type { Store } from '../db/store'

/** A unit's work: it queues its push events in `queued`; they are published only after its batch commits. */
export type UnitWork<T> = (queued: PushEvent[]) => T

export type UnitOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown }

export interface BatcherOptions {
  /**
   * Side work written at the start of every batch, inside its transaction and before its units (the
   * request log's queue): it shares the batch's COMMIT instead of paying one of its own. It must catch
   * its own errors (a failed write of side work never fails the units); its push events wait for the COMMIT.
   */
  beforeUnits?: (queued: PushEvent[]) => void
}

/** Marks a unit that needs no savepoint of its own: see `selfContained`. */
const SELF_CONTAINED = Symbol('a unit that rolls back its own failed work and never throws')
type SelfContainedWork<T> = UnitWork<T> & { [SELF_CONTAINED]?: true }

/**
 * A unit that keeps itself consistent: it rolls back its own failed work (the dispatcher runs each
 * operation in a savepoint and answers an error instead of throwing) and never throws. The batcher then
 * opens no savepoint around it: one SAVEPOINT and RELEASE less per API call, ~3 us of the ~57 us an
 * acceptance costs in its batch. Should such a unit throw
 * after all, what it wrote cannot be taken back alone: the whole batch is rolled back and every unit of it
 * fails (none was acknowledged), never a half-done unit committed.
 */
export function selfContained<T>(work: UnitWork<T>): UnitWork<T> {
  const marked: SelfContainedWork<T> = (queued) => work(queued)
  marked[SELF_CONTAINED] = true
  return marked
}

/** Bounds of one batch: units per COMMIT. Time is bounded too: a batch never waits past its event-loop turn. */
export const MAX_UNITS_PER_BATCH = 64

interface Queued {
  work: UnitWork<unknown>
  resolve(value: unknown): void
  reject(error: unknown): void
}

/** What one batch collects: one outcome per unit run, and the push events to publish after its COMMIT. */
interface BatchRecord<T> {
  outcomes: UnitOutcome<T>[]
  events: PushEvent[][]
}

/** SQLite ended the whole transaction under a unit (disk full, I/O): nothing of the batch is durable. */
function assertStillInTransaction(store: Store, cause: unknown): void {
  if (!store.db.inTransaction) throw new BatchAborted(cause)
}

/**
 * Runs `works[from]` onwards in one SAVEPOINT, no savepoint each, until the end or until `more()` says
 * no after a unit. A unit that throws rolls the whole group back: its index and error are returned, and
 * nothing of the group is kept (the caller runs the units before it again).
 */
function runGroup<T>(store: Store, works: readonly UnitWork<T>[], from: number, more: () => boolean): GroupResult<T> {
  const done: { value: T; queued: PushEvent[] }[] = []
  let failure: { at: number; error: unknown } | undefined
  let stopped = false
  try {
    store.transaction(() => {
      for (let at = from; at < works.length; at++) {
        const queued: PushEvent[] = []
        try {
          done.push({ value: works[at]!(queued), queued })
        } catch (error) {
          failure = { at, error }
          throw ROLL_BACK_GROUP
        }
        // A later unit must not run in autocommit.
        assertStillInTransaction(store, new Error('the batch transaction ended inside a unit'))
        if (!more()) {
          stopped = true
          break
        }
      }
    })
  } catch (error) {
    if (error !== ROLL_BACK_GROUP) throw error
    return { failure: failure! }
  }
  return { done, stopped }
}

/**
 * A unit run alone: every unit of a batch not grouped, and those before one that threw in its group. In a
 * savepoint of its own, unless it is `selfContained`.
 */
function runAlone<T>(store: Store, work: SelfContainedWork<T>, record: BatchRecord<T>): void {
  const queued: PushEvent[] = []
  if (work[SELF_CONTAINED]) {
    let value: T
    try {
      value = work(queued)
    } catch (error) {
      throw new BatchAborted(error)
    }
    assertStillInTransaction(store, new Error('the batch transaction ended inside a unit'))
    record.outcomes.push({ ok: true, value })
    record.events.push(queued)
    return
  }
  try {
    record.outcomes.push({ ok: true, value: store.transaction(() => work(queued)) })
    record.events.push(queued)
  } catch (error) {
    record.outcomes.push({ ok: false, error })
    // Some SQLite errors (disk full, I/O) end the whole transaction: then nothing of the batch is
    // durable, and a later unit must not run in autocommit. Abort: every unit fails.
    assertStillInTransaction(store, error)
  }
}

/** A grouped batch (the simulator's steps): groups of units, each group in one savepoint; see the batcher's doc. */
function runGrouped<T>(store: Store, works: readonly UnitWork<T>[], more: () => boolean, record: BatchRecord<T>): void {
  let next = 0
  while (next < works.length) {
    const group = runGroup(store, works, next, more)
    if ('done' in group) {
      for (const { value, queued } of group.done) {
        record.outcomes.push({ ok: true, value })
        record.events.push(queued)
      }
      if (group.stopped) break
      next += group.done.length
      continue
    }
    const { at, error } = group.failure
    assertStillInTransaction(store, error)
    // `more()` already said yes after each of these: run exactly them again, alone.
    for (let i = next; i < at; i++) runAlone(store, works[i]!, record)
    record.outcomes.push({ ok: false, error })
    next = at + 1
    if (!more()) break
  }
}

/**
 * Runs units in one transaction now, in order; `more` (checked after each unit) may stop early. Returns one
 * outcome per unit run. A failed COMMIT is every unit's error; throws only NestedUnitError (called inside
 * a transaction, i.e. from inside a unit). `grouped`: see the batcher's doc (simulator steps only).
 */
function runBatch<T>(store: Store, options: BatcherOptions, publish: Publish, batch: { works: readonly UnitWork<T>[]; more: () => boolean; grouped: boolean }): UnitOutcome<T>[] {
  // A batch started inside a unit would be a mere SAVEPOINT of the outer one: its "commit" a RELEASE,
  // its answer and events out before anything is durable. A programming error: refuse it loudly.
  if (store.db.inTransaction) throw new NestedUnitError()
  const record: BatchRecord<T> = { outcomes: [], events: [] }
  try {
    store.transaction(() => {
      if (options.beforeUnits) {
        const queued: PushEvent[] = []
        options.beforeUnits(queued)
        record.events.push(queued)
        // The side work ended the whole transaction (disk full, I/O): no unit may run in autocommit.
        assertStillInTransaction(store, new Error('the batch transaction ended before its units ran'))
      }
      if (batch.grouped) return runGrouped(store, batch.works, batch.more, record)
      for (const work of batch.works) {
        runAlone(store, work, record)
        if (!batch.more()) break
      }
    })
  } catch (error) {
    const cause = error instanceof BatchAborted ? error.reason : error
    return record.outcomes.map(() => ({ ok: false, error: cause }))
  }
  for (const queued of record.events) publish(queued)
  return record.outcomes
}

type Publish = (events: readonly PushEvent[]) => void

/**
 * Group commit (docs/contributing.md "Rules the engine keeps"). Units that arrive together run in ONE
 * SQLite transaction; a unit that throws rolls back only its own changes, its neighbours go on. Nothing a
 * unit produces leaves the process (its result, its push events) before the batch's COMMIT; a failed COMMIT
 * fails every unit of the batch, none of which was acknowledged. `submit` queues a unit for the batch that
 * runs at the end of this event-loop turn (setImmediate), or at once when MAX_UNITS_PER_BATCH are waiting.
 *
 * Each unit runs in a SAVEPOINT of its own, except `selfContained` units (API calls: the dispatcher rolls
 * back a failed operation in a savepoint of its own, so one more around it only cost time) and units of
 * `grouped` batches (the simulator's steps): there units run in groups, one SAVEPOINT per group. SQLite
 * copies every page a unit changes into the savepoint journal once per savepoint, ~10 % of a finalization's
 * CPU with a savepoint each. When a unit of a group throws, the
 * group is rolled back, the units before it run again, each in a savepoint of its own, its failure is
 * recorded without running it again, and the units after it start a new group: every unit's effects are
 * as if it had run alone in its savepoint, and a unit runs at most twice. Only for units that open no
 * savepoint of their own and are safe to run again after a rollback (their only effects are SQLite writes
 * and the push events they queue).
 */
export function createBatcher(store: Store, publish: Publish, options: BatcherOptions = {}) {
  let queue: Queued[] = []
  let scheduled = false

  function flush(): void {
    scheduled = false
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_UNITS_PER_BATCH)
      queue = queue.slice(batch.length)
      const outcomes = runBatch(store, options, publish, { works: batch.map((job) => job.work), more: () => true, grouped: false })
      batch.forEach((job, i) => {
        // No outcome: the batch ended before this unit ran (BEGIN failed, or SQLite ended the transaction).
        const outcome = outcomes[i] ?? { ok: false, error: outcomes[0]?.ok === false ? outcomes[0].error : new Error('the batch ended before this unit ran') }
        if (outcome.ok) job.resolve(outcome.value)
        else job.reject(outcome.error)
      })
    }
  }

  return {
    runBatch<T>(works: readonly UnitWork<T>[], more: () => boolean = () => true, grouped = false): UnitOutcome<T>[] {
      return runBatch(store, options, publish, { works, more, grouped })
    },
    /** Queues one unit for the next batch; resolves with its result after that batch's COMMIT. */
    submit<T>(work: UnitWork<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
        // Never flush from inside a transaction (a unit submitting): its COMMIT would be a mere RELEASE.
        if (queue.length >= MAX_UNITS_PER_BATCH && !store.db.inTransaction) flush()
        else if (!scheduled) {
          scheduled = true
          setImmediate(flush)
        }
      })
    },
    /** Runs every queued unit now (before a unit that must run alone, before a simulator slice, and on close). */
    flush,
    /** Units waiting for the next batch. */
    queued: () => queue.length,
  }
}
export type Batcher = ReturnType<typeof createBatcher>

/** runUnit / service.call / a flush from inside a unit of work (docs/contributing.md: never start a unit inside one). */
export class NestedUnitError extends Error {
  constructor() {
    super('Paydesk programming error: a unit of work (runUnit, service.call, a batch flush) was started inside another unit. ' +
      'It would commit only as a SAVEPOINT of the outer one. Do the work in the outer unit, or queue it with service.submit.')
    this.name = 'NestedUnitError'
  }
}

type GroupResult<T> = { done: { value: T; queued: PushEvent[] }[]; stopped: boolean } | { failure: { at: number; error: unknown } }

/** Thrown out of a group's savepoint to roll it back (a unit of it threw; the error itself is kept aside). */
const ROLL_BACK_GROUP = Symbol('roll back the group')

class BatchAborted extends Error {
  constructor(readonly reason: unknown) {
    super('the batch transaction ended early')
  }
}
