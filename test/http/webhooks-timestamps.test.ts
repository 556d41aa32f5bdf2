import { createHmac, timingSafeEqual } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_SECRET, startTestServer, type TestServer } from '../support/harness'
import {
  headerOf, startWebhookReceiver, tickUntilDelivered, verifyProviderSignature, verifyStandardSignature, type ReceivedWebhook, type WebhookReceiver,
} from '../support/webhook-receiver'
import { chargeBody, consoleAuth } from './helpers'

/**
 * Receivers check the signature timestamp against their own clock (provider: |now - t| <= 300 s). The
 * sandbox's simulated clock can be days ahead after "advance clock", so `t=` and `webhook-timestamp`
 * are the real wall-clock time of each attempt; the envelope's `created` stays the simulated time.
 * This server runs on the real clock (the receiver's clock is the machine's).
 */
const DAY = 24 * 60 * 60 * 1000
const WINDOW_S = 300
let server: TestServer
let hook: WebhookReceiver
beforeAll(async () => {
  server = await startTestServer({ now: Date.now })
  hook = await startWebhookReceiver()
  const endpoint = await server.request('PUT', '/console/webhooks/endpoint', { headers: consoleAuth('test'), body: { defaultUrl: hook.url } })
  expect(endpoint.status).toBe(200)
})
afterAll(async () => {
  await server.close()
  await hook.close()
})

/** A receiver like the provider documents: the provider header verifies AND its t is within 5 minutes of our clock. */
function receiverAccepts(secret: string, request: ReceivedWebhook): boolean {
  const t = Number(/(?:^|,)t=(\d+)/.exec(headerOf(request, 'x-webhook-signature'))?.[1])
  return Math.abs(Date.now() / 1000 - t) <= WINDOW_S && verifyProviderSignature(secret, request)
}

/** The provider's own sample: reads only the FIRST v1 of the header. */
function firstV1Accepts(secret: string, request: ReceivedWebhook): boolean {
  const header = headerOf(request, 'x-webhook-signature')
  const t = /(?:^|,)t=(\d+)/.exec(header)![1]!
  const first = /(?:^|,)v1=([0-9a-f]+)/.exec(header)![1]!
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest()
  return first.length === expected.length * 2 && timingSafeEqual(Buffer.from(first, 'hex'), expected)
}

describe('webhook signature timestamps', () => {
  it('stay on the wall clock after the simulated clock is advanced by a day, so a 5-minute receiver accepts every delivery', async () => {
    const advanced = await server.request('POST', '/console/simulator/advance', { headers: consoleAuth('test'), body: { ms: DAY } })
    expect(advanced.status).toBe(200)
    const before = hook.requests.length
    for (const body of [chargeBody(), chargeBody({ phoneNumber: '254700000001' })]) {
      expect((await server.request('POST', '/v1/mobile/charge', { body })).status).toBe(202)
    }
    expect((await server.request('POST', '/console/webhooks/test', { headers: consoleAuth('test'), body: {} })).status).toBe(201)
    // Fast mode finishes charges within seconds of simulated time: move past that, then deliver everything.
    await server.request('POST', '/console/simulator/advance', { headers: consoleAuth('test'), body: { ms: 10_000 } })
    await tickUntilDelivered(server.service)
    await server.service.tick()
    const received = (await hook.waitForRequests(before + 3)).slice(before)
    // Two charge results, the test event, and balance.updated events: every one of them accepted.
    expect(received.length).toBeGreaterThanOrEqual(3)
    const simulatedNow = server.service.internals.engine.now()
    expect(simulatedNow - Date.now()).toBeGreaterThanOrEqual(DAY)
    for (const request of received) {
      expect(receiverAccepts(WEBHOOK_SECRET, request)).toBe(true)
      expect(Math.abs(Number(headerOf(request, 'webhook-timestamp')) - Date.now() / 1000)).toBeLessThanOrEqual(WINDOW_S)
      // The standardwebhooks library enforces its own 5-minute tolerance against the machine's clock.
      expect(verifyStandardSignature(WEBHOOK_SECRET, request)).toEqual(JSON.parse(request.body))
      // The envelope's created is when it happened in the sandbox's world: a day ahead.
      const created = (JSON.parse(request.body) as { created: number }).created
      expect(created * 1000).toBeGreaterThan(Date.now() + DAY - 60_000)
    }
    const types = received.map((r) => (JSON.parse(r.body) as { type: string }).type)
    expect(types).toEqual(expect.arrayContaining(['transaction.succeeded', 'transaction.failed', 'test.event']))
  })

  it('put the OLD secret first during a rotation overlap; receivers reading only the first v1 keep working, and both secrets verify', async () => {
    const rotated = await server.request('POST', '/console/webhooks/secret/rotate', { headers: consoleAuth('test'), body: { overlapMs: 60 * 60 * 1000 } })
    expect(rotated.status).toBe(200)
    const newSecret: string = rotated.body.data.secret
    expect(newSecret).not.toBe(WEBHOOK_SECRET)
    const before = hook.requests.length
    await server.request('POST', '/console/webhooks/test', { headers: consoleAuth('test'), body: {} })
    await tickUntilDelivered(server.service)
    const [during] = (await hook.waitForRequests(before + 1)).slice(before)
    expect(headerOf(during!, 'x-webhook-signature').match(/v1=/g)).toHaveLength(2)
    // Not-yet-updated receivers (old secret, first v1 only) keep working; a first-v1-only receiver holding the new secret does not.
    expect(firstV1Accepts(WEBHOOK_SECRET, during!)).toBe(true)
    expect(firstV1Accepts(newSecret, during!)).toBe(false)
    // Receivers that check every v1 accept either secret, within the 5-minute window.
    expect(receiverAccepts(WEBHOOK_SECRET, during!)).toBe(true)
    expect(receiverAccepts(newSecret, during!)).toBe(true)
    // Standard Webhooks: the same order, and its library (which checks every signature) verifies both.
    const standard = headerOf(during!, 'webhook-signature').split(' ')
    expect(standard).toHaveLength(2)
    const key = (secret: string) => Buffer.from(secret.slice('whsec_'.length), 'base64')
    const signed = `${headerOf(during!, 'webhook-id')}.${headerOf(during!, 'webhook-timestamp')}.${during!.body}`
    expect(standard[0]).toBe(`v1,${createHmac('sha256', key(WEBHOOK_SECRET)).update(signed).digest('base64')}`)
    expect(standard[1]).toBe(`v1,${createHmac('sha256', key(newSecret)).update(signed).digest('base64')}`)
    expect(verifyStandardSignature(WEBHOOK_SECRET, during!)).toEqual(JSON.parse(during!.body))
    expect(verifyStandardSignature(newSecret, during!)).toEqual(JSON.parse(during!.body))
  })
})
