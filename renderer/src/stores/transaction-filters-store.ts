import { create } from 'zustand'
import type { AccountType, TransactionStatus, TransactionType } from '../../../shared/schemas/common'

/** A date range relative to the sandbox's (simulated) today, or the custom days in `from`/`to`. */
export type DatePreset = 'today' | 'yesterday' | 'last7' | 'last30' | 'last90' | 'custom'

/**
 * The Transactions screen's search as applied, in the form's terms (text as typed, '' = any). Dates are
 * local calendar days (YYYY-MM-DD); the screen turns them into the API's bounds.
 */
export type TransactionFilters = {
  preset: DatePreset
  from: string
  to: string
  type: '' | TransactionType
  status: '' | TransactionStatus
  accountType: '' | AccountType
  accountNo: string
  customerId: string
  shortcode: string
}

export const DEFAULT_TRANSACTION_FILTERS: TransactionFilters = {
  preset: 'last30', from: '', to: '', type: '', status: '', accountType: '', accountNo: '', customerId: '', shortcode: '',
}

interface TransactionFiltersState {
  filters: TransactionFilters
  setFilters(filters: TransactionFilters): void
  reset(): void
}

/**
 * UI state, not server data: the search stays as it was while the user opens a transaction and comes
 * back. Kept in memory only, so a new session starts from the default range rather than yesterday's search.
 */
export const useTransactionFiltersStore = create<TransactionFiltersState>()((set) => ({
  filters: DEFAULT_TRANSACTION_FILTERS,
  setFilters: (filters) => set({ filters }),
  reset: () => set({ filters: DEFAULT_TRANSACTION_FILTERS }),
}))
