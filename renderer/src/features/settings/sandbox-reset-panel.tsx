import { useState } from 'react'
import { useResetSandbox } from '../../api/hooks/settings'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ErrorNotice } from '../../components/error-notice'
import { Panel } from '../../components/panel'
import { useEnvironment } from '../../stores/environment-store'

/** Start the current environment over: no transactions, opening balances back. Asks first; it cannot be undone. */
export function SandboxResetPanel() {
  const environment = useEnvironment()
  const reset = useResetSandbox()
  const [confirming, setConfirming] = useState(false)
  const confirm = () => reset.mutate({}, { onSuccess: () => setConfirming(false) })
  return (
    <Panel title="Reset sandbox data" className="danger-zone">
      <div className="stack">
        <p>
          Erases every transaction, ledger posting, webhook event and idempotency record of the <strong>{environment}</strong> environment
          and restores the opening balances. API keys, the webhook endpoint and the other environment stay as they are.
        </p>
        <div className="row">
          <button type="button" className="button button--danger" onClick={() => { reset.reset(); setConfirming(true) }}>Reset {environment} data…</button>
          <span className="form__note" role="status" data-testid="reset-result">
            {reset.data ? `Reset ${reset.data.environment}: removed ${reset.data.removedTransactions.toLocaleString('en-GB')} transactions; balances restored.` : ''}
          </span>
        </div>
      </div>
      <ConfirmDialog open={confirming} title={`Reset the ${environment} sandbox?`} confirmLabel={`Erase ${environment} data`} tone="danger"
        busy={reset.isPending} onConfirm={confirm} onCancel={() => setConfirming(false)}>
        <div className="stack">
          <p>All {environment} transactions, postings and webhook history are erased and balances go back to their opening amounts. This cannot be undone.</p>
          {reset.isError ? <ErrorNotice error={reset.error} title="The sandbox was not reset" /> : null}
        </div>
      </ConfirmDialog>
    </Panel>
  )
}
