// Runs sandboxed (no Node, only `electron`'s renderer modules), so it must stay one bundled CommonJS file.
// Exposes exactly window.paydesk = { invoke, on } (shared/api/bridge.ts) and nothing else: the page never
// gets ipcRenderer itself, so it can reach no channel but ours.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, type BridgeConnectionRequest, type BridgeProviderRequest, type BridgeRequest, type PaydeskBridge } from '../../shared/api/bridge'
import type { ServiceResponse } from '../../shared/api/envelope'
import type { PushEvent } from '../../shared/api/push-events'

const bridge: PaydeskBridge = {
  invoke: (request: BridgeRequest | BridgeConnectionRequest | BridgeProviderRequest): Promise<ServiceResponse> => ipcRenderer.invoke(IPC_CALL_CHANNEL, request),
  on(listener) {
    // Only the event payload crosses over; the IpcRendererEvent (with `sender`) stays in the preload.
    const forward = (_event: IpcRendererEvent, event: PushEvent) => listener(event)
    ipcRenderer.on(IPC_EVENT_CHANNEL, forward)
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, forward)
    }
  },
}

contextBridge.exposeInMainWorld('paydesk', bridge)
