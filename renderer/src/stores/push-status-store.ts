import { create } from 'zustand'
import type { PushConnectionState } from '../api/transport'

/** Whether live updates are flowing; shown in the header. Set by the push-event subscription only. */
export const usePushStatusStore = create<{ state: PushConnectionState; set(state: PushConnectionState): void }>()((set) => ({
  state: 'connecting',
  set: (state) => set({ state }),
}))
