import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

interface PreferencesState {
  /** Hidden column ids per table (DataTable's `preferencesKey`), so a chosen layout survives reloads. */
  hiddenColumns: Record<string, string[]>
  setHiddenColumns(tableKey: string, columnIds: string[]): void
}

export const usePreferencesStore = create<PreferencesState>()(
  persist(
    (set) => ({
      hiddenColumns: {},
      setHiddenColumns: (tableKey, columnIds) => set((state) => ({ hiddenColumns: { ...state.hiddenColumns, [tableKey]: columnIds } })),
    }),
    { name: 'paydesk.preferences', storage: createJSONStorage(() => window.localStorage) },
  ),
)
