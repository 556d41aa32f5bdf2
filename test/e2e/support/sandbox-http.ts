import type { Environment } from '../../../shared/schemas/common'
import { CONSOLE_TOKEN, SANDBOX_URL, TEST_API_KEY } from './sandbox'

/**
 * Direct HTTP calls to a sandbox, for what a test sets up or checks beside the UI (an integration's charge,
 * a key that must stop working). `baseUrl` defaults to the shared e2e sandbox.
 */
export function sandboxApi(baseUrl = SANDBOX_URL) {
  async function send(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any }> {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { Accept: 'application/json', ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    return { status: response.status, body: await response.json() }
  }
  /** A public /v1 route with an API key (the test key unless given). */
  async function v1(path: string, init: { method?: string; body?: unknown; apiKey?: string } = {}) {
    return send(path, { ...init, headers: { Authorization: `Bearer ${init.apiKey ?? TEST_API_KEY}` } })
  }
  /** A /console route with the console token, in the given environment. */
  async function consoleRoute(path: string, init: { method?: string; body?: unknown; environment?: Environment } = {}) {
    return send(path, { ...init, headers: { Authorization: `Bearer ${CONSOLE_TOKEN}`, 'Paydesk-Environment': init.environment ?? 'test' } })
  }
  return {
    v1,
    console: consoleRoute,
    /** POST /v1/mobile/charge; resolves with the new transaction id. */
    async charge(body: Record<string, unknown>): Promise<string> {
      const { status, body: answer } = await v1('/v1/mobile/charge', { method: 'POST', body: { phoneNumber: '+254712345678', amount: 125_000, ...body } })
      if (status !== 202) throw new Error(`charge refused (${status}): ${JSON.stringify(answer)}`)
      return answer.data.transactionId as string
    },
    /** Polls GET /v1/transaction until the status is one of `statuses` (fast simulator: 1–3 s). */
    async waitForStatus(transactionId: string, statuses: readonly string[], timeoutMs = 15_000): Promise<Record<string, unknown>> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const { body } = await v1(`/v1/transaction?transactionId=${encodeURIComponent(transactionId)}`)
        if (statuses.includes(body.data?.status)) return body.data
        if (Date.now() > deadline) throw new Error(`${transactionId} is ${body.data?.status}, not ${statuses.join('/')}, after ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    },
  }
}

/** A reference no other test run has used (merchant references are unique per organization). */
export function uniqueReference(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}
