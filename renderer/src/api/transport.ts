import type { ServiceResponse } from '../../../shared/api/envelope'
import type { PushEvent } from '../../../shared/api/push-events'
import type { RouteId } from '../../../shared/api/routes'
import type { Environment } from '../../../shared/schemas/common'
import type { PushConnectionState } from '../stores/push-status-store'

/** One call of a route, before validation: the same shape the IPC bridge carries (shared/api/bridge.ts). */
export interface TransportRequest {
  routeId: RouteId
  input: { query?: unknown; body?: unknown; params?: unknown; idempotencyKey?: string }
  environment: Environment
  signal?: AbortSignal
}

/** The parts of the engine's answer the client reads. */
export type TransportResponse = Pick<ServiceResponse, 'status' | 'body' | 'requestId'>

export interface PushSubscription {
  onEvent(event: PushEvent): void
  onConnectionChange?(state: PushConnectionState): void
  /**
   * The stream was refused for its sign-in session (ended: signed out, disabled, a new role, idle): the
   * console asks who it is again, so it shows the sign-in page at once rather than at the next click.
   */
  onSessionEnded?(): void
}

/**
 * How the console reaches the engine. Two implementations with the same contract:
 * IPC in the desktop app (window.paydesk), HTTP in a browser (fetch + server-sent events).
 */
export interface Transport {
  readonly kind: 'ipc' | 'http'
  send(request: TransportRequest): Promise<TransportResponse>
  /** Starts delivering push events; returns the function that stops them. */
  subscribe(subscription: PushSubscription): () => void
}
