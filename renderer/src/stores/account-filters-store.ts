import { create } from 'zustand'
import type { AccountType } from '../../../shared/schemas/common'

export interface AccountFilters {
  type?: AccountType
  scope?: 'default' | 'shortcode'
}

/** Filters of the Accounts screen: UI state, kept while moving between screens. */
export const useAccountFiltersStore = create<{ filters: AccountFilters; setFilters(patch: AccountFilters): void }>()((set) => ({
  filters: {},
  setFilters: (patch) => set((state) => ({ filters: { ...state.filters, ...patch } })),
}))
