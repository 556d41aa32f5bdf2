import type { TransactionDetail } from '../../../../shared/schemas/console-transactions'
import { StatusBadge } from '../../components/status-badge'
import { Timestamp } from '../../components/timestamp'

/** Every status the transaction went through, oldest first, with the processor's message at each step. */
export function TransactionTimeline({ timeline }: { timeline: TransactionDetail['timeline'] }) {
  if (timeline.length === 0) return <p className="form__note">No status changes recorded.</p>
  return (
    <ol className="timeline" aria-label="Status timeline" data-testid="transaction-timeline">
      {timeline.map((entry, index) => (
        <li key={`${entry.status}-${entry.at}-${index}`} className={`timeline__item timeline__item--${entry.status}`}>
          <div className="timeline__head">
            <StatusBadge status={entry.status} />
            <Timestamp ms={entry.at} className="timeline__time" />
          </div>
          {entry.message ? <p className="timeline__message">{entry.message}</p> : null}
        </li>
      ))}
    </ol>
  )
}
