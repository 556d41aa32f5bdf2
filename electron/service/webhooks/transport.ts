/** How the dispatcher sends one webhook attempt; injected so tests can record or fail deliveries. */
export interface WebhookRequest {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
}

export interface WebhookResponse {
  status: number
  /** The first bytes of the response body (never the whole of a huge answer). */
  bodyPrefix: string
}

export type WebhookTransport = (request: WebhookRequest) => Promise<WebhookResponse>
