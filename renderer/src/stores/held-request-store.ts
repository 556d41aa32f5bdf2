import { create } from 'zustand'
import type { HeldForApproval } from '../../../shared/schemas/team'

/** The last money request the approval policy held: the console says "Sent for approval" instead of a result. */
export const useHeldRequestStore = create<{ held: HeldForApproval['approval'] | null; set(held: HeldForApproval['approval'] | null): void }>()((set) => ({
  held: null,
  set: (held) => set({ held }),
}))
