import { formatMinor } from '../../../shared/money'
import { useHeldRequestStore } from '../stores/held-request-store'
import { PATHS } from '../lib/paths'
import { Link } from '../lib/router'

const ACTIONS = { b2c: 'B2C payout', b2b: 'B2B payment', 'bank-transfer': 'Bank transfer', reversal: 'Reversal', 'bulk-payout': 'Bulk payout' } as const

/** "Sent for approval" instead of a result, when the approval policy held the last money request. */
export function HeldRequestNotice() {
  const held = useHeldRequestStore((state) => state.held)
  const clear = useHeldRequestStore((state) => state.set)
  if (!held) return null
  return (
    <div className="notice notice--info held-notice" role="status" data-testid="held-notice">
      <p>
        <strong>Sent for approval.</strong> The {ACTIONS[held.action]} of KES {formatMinor(held.amount)} moves no money until it is
        approved: see <Link to={PATHS.approvals}>Approvals</Link> (<code>{held.id}</code>).
      </p>
      <button type="button" className="button button--secondary button--small" onClick={() => clear(null)}>Dismiss</button>
    </div>
  )
}
