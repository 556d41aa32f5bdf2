import type { Account } from '../../../../shared/schemas/account'
import { Money } from '../../components/money'
import { Tag } from '../../components/status-badge'

/** One card per account: available in large type, pending under it. */
export function BalanceCards({ accounts }: { accounts: readonly Account[] }) {
  return (
    <ul className="balance-cards" aria-label="Account balances">
      {accounts.map((account) => (
        <li key={account.accountNo} className={`balance-card balance-card--${account.type}`} data-account={account.accountNo}>
          <div className="balance-card__head">
            <Tag tone={account.type === 'collections' ? 'success' : 'info'}>{account.type}</Tag>
            {account.shortcodeId ? <Tag>{`shortcode ${account.shortcodeId}`}</Tag> : null}
          </div>
          <p className="balance-card__name">{account.name}</p>
          <div className="balance-card__label">Available</div>
          <div className="balance-card__available" data-testid="available"><Money minor={account.available} currency={account.currency} /></div>
          <div className="balance-card__pending">Pending <Money minor={account.pending} currency={account.currency} /></div>
          <div className="balance-card__number">{account.accountNo}</div>
        </li>
      ))}
    </ul>
  )
}
