import { formatDateTime } from '../lib/dates'

/** Numeric date and time ("21/11/2026, 10:04:31"): for dense tables where the long month name does not fit. */
const compactDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' })

/**
 * A point in time in the user's locale and time zone, with the exact ISO 8601 (UTC) string on hover and
 * in `dateTime`, so support staff can quote the precise instant the API and webhooks carry.
 */
export function Timestamp({ ms, className, compact = false }: { ms: number | null | undefined; className?: string; compact?: boolean }) {
  if (ms === null || ms === undefined) return <span className={className}>—</span>
  const iso = new Date(ms).toISOString()
  return <time className={className} dateTime={iso} title={iso}>{compact ? compactDateTime.format(ms) : formatDateTime(ms)}</time>
}
