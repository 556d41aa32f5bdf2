import type { TransactionDetail } from '../../../../shared/schemas/console-transactions'
import { ReversedBadge, StatusBadge } from '../../components/status-badge'
import { Timestamp } from '../../components/timestamp'

/** One line of the timeline: a status of this transaction, or (for a reversed charge) a step of its reversal. */
export interface TimelineLine {
  status: TransactionDetail['timeline'][number]['status']
  message: string | null
  at: number
  /** A step of the charge's reversal rather than of the charge itself. */
  reversal?: boolean
}

/**
 * The charge's own statuses and its reversal's, in time order: the reversal's "pending" reads as the
 * reversal being requested, its last status as what became of it.
 */
export function withReversalSteps(timeline: TransactionDetail['timeline'], reversal: TransactionDetail | undefined): TimelineLine[] {
  if (!reversal) return timeline
  const steps = reversal.timeline.map((entry, index) => ({
    ...entry, reversal: true, message: index === 0 ? `Reversal ${reversal.transaction.publicId} requested${entry.message ? `: ${entry.message}` : ''}` : entry.message,
  }))
  return [...timeline, ...steps].sort((a, b) => a.at - b.at)
}

/** Every status the transaction went through, oldest first, with the processor's message at each step. */
export function TransactionTimeline({ timeline }: { timeline: readonly TimelineLine[] }) {
  if (timeline.length === 0) return <p className="form__note">No status changes recorded.</p>
  return (
    <ol className="timeline" aria-label="Status timeline" data-testid="transaction-timeline">
      {timeline.map((entry, index) => (
        <li key={`${entry.status}-${entry.at}-${index}`} className={`timeline__item timeline__item--${entry.reversal ? 'reversal' : entry.status}`} data-reversal={entry.reversal ? 'true' : undefined}>
          <div className="timeline__head">
            {entry.reversal ? <ReversedBadge reversalStatus={entry.status} /> : <StatusBadge status={entry.status} />}
            <Timestamp ms={entry.at} className="timeline__time" />
          </div>
          {entry.message ? <p className="timeline__message">{entry.message}</p> : null}
        </li>
      ))}
    </ol>
  )
}
