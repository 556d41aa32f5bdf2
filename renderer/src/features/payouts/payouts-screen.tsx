import { useState } from 'react'
import { PATHS } from '../../lib/paths'
import { Link } from '../../lib/router'
import { useAccounts } from '../../api/hooks/accounts'
import { useSendsToProvider } from '../../api/hooks/upstream'
import { EmptyState } from '../../components/empty-state'
import { ErrorNotice } from '../../components/error-notice'
import { LoadingState } from '../../components/loading-state'
import { Money } from '../../components/money'
import { PageHeader } from '../../components/page-header'
import { Panel } from '../../components/panel'
import { TransactionTracker } from '../../components/transactions/transaction-tracker'
import { B2bForm } from './b2b-form'
import { B2cForm } from './b2c-form'
import { defaultPayoutsAccount } from '../../components/payouts/payout-quote'

type Kind = 'b2c' | 'b2b'

/** Pay out from the payouts float: to a phone (B2C) or to a till or paybill (B2B). */
export function PayoutsScreen() {
  const [kind, setKind] = useState<Kind>('b2c')
  const [sentId, setSentId] = useState<string | undefined>()
  const accounts = useAccounts({ type: 'payouts' })
  const sendsToProvider = useSendsToProvider()
  const account = defaultPayoutsAccount(accounts.data)

  return (
    <>
      <PageHeader title="Payouts" description={sendsToProvider
        ? 'Send money from your provider account to a phone (B2C) or to a till or paybill (B2B). Each payout is sent to the provider; its answer shows here and in the Outbox.'
        : 'Send money from your payouts float to a phone (B2C) or to a till or paybill (B2B). Amount + fee is reserved at once and released if the payout fails.'}
        actions={<Link className="button button--secondary" to={PATHS.payoutsBulk}>Bulk payouts</Link>} />
      <div className="grid grid--main-side">
        <Panel title="New payout">
          <div className="stack">
            <fieldset className="fieldset">
              <legend>Payout type</legend>
              <div className="choice-row">
                <label className="choice"><input type="radio" name="payout-kind" checked={kind === 'b2c'} onChange={() => setKind('b2c')} />To a phone (B2C)</label>
                <label className="choice"><input type="radio" name="payout-kind" checked={kind === 'b2b'} onChange={() => setKind('b2b')} />To a till or paybill (B2B)</label>
              </div>
            </fieldset>
            {kind === 'b2c' ? <B2cForm account={account} onSent={setSentId} /> : <B2bForm account={account} onSent={setSentId} />}
          </div>
        </Panel>
        <div className="stack">
          <Panel title="Payouts float">
            {accounts.isPending ? <LoadingState compact label="Loading the float…" /> : accounts.isError ? (
              <ErrorNotice error={accounts.error} onRetry={() => void accounts.refetch()} />
            ) : account ? (
              <dl className="facts" data-testid="payouts-float">
                <dt>Account</dt><dd>{account.name} <code>{account.accountNo}</code></dd>
                <dt>Available</dt><dd data-testid="float-available"><strong><Money minor={account.available} currency={account.currency} /></strong></dd>
                <dt>Pending</dt><dd><Money minor={account.pending} currency={account.currency} /></dd>
              </dl>
            ) : (
              <EmptyState title="No payouts account in this environment" />
            )}
          </Panel>
          <Panel title="Latest payout">
            {sentId ? <TransactionTracker key={sentId} transactionId={sentId} /> : <EmptyState title="No payout sent yet">Its status will update here live.</EmptyState>}
          </Panel>
        </div>
      </div>
    </>
  )
}
