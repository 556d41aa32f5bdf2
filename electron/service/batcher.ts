import type { PushEvent } from '../../shared/api/push-events'
import type { Store } from './db/store'

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

/** Bounds of one batch: units per COMMIT. Time is bounded too: a batch never waits past its event-loop turn. */
export const MAX_UNITS_PER_BATCH = 64

interface Queued {
  work: UnitWork<unknown>
  resolve(value: unknown): void
  reject(error: unknown): void
}

/**
 * Group commit (docs/contributing.md "Rules the engine keeps"). Units that arrive together run in ONE
 * SQLite transaction, each inside its own SAVEPOINT: a unit that throws rolls back only its own changes
 * (ROLLBACK TO its savepoint), its neighbours go on. Nothing a unit produces leaves the process (its
 * result, its push events) before the batch's COMMIT; a failed COMMIT fails every unit of the batch,
 * none of which was acknowledged. `submit` queues a unit for the batch that runs at the end of this
 * event-loop turn (setImmediate), or at once when MAX_UNITS_PER_BATCH are waiting.
 */
export function createBatcher(store: Store, publish: (events: readonly PushEvent[]) => void, options: BatcherOptions = {}) {
  let queue: Queued[] = []
  let scheduled = false

  /**
   * Runs units in one transaction now, in order, each in its savepoint; `more` (checked after each unit)
   * may stop early. Returns one outcome per unit run. A failed COMMIT is every unit's error; throws only
   * NestedUnitError (called inside a transaction, i.e. from inside a unit).
   */
  function runBatch<T>(works: Iterable<UnitWork<T>>, more: () => boolean = () => true): UnitOutcome<T>[] {
    // A batch started inside a unit would be a mere SAVEPOINT of the outer one: its "commit" a RELEASE,
    // its answer and events out before anything is durable. A programming error: refuse it loudly.
    if (store.db.inTransaction) throw new NestedUnitError()
    const outcomes: UnitOutcome<T>[] = []
    const events: PushEvent[][] = []
    try {
      store.transaction(() => {
        if (options.beforeUnits) {
          const queued: PushEvent[] = []
          options.beforeUnits(queued)
          events.push(queued)
          // The side work ended the whole transaction (disk full, I/O): no unit may run in autocommit.
          if (!store.db.inTransaction) throw new BatchAborted(new Error('the batch transaction ended before its units ran'))
        }
        for (const work of works) {
          const queued: PushEvent[] = []
          try {
            outcomes.push({ ok: true, value: store.transaction(() => work(queued)) })
            events.push(queued)
          } catch (error) {
            outcomes.push({ ok: false, error })
            // Some SQLite errors (disk full, I/O) end the whole transaction: then nothing of the batch is
            // durable, and a later unit must not run in autocommit. Abort: every unit fails.
            if (!store.db.inTransaction) throw new BatchAborted(error)
          }
          if (!more()) break
        }
      })
    } catch (error) {
      const cause = error instanceof BatchAborted ? error.reason : error
      return outcomes.map(() => ({ ok: false, error: cause }))
    }
    for (const queued of events) publish(queued)
    return outcomes
  }

  function flush(): void {
    scheduled = false
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_UNITS_PER_BATCH)
      queue = queue.slice(batch.length)
      const outcomes = runBatch(batch.map((job) => job.work))
      batch.forEach((job, i) => {
        // No outcome: the batch ended before this unit ran (BEGIN failed, or SQLite ended the transaction).
        const outcome = outcomes[i] ?? { ok: false, error: outcomes[0]?.ok === false ? outcomes[0].error : new Error('the batch ended before this unit ran') }
        if (outcome.ok) job.resolve(outcome.value)
        else job.reject(outcome.error)
      })
    }
  }

  return {
    runBatch,
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

class BatchAborted extends Error {
  constructor(readonly reason: unknown) {
    super('the batch transaction ended early')
  }
}
