import type { TransactionDetail } from '../../../../shared/schemas/console-transactions'
import { PATHS } from '../../lib/paths'
import { Link, pathTo } from '../../lib/router'
import { Money } from '../../components/money'
import { StatusBadge } from '../../components/status-badge'
import { TRANSACTION_TYPE_LABELS } from '../../lib/transaction-labels'

/** A charge's reversal, or a reversal's charge, as links that keep their status live. */
export function RelatedTransactions({ related }: { related: TransactionDetail['related'] }) {
  if (related.length === 0) return <p className="form__note">No linked transaction. A reversal and its charge link to each other.</p>
  return (
    <ul className="related-list" aria-label="Linked transactions" data-testid="related-transactions">
      {related.map((tx) => (
        <li key={tx.publicId} className="related-list__item" data-type={tx.type} data-status={tx.status}>
          <span className="related-list__type">{TRANSACTION_TYPE_LABELS[tx.type]}</span>
          <Link to={pathTo(PATHS.transaction, { transactionId: tx.publicId })}><code>{tx.publicId}</code></Link>
          <Money minor={tx.amount} />
          <StatusBadge status={tx.status} />
        </li>
      ))}
    </ul>
  )
}
