import type { PushEvent } from '../../../shared/api/push-events'
import { createBatcher } from '../core/batcher'
import { createSimulatedClock } from '../core/clock'
import type { Engine } from '../core/engine'
import { createIds } from '../core/ids'
import { checkpointInBackground, openDatabase, type Db } from '../db/connection'
import { createStore } from '../db/store'
import { newUnit } from '../core/unit'
import { createNotifier, type Notifier } from '../notifications/notifier'
import { createRequestLog, type RequestLog } from '../request-log/request-log'
import { createSeededRun, type SeededRun } from '../simulator/reproducible'
import { createSessionWatch, type SessionWatch } from '../team/session-watch'
import type { ServiceOptions } from './types'

/** The engine's core and what lives beside it for the service's lifetime. */
export interface EngineCore {
  engine: Engine
  db: Db
  checkpointer: { close(): void } | null
  seeded: SeededRun | undefined
  requestLog: RequestLog
  /** Raises notifications from what committed (notifications/notifier.ts). */
  notifier: Notifier
  listeners: Set<(event: PushEvent) => void>
  /** Open event streams' sessions (team/session-watch.ts), looked at after each COMMIT before its events go out. */
  sessionWatch: SessionWatch
}

/**
 * Opens the database and builds the engine's core: store, clocks, ids (seeded or random), the request
 * log and the batcher. Push events go to `listeners` only after the COMMIT of the batch that made them.
 */
export function openEngineCore(options: ServiceOptions): EngineCore {
  const realNow = options.now ?? Date.now
  const db = openDatabase(options.dbPath, { nativeBinding: options.nativeBinding })
  const checkpointer = options.checkpointInBackground ? checkpointInBackground(db, options.dbPath, { nativeBinding: options.nativeBinding }) : null
  const store = createStore(db)
  const seeded = options.seed === undefined ? undefined : createSeededRun(store, { seed: options.seed, clockStart: options.clockStart, realNow })
  const clock = seeded?.clock ?? createSimulatedClock(store, realNow)
  const ids = seeded?.ids ?? createIds(clock.now, options.randomBytes)
  const listeners = new Set<(event: PushEvent) => void>()
  // Notifications are raised from what committed: the notifier sees a batch's events only when they are
  // published, after its COMMIT, and raises them in the next batch.
  const notifier = createNotifier()
  const sessionWatch = createSessionWatch(store, realNow)
  const publish = (events: readonly PushEvent[]) => {
    // A stream whose session this batch ended is closed before the batch's events are written to it.
    sessionWatch.afterCommit()
    notifier.observe(events)
    for (const event of events) for (const listener of listeners) listener(event)
  }
  const requestLog = createRequestLog(store, clock.now, (event) => publish([event]))
  // The request log's queue is written at the start of each batch, sharing its COMMIT, instead of in a
  // transaction of its own per tick that held the event loop for milliseconds under load. So are the
  // notifications the last batch's events call for.
  const units = createBatcher(store, publish, {
    beforeUnits: (queued) => {
      requestLog.flush((event) => queued.push(event))
      notifier.drain(newUnit({ store, ids }, clock.now(), queued))
    },
  })
  const engine: Engine = { store, ids, now: clock.now, clock, wallNow: realNow, units }
  return { engine, db, checkpointer, seeded, requestLog, notifier, listeners, sessionWatch }
}
