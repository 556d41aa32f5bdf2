import { ACCOUNT_ID_RULES, type AccountNameQuery } from '../../../../shared/schemas/account-names'
import { useAccountName } from '../../api/hooks/account-names'

/** The name-check question for what a form holds, or null while the identifier cannot be an account yet. */
export function accountNameQuery(accountType: AccountNameQuery['accountType'], accountId: string, bankCode?: string): AccountNameQuery | null {
  const id = accountId.trim()
  if (!ACCOUNT_ID_RULES[accountType].pattern.test(id)) return null
  if (accountType === 'instantbank' && !bankCode) return null
  return { country: 'KE', accountType, accountId: id, ...(accountType === 'instantbank' ? { bankCode } : {}) }
}

/**
 * "Sending to: JANE WAMBUI": who the money goes to, from the provider's name check
 * (GET /v1/account-name-validation), shown before the merchant confirms. An account that does not exist,
 * or a restricted one, is said plainly: the payout would fail.
 */
export function RecipientName({ query }: { query: AccountNameQuery | null }) {
  const check = useAccountName(query)
  if (query === null) return null
  if (check.isPending) return <p className="recipient-name" role="status">Checking the recipient's name…</p>
  if (check.isError) return <p className="recipient-name recipient-name--warning" role="status">The name check did not answer: {check.error.message}</p>
  const { found, accountName, accountId, restrictStatus, errorMessage } = check.data
  if (!found) {
    return <p className="recipient-name recipient-name--warning" role="alert" data-testid="recipient-name">No account {accountId}: {errorMessage} The payout would fail.</p>
  }
  return (
    <p className={restrictStatus === '1' ? 'recipient-name recipient-name--warning' : 'recipient-name'} role="status" data-testid="recipient-name">
      Sending to: <strong>{accountName}</strong>{restrictStatus === '1' ? ' (the account is restricted: the payout would fail)' : ''}
    </p>
  )
}
