import { useState } from 'react'
import { useSimulatorState } from '../../api/hooks/simulator'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { TransactionTracker } from '../../components/transactions/transaction-tracker'
import { ChargeForm } from './charge-form'
import { HandsetPanel } from './handset-panel'

/**
 * Collect money with a push prompt: the form on the left, the charge's live status and the customer's
 * phone (interactive simulator mode) on the right.
 */
export function ChargesScreen() {
  const [sentId, setSentId] = useState<string | undefined>()
  const interactive = useSimulatorState().data?.mode === 'interactive'
  return (
    <>
      <PageHeader title="Charges" description="Send a push prompt to a customer's phone. The customer approves with their PIN; the result arrives by webhook and shows here live." />
      <div className="grid grid--main-side">
        <Panel title="New charge">
          <ChargeForm onSent={setSentId} />
        </Panel>
        <div className="stack">
          {/* In interactive mode the handset's prompt is what needs the user: it goes first, and comes into view
              itself; the charge's progress below it can grow without pushing the prompt away. */}
          {interactive ? <HandsetPanel focusTransactionId={sentId} /> : null}
          <Panel title="Latest charge">
            {sentId ? <TransactionTracker key={sentId} transactionId={sentId} reveal={!interactive} /> : <EmptyState title="No charge sent yet">Its status will update here as the customer answers.</EmptyState>}
          </Panel>
          {interactive ? null : <HandsetPanel focusTransactionId={sentId} />}
        </div>
      </div>
    </>
  )
}
