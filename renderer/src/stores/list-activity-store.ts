import { create } from 'zustand'

/**
 * When push events last touched data that a large list on screen did not refetch (see
 * api/large-lists.ts). A screen compares it with its query's `dataUpdatedAt` to offer a refresh.
 */
export const useListActivityStore = create<{ activityAt: number; mark(at: number): void }>()((set) => ({
  activityAt: 0,
  mark: (at) => set({ activityAt: at }),
}))
