import { formatDateTime } from '../lib/dates'

/**
 * A point in time in the user's locale and time zone, with the exact ISO 8601 (UTC) string on hover and
 * in `dateTime`, so support staff can quote the precise instant the API and webhooks carry.
 */
export function Timestamp({ ms, className }: { ms: number | null | undefined; className?: string }) {
  if (ms === null || ms === undefined) return <span className={className}>—</span>
  const iso = new Date(ms).toISOString()
  return <time className={className} dateTime={iso} title={iso}>{formatDateTime(ms)}</time>
}
