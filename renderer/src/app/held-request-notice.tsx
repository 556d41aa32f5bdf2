import { useEffect, useRef } from 'react'
import { onPushEvent } from '../api/push-listeners'
import { formatMinor } from '../../../shared/money'
import { APPROVAL_ACTION_LABELS } from '../lib/approval-labels'
import { useHeldRequestStore } from '../stores/held-request-store'
import { PATHS } from '../lib/paths'
import { Link } from '../lib/router'

/**
 * "Sent for approval" instead of a result, when the approval policy held the last money request; brought
 * into view when it appears, as a sent request's tracker is (the form that sent it may be far below).
 */
export function HeldRequestNotice() {
  const held = useHeldRequestStore((state) => state.held)
  const clear = useHeldRequestStore((state) => state.set)
  // Gone once its request is decided (approved, rejected or expired): its requester is told by a notification.
  useEffect(() => onPushEvent((event) => {
    if (event.type === 'approval.changed' && event.approvalId === held?.id && event.status !== 'pending') clear(null)
  }), [held, clear])
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (held) ref.current?.scrollIntoView?.({ block: 'nearest' })
  }, [held])
  if (!held) return null
  return (
    <div className="notice notice--info held-notice" role="status" data-testid="held-notice" ref={ref}>
      <p>
        <strong>Sent for approval.</strong> The {APPROVAL_ACTION_LABELS[held.action]} of KES {formatMinor(held.amount)} moves no money until it is
        approved: see <Link to={PATHS.approvals}>Approvals</Link> (<code>{held.id}</code>).
      </p>
      <button type="button" className="button button--secondary button--small" onClick={() => clear(null)}>Dismiss</button>
    </div>
  )
}
