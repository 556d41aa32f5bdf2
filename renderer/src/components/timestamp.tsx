import { formatDateTime, formatDateTimeCompact } from '../lib/dates'

/**
 * A point in time in the organization's time zone, day before month ("26 Nov 2026, 14:05:09"; `compact`
 * drops the seconds for dense tables), with the exact ISO 8601 (UTC) instant on hover and in `dateTime`,
 * so support staff can quote the precise instant the API and webhooks carry.
 */
export function Timestamp({ ms, className, compact = false }: { ms: number | null | undefined; className?: string; compact?: boolean }) {
  if (ms === null || ms === undefined) return <span className={className}>—</span>
  const iso = new Date(ms).toISOString()
  return <time className={className} dateTime={iso} title={iso}>{compact ? formatDateTimeCompact(ms) : formatDateTime(ms)}</time>
}
