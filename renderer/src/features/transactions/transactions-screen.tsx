import { PageHeader } from '../../components/page-header'
import { EmptyState } from '../../components/empty-state'

/**
 * Placeholder: the Transactions screen (issue 6, part 2) lists transactions with filters on a virtualized
 * DataTable (useTransactions in api/hooks/transactions.ts; DataTable virtualizes above 200 rows).
 */
export function TransactionsScreen() {
  return (
    <>
      <PageHeader title="Transactions" description="Every charge, payout, transfer and settlement, with filters." />
      <EmptyState title="This screen is being built">The transactions list arrives in the next part of the console.</EmptyState>
    </>
  )
}
