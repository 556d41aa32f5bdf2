import type { Failure, TransactionDetail } from '../../../../shared/schemas/console-transactions'
import { PATHS } from '../../lib/paths'
import { Link, pathTo } from '../../lib/router'
import { Money } from '../money'
import { TransactionStatusBadge } from '../status-badge'
import { Timestamp } from '../timestamp'

/** A charge's reversal, from the detail's linked transactions (a charge links to its latest reversal). */
export function reversalOf(detail: TransactionDetail): TransactionDetail['related'][number] | null {
  if (detail.transaction.type !== 'charge') return null
  return detail.related.filter((tx) => tx.type === 'reversal').at(-1) ?? null
}

const REVERSAL_WORDS: Record<string, string> = {
  pending: 'is being processed: the customer gets the money back once it completes.',
  initiated: 'is being processed: the customer gets the money back once it completes.',
  completed: 'completed: the full amount went back to the customer and the fee was refunded.',
  settled: 'completed: the full amount went back to the customer and the fee was refunded.',
  failed: 'failed: no money went back; the charge still stands and can be reversed again.',
  rejected: 'was refused: no money went back; the charge still stands.',
}

function ReversalNotice({ reversal, requestedAt }: { reversal: NonNullable<ReturnType<typeof reversalOf>>; requestedAt: number | null }) {
  const tone = reversal.status === 'failed' || reversal.status === 'rejected' ? 'notice--error' : 'notice--info'
  return (
    <div className={`notice ${tone}`} data-testid="reversal-notice">
      <p className="notice__title">This charge was reversed{requestedAt !== null ? <> on <Timestamp ms={requestedAt} /></> : null}</p>
      <p>
        Reversal <Link to={pathTo(PATHS.transaction, { transactionId: reversal.publicId })}><code>{reversal.publicId}</code></Link> of{' '}
        <Money minor={reversal.amount} /> {REVERSAL_WORDS[reversal.status]}
      </p>
    </div>
  )
}

/** Why it failed in plain words, the result code and what to do next; and that no money moved. */
export function FailureNotice({ failure, message }: { failure: Failure; message: string | null }) {
  return (
    <div className="notice notice--error" data-testid="failure-notice">
      <p className="notice__title">{failure.reason}</p>
      <dl className="notice__facts">
        <dt>Result code</dt><dd><code>{failure.resultCode ?? 'none'}</code></dd>
        <dt>What to do</dt><dd>{failure.nextStep}</dd>
        {message ? <><dt>Processor said</dt><dd>{message}</dd></> : null}
        <dt>Money</dt><dd>None moved: no fee was charged and nothing left or reached any account.</dd>
      </dl>
    </div>
  )
}

/**
 * The first thing on a transaction's screen, above the fold at 1024×700: its status as the console tells it
 * ("Reversed · completed" for a reversed charge) and, when something went wrong or was undone, why.
 */
export function TransactionSummary({ detail, reversalRequestedAt }: { detail: TransactionDetail; reversalRequestedAt: number | null }) {
  const tx = detail.transaction
  const reversal = reversalOf(detail)
  return (
    <div className="transaction-summary" data-testid="transaction-summary">
      <div className="row">
        <TransactionStatusBadge tx={{ status: tx.status, reversal }} />
        <strong><Money minor={tx.amount} currency={tx.currency} /></strong>
        {tx.phoneNumber ? <span className="top-bar__meta">{tx.phoneNumber}</span> : null}
        <span className="top-bar__meta">Created <Timestamp ms={tx.createdAt} /></span>
      </div>
      {reversal ? <ReversalNotice reversal={reversal} requestedAt={reversalRequestedAt} /> : null}
      {detail.failure ? <FailureNotice failure={detail.failure} message={tx.message} /> : null}
    </div>
  )
}
