import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_SECRET, startTestServer, type TestServer } from '../support/harness'
import { headerOf, startWebhookReceiver, verifyProviderSignature, type WebhookReceiver } from '../support/webhook-receiver'
import { createHash } from 'node:crypto'
import { chargeBody, consoleAuth } from './helpers'

/**
 * A secret rotation's overlap is the merchant's time to deploy the new secret: it runs on the wall clock
 * (like signature timestamps), so advancing the simulated clock past it does not end it. This server's wall
 * clock is the harness's fake clock (the simulated clock is it plus the offset that "advance" adds).
 */
const HOUR = 60 * 60 * 1000
let server: TestServer
let hook: WebhookReceiver
beforeAll(async () => {
  server = await startTestServer()
  hook = await startWebhookReceiver()
  expect((await put('/console/webhooks/endpoint', { defaultUrl: hook.url })).status).toBe(200)
})
afterAll(async () => {
  await server.close()
  await hook.close()
})

const put = (path: string, body: unknown) => server.request('PUT', path, { headers: consoleAuth(), body })
const post = (path: string, body: unknown = {}) => server.request('POST', path, { headers: consoleAuth(), body })
const endpoint = async () => (await server.request('GET', '/console/webhooks/endpoint', { headers: consoleAuth() })).body.data

/** Sends a test event and answers the request the receiver got for it. */
async function testEvent() {
  const seen = hook.requests.length
  expect((await post('/console/webhooks/test')).status).toBe(201)
  await server.service.tick()
  return (await hook.waitForRequests(seen + 1))[seen]!
}

describe('a secret rotation overlap', () => {
  it('ends on the wall clock: advancing the simulated clock past it keeps both secrets signing; the console gets both times', async () => {
    const rotatedAt = server.clock.now()
    const rotated = await post('/console/webhooks/secret/rotate', { overlapMs: 2 * HOUR })
    expect(rotated.status).toBe(200)
    const newSecret = rotated.body.data.secret as string
    expect(rotated.body.data).toMatchObject({ previousSecretExpiresAt: rotatedAt + 2 * HOUR, previousSecretExpiresAtSimulated: rotatedAt + 2 * HOUR })

    expect((await post('/console/simulator/advance', { ms: 3 * HOUR })).status).toBe(200)
    // The wall clock has not moved: the overlap still has its two hours; on the simulated clock its end moved with the offset.
    expect(await endpoint()).toMatchObject({ previousSecretExpiresAt: rotatedAt + 2 * HOUR, previousSecretExpiresAtSimulated: rotatedAt + 5 * HOUR })
    const during = await testEvent()
    expect(headerOf(during, 'x-webhook-signature').match(/v1=/g)).toHaveLength(2)
    expect(verifyProviderSignature(WEBHOOK_SECRET, during)).toBe(true)
    expect(verifyProviderSignature(newSecret, during)).toBe(true)

    // Two hours of real time later it is over, whatever the simulated clock says.
    server.clock.advance(2 * HOUR)
    expect(await endpoint()).toMatchObject({ previousSecretExpiresAt: null, previousSecretExpiresAtSimulated: null })
    const after = await testEvent()
    expect(headerOf(after, 'x-webhook-signature').match(/v1=/g)).toHaveLength(1)
    expect(verifyProviderSignature(newSecret, after)).toBe(true)
    expect(verifyProviderSignature(WEBHOOK_SECRET, after)).toBe(false)
  })

  it("is named in an evidence bundle's signing secrets on the wall clock too, with the simulated clock past its end", async () => {
    const idOf = (secret: string) => `wsid_${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`
    const before = (await endpoint()).secret as string
    const rotated = await post('/console/webhooks/secret/rotate', { overlapMs: 2 * HOUR })
    expect(rotated.status).toBe(200)
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody() })
    expect(charge.status).toBe(202)
    expect((await post('/console/simulator/advance', { ms: 3 * HOUR })).status).toBe(200)
    const evidence = async () => (await server.request('GET', `/console/transactions/${charge.body.data.transactionId}/evidence`, { headers: consoleAuth() })).body
    // The previous secret still signs (the wall clock has not reached the overlap's end): the bundle says so.
    expect((await evidence()).webhooks.signingSecretIds).toEqual({ current: idOf(rotated.body.data.secret), previous: idOf(before) })
    server.clock.advance(2 * HOUR)
    expect((await evidence()).webhooks.signingSecretIds).toEqual({ current: idOf(rotated.body.data.secret), previous: null })
  })
})
