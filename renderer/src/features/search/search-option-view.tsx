import { Money } from '../../components/money'
import { TransactionStatusBadge } from '../../components/status-badge'
import { Timestamp } from '../../components/timestamp'
import { ShortId } from '../../components/short-id'
import { TRANSACTION_TYPE_LABELS } from '../../lib/transaction-labels'
import type { SearchOption } from '../../lib/search-options'

/** How one option reads: a transaction's type, amount, status, phone, receipt and reference on one line. */
export function SearchOptionView({ option }: { option: SearchOption }) {
  if (option.kind === 'customer') return <span className="search-option__main">Customer view for <strong>{option.phoneNumber}</strong></span>
  if (option.kind === 'all') return <span className="search-option__main">See all results</span>
  const tx = option.transaction
  return (
    <>
      <span className="search-option__main">
        <strong>{TRANSACTION_TYPE_LABELS[tx.type]}</strong> <Money minor={tx.amount} /> <TransactionStatusBadge tx={tx} />
      </span>
      <span className="search-option__meta">
        <ShortId id={tx.publicId} />
        {tx.phoneNumber ? <span>{tx.phoneNumber}</span> : null}
        {tx.processorReference ? <span>{tx.processorReference}</span> : null}
        {tx.merchantTransactionId ? <span>{tx.merchantTransactionId}</span> : null}
        {tx.narration ? <span className="search-option__narration">{tx.narration}</span> : null}
        <Timestamp ms={tx.createdAt} compact />
      </span>
    </>
  )
}
