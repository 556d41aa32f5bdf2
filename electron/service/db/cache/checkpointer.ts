import { Worker } from 'node:worker_threads'

/**
 * WAL checkpoints off the engine's thread: no request's COMMIT copies pages into the database file.
 *
 * SQLite's automatic checkpoint runs inside the COMMIT that pushes the WAL past its threshold: that one
 * batch's COMMIT copied ~1,000 pages into the database file and fsynced both files, 15-20 ms during which
 * every request waited (the p99 tail of the charge figure). Hosts now turn the main connection's automatic
 * checkpoint up to a far threshold (a fallback that bounds the WAL if this thread ever falls behind or dies)
 * and a worker thread with its own connection runs PASSIVE checkpoints every few milliseconds. PASSIVE
 * never takes the writer's lock and never waits: it copies what no reader still needs, and the main
 * connection's next write transaction starts the WAL over once everything was copied.
 *
 * Durability is unchanged: commits are as durable as before (WAL, synchronous = NORMAL: a process crash
 * loses nothing committed), and the checkpoint itself syncs the WAL before it copies pages and the database
 * after, as the automatic one did (the worker's connection keeps synchronous = NORMAL).
 */

/** Pages the WAL may grow to before the main connection checkpoints in a COMMIT after all (fallback). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 4_096
/** Rest between two checkpoints of the worker. */
const INTERVAL_MS = 10
/** Longest close() waits for the worker to close its connection. */
const CLOSE_WAIT_MS = 5_000

// Slots of the shared flags: STOP (main -> worker), STARTED and CLOSED (worker -> main).
const STOP = 0
const STARTED = 1
const CLOSED = 2

/**
 * The worker, as source: evaluated (not a file) so it runs the same whether the engine runs from sources
 * (tsx), bundled into the CLI (dist-cli) or into the desktop app's main process. It receives the resolved
 * path of better-sqlite3 so it loads the very build (and native binding) the engine uses.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const flags = new Int32Array(workerData.flags)
const db = new Database(workerData.file, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {})
try {
  db.pragma('synchronous = NORMAL')
  db.pragma('busy_timeout = 0')
  Atomics.store(flags, ${STARTED}, 1)
  while (Atomics.load(flags, ${STOP}) === 0) {
    try { db.pragma('wal_checkpoint(PASSIVE)') } catch (error) { /* busy: the next round tries again */ }
    Atomics.wait(flags, ${STOP}, 0, workerData.intervalMs)
  }
} finally {
  db.close()
  Atomics.store(flags, ${CLOSED}, 1)
  Atomics.notify(flags, ${CLOSED})
}
`

export interface Checkpointer {
  /** Stops the worker and waits (briefly, synchronously) until its connection is closed. */
  close(): void
}

/**
 * Starts the checkpoint worker for a WAL database file. Returns null when the worker cannot start;
 * `onFailure` runs when it stops on an error later (the caller then checkpoints as before).
 */
export function startCheckpointer(file: string, nativeBinding: string | undefined, onFailure: () => void): Checkpointer | null {
  const flags = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT))
  let worker: Worker
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: require.resolve('better-sqlite3'), file, nativeBinding, flags: flags.buffer, intervalMs: INTERVAL_MS },
    })
  } catch (error) {
    console.error('[paydesk] the checkpoint worker could not start; SQLite checkpoints in COMMIT:', error)
    return null
  }
  worker.unref()
  worker.on('error', (error) => {
    console.error('[paydesk] the checkpoint worker stopped; SQLite checkpoints in COMMIT again:', error)
    onFailure()
  })
  return {
    close() {
      Atomics.store(flags, STOP, 1)
      Atomics.notify(flags, STOP)
      // The last connection to close checkpoints and removes the WAL: let the worker close first, so the
      // engine's own close is that last one (as before), rather than leaving the WAL to the worker's exit.
      if (Atomics.load(flags, STARTED) === 1) Atomics.wait(flags, CLOSED, 0, CLOSE_WAIT_MS)
      else void worker.terminate()
    },
  }
}
