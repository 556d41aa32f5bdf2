import type { ServiceResponse } from './envelope'
import type { PushEvent } from './push-events'
import type { Environment } from '../schemas/common'

/** IPC channel names: one for calls, one for push events. */
export const IPC_CALL_CHANNEL = 'paydesk:call'
export const IPC_EVENT_CHANNEL = 'paydesk:event'
/**
 * What the window asks of its connection (electron/main/team-connection.ts validates it again). It travels
 * on the call channel as `{ connection: request }`: the one channel stays the one way into the main process.
 */
export type ConnectionRequest = { action: 'status' } | { action: 'connect'; url: string; name: string; password: string } | { action: 'disconnect' }
/** A connection request as it travels on the call channel (the desktop app's main process answers it). */
export interface BridgeConnectionRequest {
  connection: ConnectionRequest
}
/**
 * Settings → Provider connection in the desktop app: the key goes to the main process only, which keeps it
 * with the operating system's secret store (electron/main/provider-key.ts). Travels as `{ provider: request }`.
 */
export type ProviderRequest = { action: 'connect'; url: string; key: string; allowLive?: boolean } | { action: 'disconnect' }
export interface BridgeProviderRequest {
  provider: ProviderRequest
}
/** Where the desktop console's calls go: its own engine (IPC), or a team server over HTTP. */
export type ConnectionState = { kind: 'local' } | { kind: 'remote'; url: string; user: { id: string; name: string; role: string } }

/** One call of a route by id, as the renderer sends it over IPC (validated again in the main process). */
export interface BridgeRequest {
  routeId: string
  input: { query?: unknown; body?: unknown; params?: unknown; idempotencyKey?: string }
  environment: Environment
  /** The window's sign-in session token, when this computer requires sign-in (team mode). */
  session?: string
}

/**
 * What the preload script exposes as `window.paydesk` in the desktop app. In a browser the console uses
 * HTTP instead (renderer/src/api), with the same route table and the same envelopes.
 */
export interface PaydeskBridge {
  invoke(request: BridgeRequest | BridgeConnectionRequest | BridgeProviderRequest): Promise<ServiceResponse>
  /** Subscribes to push events; returns the unsubscribe function. */
  on(listener: (event: PushEvent) => void): () => void
}
