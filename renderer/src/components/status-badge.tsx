import type { TransactionStatus } from '../../../shared/schemas/common'

/** The colours a badge or tag comes in. */
export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger'

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

const REVERSAL_TONES: Record<TransactionStatus, Tone> = {
  initiated: 'info', pending: 'info', completed: 'warning', settled: 'warning', failed: 'danger', rejected: 'danger',
}

/**
 * A reversed charge: the API keeps it `settled` (it has no `reversed` status), so the console says
 * "Reversed" with the reversal's own state, wherever it shows the charge.
 */
export function ReversedBadge({ reversalStatus }: { reversalStatus: TransactionStatus }) {
  return (
    <span className={`badge badge--${REVERSAL_TONES[reversalStatus]}`} data-status="reversed" data-reversal-status={reversalStatus}>
      <span className={reversalStatus === 'pending' ? 'badge__dot badge__dot--live' : 'badge__dot'} aria-hidden="true" />
      {`Reversed · ${reversalStatus}`}
    </span>
  )
}

/** A transaction's status as the console tells it: "Reversed · …" for a charge with a reversal. */
export function TransactionStatusBadge({ tx }: { tx: { status: TransactionStatus; reversal?: { status: TransactionStatus } | null } }) {
  return tx.reversal ? <ReversedBadge reversalStatus={tx.reversal.status} /> : <StatusBadge status={tx.status} />
}

/** Any short label in the same style (account type, environment, mode). */
export function Tag({ tone = 'neutral', children }: { tone?: Tone; children: string }) {
  return <span className={`badge badge--${tone}`}>{children}</span>
}
