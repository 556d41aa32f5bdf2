import { create } from 'zustand'

/** Whether push events are arriving: shown in the header so a stale screen is never a silent surprise. */
export type PushConnectionState = 'connecting' | 'connected' | 'reconnecting'

/** Whether live updates are flowing; shown in the header. Set by the push-event subscription only. */
export const usePushStatusStore = create<{ state: PushConnectionState; set(state: PushConnectionState): void }>()((set) => ({
  state: 'connecting',
  set: (state) => set({ state }),
}))
