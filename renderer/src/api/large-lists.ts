import type { Query } from '@tanstack/react-query'

/** From this many cached rows on, a list is not refetched by push events (a refetch is megabytes of JSON). */
export const LARGE_LIST_ROWS = 1_000

/**
 * Whether a cached answer is a large list. Re-downloading and re-parsing 10,000 transactions on every
 * status change would stall scrolling and waste the sandbox's time under load, so such lists are only
 * marked stale; the screen offers "Refresh" instead. Small lists (Home's recent activity) stay live.
 */
export function isLargeList(query: Query): boolean {
  const data = query.state.data as { items?: unknown } | undefined
  return Array.isArray(data?.items) && data.items.length >= LARGE_LIST_ROWS
}
