import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createService, type PaydeskService, type ServiceOptions } from '../../electron/service'
import { startHttpServer, type RunningHttpServer } from '../../electron/http/server'
import type { FailedAuthLimits } from '../../electron/http/failed-auth-guard'
import { engineInternals, type EngineInternals } from '../../electron/service/test-access'

/**
 * A service as tests see it: the hosts' PaydeskService plus `internals` (store and engine), for ledger
 * invariants and reading SQLite directly. Hosts never get it (test-access.ts).
 */
export type TestService = PaydeskService & { readonly internals: EngineInternals }

/** Gives a service made by createService its `internals` for tests. */
export function withInternals(service: PaydeskService): TestService {
  return Object.assign(service, { internals: engineInternals(service) })
}

export const TEST_KEY = 'sk_test_harness0000000000000001'
export const LIVE_KEY = 'sk_live_harness0000000000000001'
export const CONSOLE_TOKEN = 'pdc_harness_console_token_0001'
export const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

/** A controllable clock: tests move time instead of sleeping. */
export function fakeClock(start = Date.UTC(2026, 10, 21, 9, 0, 0)) {
  let now = start
  return {
    now: () => now,
    advance(ms: number) {
      now += ms
    },
    set(ms: number) {
      now = ms
    },
  }
}

/** An engine on a temporary in-memory database with known keys and a fake clock. */
export function testService(options: Partial<ServiceOptions> = {}) {
  const clock = fakeClock()
  const service = withInternals(createService({
    dbPath: ':memory:', now: clock.now, apiKey: TEST_KEY, liveApiKey: LIVE_KEY, consoleToken: CONSOLE_TOKEN,
    webhookSecret: WEBHOOK_SECRET, ...options,
  }))
  return { service, clock }
}

export interface TestServer {
  service: TestService
  clock: ReturnType<typeof fakeClock>
  http: RunningHttpServer
  url: string
  /** fetch against the server with the test key unless headers say otherwise. */
  request(method: string, path: string, init?: { body?: unknown; headers?: Record<string, string>; rawBody?: string | Buffer }): Promise<{ status: number; headers: Headers; body: any }>
  close(): Promise<void>
}

/** Idle keep-alive timeout of in-process test servers (production: 5 s, HTTP_TIMEOUT_DEFAULTS). */
const IN_PROCESS_KEEP_ALIVE_MS = 120_000

/**
 * The real HTTP adapter on port 0 over a fresh in-memory engine. Like the rate limit, the budget of failed
 * authentications is off unless a test asks for it (`failedAuth`): many tests send wrong keys on purpose.
 */
export async function startTestServer(
  options: Partial<ServiceOptions> & { rateLimitPerMinute?: number; failedAuth?: FailedAuthLimits | false; webRoot?: string; consolePage?: boolean } = {},
): Promise<TestServer> {
  const { rateLimitPerMinute = 0, failedAuth = false, consolePage = false, webRoot: givenRoot, ...serviceOptions } = options
  // consolePage: a throwaway web root holding a stand-in index.html, removed again by close().
  const tempRoot = consolePage ? mkdtempSync(join(tmpdir(), 'paydesk-web-')) : undefined
  if (tempRoot) writeFileSync(join(tempRoot, 'index.html'), '<!doctype html><title>console</title>')
  const webRoot = tempRoot ?? givenRoot
  const { service, clock } = testService(serviceOptions)
  // The server shares this thread with the test's own client (fetch). When a unit blocks the thread for
  // seconds (a batch of snapshot restores), both keep-alive timers are overdue at once and the server may
  // close an idle connection in the same turn the client reuses it: ECONNRESET, a race a client in another
  // process does not run (it closes first, at its own shorter idle timeout). In-process test servers leave
  // idle connections open; keep-alive timeouts are tested with their own servers (abuse-slow-clients).
  const http = await startHttpServer({ service, port: 0, rateLimitPerMinute, failedAuth, now: clock.now, webRoot, keepAliveTimeoutMs: IN_PROCESS_KEEP_ALIVE_MS })
  const url = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`
  return {
    service, clock, http, url,
    async request(method, path, init = {}) {
      const headers: Record<string, string> = { authorization: `Bearer ${TEST_KEY}`, ...init.headers }
      let body: string | Buffer | undefined = init.rawBody
      if (init.body !== undefined) {
        body = JSON.stringify(init.body)
        headers['content-type'] ??= 'application/json'
      }
      const response = await fetch(url + path, { method, headers, body })
      const text = await response.text()
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        // not JSON (static files)
      }
      return { status: response.status, headers: response.headers, body: parsed }
    },
    async close() {
      await http.close()
      service.close()
      if (tempRoot) rmSync(tempRoot, { recursive: true, force: true })
    },
  }
}

let referenceCounter = 0
/** A unique merchantTransactionId per call. */
export function ref(prefix = 'ref'): string {
  referenceCounter += 1
  return `${prefix}-${referenceCounter}-${Math.random().toString(36).slice(2, 8)}`
}
