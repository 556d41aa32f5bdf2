import { useTransaction } from '../../api/hooks/transactions'
import { Money } from '../../components/money'
import { PageHeader } from '../../components/page-header'
import { QueryView } from '../../components/query-view'
import { StatusBadge } from '../../components/status-badge'
import type { ScreenProps } from '../../app/screens'

/**
 * Placeholder with the essentials, so links from Home and Charges lead somewhere useful. The full
 * detail screen (timeline, webhooks, reversal) is issue 6, part 2.
 */
export function TransactionDetailScreen({ params }: ScreenProps) {
  const query = useTransaction(params['transactionId'])
  return (
    <>
      <PageHeader title="Transaction" description={<code>{params['transactionId']}</code>} />
      <QueryView query={query} loadingLabel="Loading transaction…">
        {(tx) => (
          <dl className="facts">
            <dt>Status</dt><dd><StatusBadge status={tx.status} /></dd>
            <dt>Type</dt><dd>{tx.type}</dd>
            <dt>Amount</dt><dd><Money minor={tx.amount} /></dd>
            <dt>Fees</dt><dd><Money minor={tx.fees} /></dd>
            <dt>Merchant reference</dt><dd>{tx.merchantTransactionId ?? '—'}</dd>
            <dt>Message</dt><dd>{tx.message ?? '—'}</dd>
          </dl>
        )}
      </QueryView>
    </>
  )
}
