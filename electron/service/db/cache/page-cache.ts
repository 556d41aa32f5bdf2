import type Database from 'better-sqlite3'

type Db = Database.Database

/** Pages kept at once, and the largest `limit` kept: ~60 KB per 100 rows, so at most a few MB. */
const MAX_PAGES = 32
const MAX_CACHED_LIMIT = 500
/** Queries remembered as asked once (the key only, no page), so that their second ask is kept. */
const MAX_SEEN = 64

/**
 * List pages as SQLite built them, kept until anything changes. The key is the query and its parameters;
 * an entry is used only while the connection's `total_changes()` (every row this connection inserted,
 * updated or deleted, in any table, committed or not) less `unrelatedChanges()` (rows the caller knows no
 * page reads: the request log's, written at every batch, which otherwise made every batch of searches read
 * its page again) and `data_version` (a commit by another connection) are what they were when the page
 * was read. So any other write invalidates every page; a repeated search of an unchanged sandbox costs a
 * lookup instead of ~0.25 ms of SQL. Leaving out only rows
 * counted one by one errs one way: a write nobody counted invalidates, never the reverse.
 *
 * A rollback puts rows back without moving either counter, and a page read inside a transaction may hold
 * rows of a unit that later rolls back: the store calls `clear` whenever a transaction or savepoint ends
 * with an error (db/store.ts), which is every rollback the engine makes.
 *
 * A page is kept from the second time its query is asked, not the first. Under a load of searches that
 * never repeat (the search figure's uncached row), keeping every page for the next 31 pages made each one
 * outlive two young-generation GCs, so V8 promoted ~60 KB per request to the old generation, where it piled
 * up until a full GC (docs/performance.md "Memory on the request path"); a page asked once now dies young. A repeated search is
 * kept from its second ask, and a page the version made stale is read again and kept at once.
 */
export function createPageCache<Page>(db: Db, unrelatedChanges: () => number) {
  const versionStmt = db.prepare('SELECT total_changes(), data_version FROM pragma_data_version').raw(true)
  const pages = new Map<string, { version: string; page: Page }>()
  const seen = new Set<string>()
  const version = () => {
    const [changes, dataVersion] = versionStmt.get() as [number, number]
    return `${changes - unrelatedChanges()}:${dataVersion}`
  }
  return {
    /** The page of `sql` with `params`, from the cache when nothing changed since it was read, else `read()`. */
    get(sql: string, params: { limit: number }, read: () => Page): Page {
      if (params.limit > MAX_CACHED_LIMIT) return read()
      const key = `${sql}\n${JSON.stringify(params)}`
      const now = version()
      const hit = pages.get(key)
      if (hit && hit.version === now) return hit.page
      const page = read()
      if (!hit && !seen.delete(key)) {
        seen.add(key)
        if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value!)
        return page
      }
      pages.delete(key)
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!)
      pages.set(key, { version: now, page })
      return page
    },
    clear(): void {
      pages.clear()
    },
  }
}
