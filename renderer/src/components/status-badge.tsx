import type { TransactionStatus } from '../../../shared/schemas/common'

type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger'

const TONES: Record<TransactionStatus, Tone> = {
  initiated: 'neutral',
  pending: 'info',
  completed: 'success',
  settled: 'success',
  failed: 'danger',
  rejected: 'danger',
}

const LABELS: Record<TransactionStatus, string> = {
  initiated: 'Initiated',
  pending: 'Pending',
  completed: 'Completed',
  settled: 'Settled',
  failed: 'Failed',
  rejected: 'Rejected',
}

/**
 * A transaction status as a coloured pill. The colour is decoration only: the text carries the meaning,
 * and a pending status shows a pulsing dot so "still moving" is visible at a glance.
 */
export function StatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <span className={`badge badge--${TONES[status]}`} data-status={status}>
      <span className={status === 'pending' ? 'badge__dot badge__dot--live' : 'badge__dot'} aria-hidden="true" />
      {LABELS[status]}
    </span>
  )
}

/** Any short label in the same style (account type, environment, mode). */
export function Tag({ tone = 'neutral', children }: { tone?: Tone; children: string }) {
  return <span className={`badge badge--${tone}`}>{children}</span>
}
