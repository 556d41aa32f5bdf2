import { useWhoAmI } from '../api/hooks/team'
import { formatDateTimeCompact } from '../lib/dates'

/** Sessions end 7 days after sign-in even when used: the last day, the console says when. */
const WARN_BEFORE_MS = 24 * 60 * 60_000

export function SessionEndNotice() {
  const endsAt = useWhoAmI().data?.sessionEndsAt
  if (!endsAt) return null
  const at = Date.parse(endsAt)
  if (at - Date.now() > WARN_BEFORE_MS) return null
  return (
    <p className="notice notice--info" role="status" data-testid="session-end-notice">
      Your session ends at {formatDateTimeCompact(at)} (sessions last 7 days from sign-in): sign in again then.
    </p>
  )
}
