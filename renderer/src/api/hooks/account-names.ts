import type { AccountNameQuery } from '../../../../shared/schemas/account-names'
import { useApiQuery } from '../use-api'

const NO_QUERY: AccountNameQuery = { country: 'KE', accountType: 'mobile_mobile', accountId: '' }

/** GET /v1/account-name-validation for a recipient the form can already name (null: not yet). */
export function useAccountName(query: AccountNameQuery | null) {
  return useApiQuery('accountName.validate', { query: query ?? NO_QUERY }, { enabled: query !== null, staleTime: 60_000, retry: false })
}
