import { useState } from 'react'
import { useAccounts } from '../../api/hooks/accounts'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { TransactionTracker } from '../../components/transactions/transaction-tracker'
import { BankTransferForm } from './bank-transfer-form'

/** Local bank transfers over INSTANTBANK from a payouts account. */
export function BankTransferScreen() {
  const [sentId, setSentId] = useState<string | undefined>()
  const accounts = useAccounts({ type: 'payouts' })
  return (
    <>
      <PageHeader title="Bank transfers" description="Send money from a payouts account to a Kenyan bank account over INSTANTBANK." />
      <div className="grid grid--main-side">
        <Panel title="New bank transfer">
          <QueryView query={accounts} loadingLabel="Loading payouts accounts…" empty={<EmptyState title="No payouts account in this environment">A bank transfer is sent from a payouts account.</EmptyState>}>
            {(items) => <BankTransferForm accounts={items} onSent={setSentId} />}
          </QueryView>
        </Panel>
        <Panel title="Latest transfer">
          {sentId ? <TransactionTracker key={sentId} transactionId={sentId} /> : <EmptyState title="No transfer sent yet">Its status will update here live.</EmptyState>}
        </Panel>
      </div>
    </>
  )
}
