import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, WEBHOOK_SECRET, startTestServer, type TestServer } from '../support/harness'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver'
import { chargeBody, consoleAuth } from './helpers'

/**
 * The evidence bundle is what a merchant attaches to a support ticket: a key, console token, webhook secret
 * or session token a client put in metadata, a narration or its webhookUrl's query is redacted in every copy
 * the bundle holds, as the request log and the HAR export redact it.
 */

let server: TestServer
let hook: WebhookReceiver
beforeAll(async () => {
  server = await startTestServer()
  hook = await startWebhookReceiver()
})
afterAll(async () => {
  await hook.close()
  await server.close()
})

const MADE_UP_KEY = 'sk_test_madeupmadeupmadeup0042'
const SESSION_TOKEN = 'pds_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd'
const SECRETS = [TEST_KEY, LIVE_KEY, CONSOLE_TOKEN, WEBHOOK_SECRET, MADE_UP_KEY, SESSION_TOKEN]
/** The host's own secrets are found by value without their prefix too (request-log/redact.ts). */
const bare = (secret: string) => secret.replace(/^(?:sk_(?:test|live)_|whsec_|pdc_|pds_)/, '')

describe('GET /console/transactions/{id}/evidence redacts what the log redacts', () => {
  it('metadata, narration and webhookUrl query values: no secret in any copy, the bundle still whole', async () => {
    const query = `?token=${encodeURIComponent(CONSOLE_TOKEN)}&key=${encodeURIComponent(LIVE_KEY)}&s=${encodeURIComponent(SESSION_TOKEN)}`
    const body = chargeBody({
      forceStatus: 'success', webhookUrl: `${hook.url}${query}`, narration: `refund for ${MADE_UP_KEY}`,
      metadata: { apiKey: TEST_KEY, hook: WEBHOOK_SECRET, bareSecret: bare(WEBHOOK_SECRET), session: SESSION_TOKEN, order: 'ORD-7' },
    })
    const charge = await server.request('POST', '/v1/mobile/charge', { body })
    expect(charge.status, JSON.stringify(charge.body)).toBe(202)
    const id = charge.body.data.transactionId as string
    server.clock.advance(3_000)
    await server.service.tick()
    await hook.waitForRequests(1)
    const bundle = await vi.waitFor(async () => {
      const response = await server.request('GET', `/console/transactions/${id}/evidence`, { headers: consoleAuth() })
      expect(response.status).toBe(200)
      const attempts = response.body.webhooks.events.flatMap((e: { deliveries: { attempts: unknown[] }[] }) => e.deliveries.flatMap((d) => d.attempts))
      expect(attempts.length).toBeGreaterThan(0)
      return response.body
    })
    const text = JSON.stringify(bundle)
    for (const secret of SECRETS) expect(text, `the bundle holds ${secret}`).not.toContain(secret)
    for (const secret of [TEST_KEY, LIVE_KEY, CONSOLE_TOKEN, WEBHOOK_SECRET]) expect(text).not.toContain(bare(secret))
    expect(text).not.toContain(encodeURIComponent(CONSOLE_TOKEN))
    // What is not a secret stays, and every copy of the secrets says it was cut.
    expect(bundle.transaction.metadata.order).toBe('ORD-7')
    expect(bundle.transaction.metadata.apiKey).toBe('sk_test_[redacted]')
    expect(bundle.transaction.narration).toBe('refund for sk_test_[redacted]')
    expect(bundle.webhooks.events[0].deliveries[0].url).toContain('?token=pdc_[redacted]&key=sk_live_[redacted]')
    expect(bundle.webhooks.events[0].body).toContain('sk_test_[redacted]')
    expect(bundle.sha256).toMatch(/^[0-9a-f]{64}$/)
    // The log kept the same redacted copy of the request.
    expect(JSON.stringify(bundle.requests)).toContain('sk_test_[redacted]')
  })
})
