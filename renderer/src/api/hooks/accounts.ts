import type { AccountFilters } from '../../stores/account-filters-store'
import { useApiQuery } from '../use-api'

/** GET /v1/accounts with optional type and scope filters; `items` only. */
export function useAccounts(filters: AccountFilters = {}) {
  return useApiQuery('accounts.list', { query: filters }, { select: (data) => data.items })
}

/** GET /v1/balance for one account; disabled until an account is chosen. */
export function useBalance(accountNo: string | undefined) {
  return useApiQuery('balance.get', { query: { accountNo } }, { enabled: accountNo !== undefined })
}

/** KE bank codes for the bank transfer form; they never change while the console is open. */
export function useBankCodes(country = 'KE') {
  return useApiQuery('bankCodes.list', { query: { country } }, { staleTime: Infinity })
}
