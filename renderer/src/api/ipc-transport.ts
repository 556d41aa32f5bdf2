import type { PaydeskBridge } from '../../../shared/api/bridge'
import { materializeResponse } from '../../../shared/api/raw-json'
import type { Transport } from './transport'

/** The preload script's bridge, present only inside the desktop app. */
export function desktopBridge(): PaydeskBridge | undefined {
  return (window as Window & { paydesk?: PaydeskBridge }).paydesk
}

/**
 * Transport of the desktop app: one IPC channel carries every route call and answers with the same
 * envelope as HTTP. The main process trusts the window, so no token is involved unless this computer
 * requires sign-in (then the signed-in session goes along).
 */
export function createIpcTransport(bridge: PaydeskBridge, getSession: () => string | null = () => null): Transport {
  return {
    kind: 'ipc',
    async send({ routeId, input, environment }) {
      // IPC cannot be aborted; a superseded answer is simply ignored by React Query.
      // List pages cross IPC as one JSON string (shared/api/raw-json.ts), parsed here, once.
      // When this computer requires sign-in, the window's session goes with every call.
      const session = getSession()
      const response = materializeResponse(await bridge.invoke({ routeId, input, environment, ...(session ? { session } : {}) }))
      return { status: response.status, body: response.body, requestId: response.requestId }
    },
    subscribe({ onEvent, onConnectionChange }) {
      const unsubscribe = bridge.on(onEvent)
      // In-process delivery never drops, so the stream is connected as soon as we listen.
      onConnectionChange?.('connected')
      return unsubscribe
    },
  }
}
