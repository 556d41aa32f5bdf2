import type { Db } from './connection'

export interface Dropped {
  rows: number
  bytes: number
}

const NONE: Dropped = { rows: 0, bytes: 0 }

/**
 * The request log's bounds per environment, in rows and in bytes (`stored_bytes`): what an environment holds,
 * and deleting its oldest rows. Every read here uses the index api_requests_env (environment, seq,
 * stored_bytes) only, never a row's bodies. `deleted` hears how many rows each delete removed.
 */
export function createApiRequestsBounds(db: Db, deleted: (rows: number) => void) {
  const countStmt = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM api_requests WHERE environment = ?')
  const nthOldestStmt = db.prepare<[string, number], { seq: number }>('SELECT seq FROM api_requests WHERE environment = ? ORDER BY seq LIMIT 1 OFFSET ?')
  const deleteUpToStmt = db.prepare('DELETE FROM api_requests WHERE environment = ? AND seq <= ?')
  const bytesStmt = db.prepare<[string], { n: number }>('SELECT coalesce(sum(stored_bytes), 0) AS n FROM api_requests WHERE environment = ?')
  const bytesUpToStmt = db.prepare<[string, number], { n: number }>('SELECT coalesce(sum(stored_bytes), 0) AS n FROM api_requests WHERE environment = ? AND seq <= ?')
  const oldestFirstStmt = db.prepare<[string], { seq: number; stored_bytes: number }>('SELECT seq, stored_bytes FROM api_requests WHERE environment = ? ORDER BY seq')

  function dropUpTo(environment: string, seq: number): Dropped {
    const bytes = bytesUpToStmt.get(environment, seq)!.n
    const rows = deleteUpToStmt.run(environment, seq).changes
    deleted(rows)
    return { rows, bytes }
  }

  return {
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
