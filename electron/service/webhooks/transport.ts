/** How the dispatcher sends one webhook attempt; injected so tests can record or fail deliveries. */
export interface WebhookRequest {
  url: string
  headers: Record<string, string>
  /** The stored payload: sent as these exact UTF-8 bytes (the signatures cover them). */
  body: string
  timeoutMs: number
  /** Aborted when the service closes, so no attempt outlives the database it would be recorded in. */
  signal?: AbortSignal
}

export interface WebhookResponse {
  status: number
  /** The first bytes of the response body (never the whole of a huge answer). */
  bodyPrefix: string
}

/**
 * Resolves with the endpoint's answer (any status), or rejects when there is none (connection refused or
 * reset, timeout, DNS or TLS failure): the rejection's message is what the attempt log shows.
 */
export type WebhookTransport = (request: WebhookRequest) => Promise<WebhookResponse>
