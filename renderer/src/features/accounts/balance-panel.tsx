import { useBalance } from '../../api/hooks/accounts'
import { EmptyState } from '../../components/empty-state'
import { Money } from '../../components/money'
import { Panel } from '../../components/panel'
import { QueryView } from '../../components/query-view'
import { formatDateTime } from '../../lib/dates'

/** GET /v1/balance for the chosen account: what an integration sees when it asks for a balance. */
export function BalancePanel({ accountNo }: { accountNo: string | undefined }) {
  const balance = useBalance(accountNo)
  return (
    <Panel title="Balance">
      {accountNo === undefined ? (
        <EmptyState title="Choose an account">Select a row to see its balance as GET /v1/balance returns it.</EmptyState>
      ) : (
        <QueryView query={balance} loadingLabel="Loading balance…">
          {(b) => (
            <div className="stack" data-testid="balance-view">
              <div>
                <div className="balance-card__label">Available</div>
                <div className="balance-card__available"><Money minor={b.available} currency={b.currency} /></div>
              </div>
              <dl className="facts">
                <dt>Account</dt><dd><code>{b.accountNo}</code> ({b.account})</dd>
                <dt>Balance</dt><dd><Money minor={b.balance} currency={b.currency} /></dd>
                <dt>Pending</dt><dd><Money minor={b.pending} currency={b.currency} /></dd>
                <dt>Updated</dt><dd>{formatDateTime(Date.parse(b.updatedAt))}</dd>
              </dl>
              <p className="form__note">Balance = available + pending. Pending holds payouts in flight and collections not yet settled.</p>
            </div>
          )}
        </QueryView>
      )}
    </Panel>
  )
}
