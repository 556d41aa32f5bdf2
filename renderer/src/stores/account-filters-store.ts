import { create } from 'zustand'
import type { AccountFilters } from '../api/hooks/accounts'

/** Filters of the Accounts screen: UI state, kept while moving between screens. */
export const useAccountFiltersStore = create<{ filters: AccountFilters; setFilters(patch: AccountFilters): void }>()((set) => ({
  filters: {},
  setFilters: (patch) => set((state) => ({ filters: { ...state.filters, ...patch } })),
}))
