import type { Db } from './connection'

export interface Dropped {
  rows: number
  bytes: number
}

const NONE: Dropped = { rows: 0, bytes: 0 }

/** Numbers the bounds of connections in one process: each registers an SQL function of its own name. */
let connections = 0

/**
 * Each environment's rows and bytes, counted once by `counted` and then kept exact from what the repository
 * tells (`inserted`, `dropped`). Deletes by any statement are counted by a temporary trigger (it lives and
 * dies with the connection, never in the file): more than the repository's own, and the tallies are counted
 * again. The store calls `forget` after a rollback that took back rows of the log, and when another
 * connection committed.
 */
function createTallies(db: Db, counted: (environment: string) => Dropped) {
  const tallies = new Map<string, Dropped>()
  let deletesSeen = 0
  let ownDeletes = 0
  const countDeleted = `paydesk_api_request_deleted_${++connections}`
  db.function(countDeleted, { deterministic: false }, () => {
    deletesSeen++
    return null
  })
  db.exec(`CREATE TEMP TRIGGER ${countDeleted} AFTER DELETE ON main.api_requests BEGIN SELECT ${countDeleted}(); END`)
  const forget = (): void => {
    tallies.clear()
    ownDeletes = deletesSeen
  }
  return {
    forget,
    /** Moves with every row the repository inserts (`inserted` rows so far) and every row deleted: equal, nothing changed. */
    version: (inserted: number): number => inserted + deletesSeen,
    inserted(environment: string, bytes: number): void {
      const tally = tallies.get(environment)
      if (tally) {
        tally.rows++
        tally.bytes += bytes
      }
    },
    dropped(environment: string, gone: Dropped): void {
      ownDeletes += gone.rows
      const tally = tallies.get(environment)
      if (tally) {
        tally.rows -= gone.rows
        tally.bytes -= gone.bytes
      }
    },
    /** An environment's rows and bytes, exact; counted only when not known. */
    tally(environment: string): Dropped {
      if (deletesSeen !== ownDeletes) forget()
      let tally = tallies.get(environment)
      if (!tally) {
        tally = counted(environment)
        tallies.set(environment, tally)
      }
      return { ...tally }
    },
  }
}

/**
 * The request log's bounds per environment, in rows and in bytes (`stored_bytes`): what an environment holds,
 * and deleting its oldest rows. Every read here uses the index api_requests_env (environment, seq,
 * stored_bytes) only, never a row's bodies. `deleted` hears how many rows each delete removed.
 *
 * `tally` is what an environment holds, counted once and then kept exact from the repository's own inserts
 * and deletes, so the log's writer never counts 50,000 rows again when it passes its bound. It is counted
 * afresh after anything it cannot follow: rows deleted by other code (an organization's; a temporary trigger
 * counts every deleted row), a rollback of work that wrote the table (`forgetTallies`, from the store), a
 * commit by another connection.
 */
export function createApiRequestsBounds(db: Db, deleted: (rows: number) => void) {
  const countStmt = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM api_requests WHERE environment = ?')
  const nthOldestStmt = db.prepare<[string, number], { seq: number }>('SELECT seq FROM api_requests WHERE environment = ? ORDER BY seq LIMIT 1 OFFSET ?')
  const deleteUpToStmt = db.prepare('DELETE FROM api_requests WHERE environment = ? AND seq <= ?')
  const bytesStmt = db.prepare<[string], { n: number }>('SELECT coalesce(sum(stored_bytes), 0) AS n FROM api_requests WHERE environment = ?')
  const bytesUpToStmt = db.prepare<[string, number], { n: number }>('SELECT coalesce(sum(stored_bytes), 0) AS n FROM api_requests WHERE environment = ? AND seq <= ?')
  const oldestFirstStmt = db.prepare<[string], { seq: number; stored_bytes: number }>('SELECT seq, stored_bytes FROM api_requests WHERE environment = ? ORDER BY seq')

  const tallies = createTallies(db, (environment) => ({ rows: countStmt.get(environment)!.n, bytes: bytesStmt.get(environment)!.n }))

  function dropUpTo(environment: string, seq: number): Dropped {
    const bytes = bytesUpToStmt.get(environment, seq)!.n
    const rows = deleteUpToStmt.run(environment, seq).changes
    deleted(rows)
    tallies.dropped(environment, { rows, bytes })
    return { rows, bytes }
  }

  return {
    forgetTallies: tallies.forget,
    version: tallies.version,
    inserted: tallies.inserted,
    tally: tallies.tally,
    count(environment: string): number {
      return countStmt.get(environment)!.n
    },
    /** The bytes an environment's rows keep (`stored_bytes` summed). */
    bytes(environment: string): number {
      return bytesStmt.get(environment)!.n
    },
    /** Deletes the `count` oldest rows of an environment in one statement; returns the rows and bytes dropped. */
    dropOldest(environment: string, count: number): Dropped {
      if (count <= 0) return NONE
      const last = nthOldestStmt.get(environment, count - 1)
      return last ? dropUpTo(environment, last.seq) : NONE
    },
    /** Deletes an environment's oldest rows until at least `bytes` are gone (the fewest that free that much). */
    dropOldestBytes(environment: string, bytes: number): Dropped {
      if (bytes <= 0) return NONE
      let freed = 0
      let last: number | null = null
      // Stops reading at the cut (the iterator closes before the DELETE: the connection runs one statement at a time).
      for (const row of oldestFirstStmt.iterate(environment)) {
        freed += row.stored_bytes
        last = row.seq
        if (freed >= bytes) break
      }
      return last === null ? NONE : dropUpTo(environment, last)
    },
  }
}
