import type { ServiceResponse } from './envelope'
import type { PushEvent } from './push-events'
import type { Environment } from '../schemas/common'

/** IPC channel names: one for calls, one for push events. */
export const IPC_CALL_CHANNEL = 'paydesk:call'
export const IPC_EVENT_CHANNEL = 'paydesk:event'

/** One call of a route by id, as the renderer sends it over IPC (validated again in the main process). */
export interface BridgeRequest {
  routeId: string
  input: { query?: unknown; body?: unknown; params?: unknown; idempotencyKey?: string }
  environment: Environment
}

/**
 * What the preload script exposes as `window.paydesk` in the desktop app. In a browser the console uses
 * HTTP instead (renderer/src/api), with the same route table and the same envelopes.
 */
export interface PaydeskBridge {
  invoke(request: BridgeRequest): Promise<ServiceResponse>
  /** Subscribes to push events; returns the unsubscribe function. */
  on(listener: (event: PushEvent) => void): () => void
}
