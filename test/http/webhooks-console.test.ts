import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WEBHOOK_SECRET, startTestServer, type TestServer } from '../support/harness'
import { startWebhookReceiver, verifyProviderSignature, type WebhookReceiver } from '../support/webhook-receiver'
import { b2cBody, bankTransferBody, chargeBody, consoleAuth, defaultAccount } from './helpers'

let server: TestServer
let hook: WebhookReceiver
let other: WebhookReceiver
beforeAll(async () => {
  server = await startTestServer()
  hook = await startWebhookReceiver()
  other = await startWebhookReceiver()
})
afterAll(async () => {
  await server.close()
  await hook.close()
  await other.close()
})
beforeEach(async () => {
  await put('/console/webhooks/endpoint', { defaultUrl: null })
})

const get = (path: string, environment: 'test' | 'live' = 'test') => server.request('GET', path, { headers: consoleAuth(environment) })
const post = (path: string, body?: unknown) => server.request('POST', path, { headers: consoleAuth(), body })
const put = (path: string, body: unknown) => server.request('PUT', path, { headers: consoleAuth(), body })

/** A refused payout: the one event the engine writes at once, with the request's webhookUrl. */
async function rejectedPayout(webhookUrl: string): Promise<string> {
  const payouts = await defaultAccount(server, 'payouts')
  const response = await server.request('POST', '/v1/local-bank-transfer', {
    body: bankTransferBody(payouts.accountNo, { amount: payouts.available + 1, webhookUrl }),
  })
  expect(response.status).toBe(202)
  return response.body.data.transactionId as string
}

describe('console webhook routes', () => {
  it('need the console token: an API key is not enough', async () => {
    for (const [method, path] of [['GET', '/console/webhooks/events'], ['GET', '/console/webhooks/endpoint'], ['POST', '/console/webhooks/test']]) {
      const response = await server.request(method!, path!, { body: method === 'POST' ? {} : undefined })
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(response.body.error.code).toBe('forbidden')
    }
  })

  it('show, set and clear the default endpoint; only http(s) URLs', async () => {
    expect((await get('/console/webhooks/endpoint')).body.data).toEqual({ defaultUrl: null, events: null, secret: WEBHOOK_SECRET, previousSecretExpiresAt: null, previousSecretExpiresAtSimulated: null })
    const saved = await put('/console/webhooks/endpoint', { defaultUrl: hook.url })
    expect(saved.status).toBe(200)
    expect(saved.body.data.defaultUrl).toBe(hook.url)
    expect((await get('/console/webhooks/endpoint')).body.data.defaultUrl).toBe(hook.url)
    for (const defaultUrl of ['ftp://example.com/hook', 'javascript:alert(1)', 'not a url']) {
      const refused = await put('/console/webhooks/endpoint', { defaultUrl })
      expect(refused.status).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'invalid_parameter', param: 'defaultUrl' })
    }
    expect((await put('/console/webhooks/endpoint', {})).body.error).toMatchObject({ code: 'missing_parameter', param: 'defaultUrl' })
    // The live environment has its own endpoint and secret.
    const liveEndpoint = await get('/console/webhooks/endpoint', 'live')
    expect(liveEndpoint.body.data.defaultUrl).toBeNull()
    expect(liveEndpoint.body.data.secret).not.toBe(WEBHOOK_SECRET)
    expect((await put('/console/webhooks/endpoint', { defaultUrl: null })).body.data.defaultUrl).toBeNull()
  })

  it('refuse a non-http(s) webhookUrl on payment requests', async () => {
    const response = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ webhookUrl: 'file:///etc/passwd' }) })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ code: 'invalid_parameter', param: 'webhookUrl' })
  })

  it('rotate the secret with a default 24 h overlap, bounded to 7 days', async () => {
    const before = server.clock.now()
    const rotated = await post('/console/webhooks/secret/rotate')
    expect(rotated.status).toBe(200)
    expect(rotated.body.data.secret).not.toBe(WEBHOOK_SECRET)
    expect(rotated.body.data.previousSecretExpiresAt).toBe(before + 24 * 60 * 60 * 1000)
    const tooLong = await post('/console/webhooks/secret/rotate', { overlapMs: 8 * 24 * 60 * 60 * 1000 })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.error.param).toBe('overlapMs')
  })

  it('send a test event to the default endpoint, or refuse when there is none and no url', async () => {
    const refused = await post('/console/webhooks/test', {})
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({ code: 'missing_parameter', param: 'url' })
    await put('/console/webhooks/endpoint', { defaultUrl: hook.url })
    const sent = await post('/console/webhooks/test')
    expect(sent.status).toBe(201)
    expect(sent.body.data).toMatchObject({ type: 'test.event', transactionId: null, payload: { id: sent.body.data.id, type: 'test.event' } })
    expect(sent.body.data.deliveries).toMatchObject([{ url: hook.url, target: 'test', status: 'pending', attemptCount: 0, attempts: [] }])
    const seen = hook.requests.length
    await server.service.tick()
    const request = (await hook.waitForRequests(seen + 1))[seen]!
    expect(request.headers['webhook-id']).toBe(sent.body.data.id)
    const logged = await get(`/console/webhooks/events/${sent.body.data.id}`)
    expect(logged.body.data.deliveries[0]).toMatchObject({ status: 'succeeded', attemptCount: 1, attempts: [{ attemptNo: 1, responseStatus: 200, responseBody: 'ok', error: null }] })
  })

  it('list events newest first, filtered by transaction, URL and type; one event by id; 404 for another environment', async () => {
    const first = await rejectedPayout(hook.url)
    const second = await rejectedPayout(other.url)
    const test = (await post('/console/webhooks/test', { url: other.url })).body.data
    const all = (await get('/console/webhooks/events?limit=3')).body.data.items
    expect(all.map((e: { id: string }) => e.id)[0]).toBe(test.id)
    expect(all.map((e: { transactionId: string | null }) => e.transactionId)).toEqual([null, second, first])

    const byTransaction = (await get(`/console/webhooks/events?transactionId=${first}`)).body.data.items
    expect(byTransaction).toHaveLength(1)
    expect(byTransaction[0]).toMatchObject({
      type: 'transaction.creation_failed', transactionId: first,
      payload: { type: 'transaction.creation_failed', data: { id: first, status: 'rejected' }, error: { code: 'insufficient_float' } },
      deliveries: [{ url: hook.url, target: 'request' }],
    })
    const byUrl = (await get(`/console/webhooks/events?url=${encodeURIComponent(other.url)}&limit=200`)).body.data.items
    expect(new Set(byUrl.map((e: { id: string }) => e.id))).toContain(test.id)
    expect(byUrl.every((e: { deliveries: { url: string }[] }) => e.deliveries.some((d) => d.url === other.url))).toBe(true)
    const byType = (await get('/console/webhooks/events?type=test.event&limit=200')).body.data.items
    expect(byType.length).toBeGreaterThan(0)
    expect(byType.every((e: { type: string }) => e.type === 'test.event')).toBe(true)
    expect((await get('/console/webhooks/events?transactionId=txn_unknown')).body.data.items).toEqual([])
    expect((await get('/console/webhooks/events?limit=0')).status).toBe(400)
    expect((await get('/console/webhooks/events?type=charge.done')).status).toBe(400)

    expect((await get(`/console/webhooks/events/${test.id}`)).body.data.id).toBe(test.id)
    const fromLive = await get(`/console/webhooks/events/${test.id}`, 'live')
    expect(fromLive.status).toBe(404)
    expect(fromLive.body.error).toMatchObject({ code: 'resource_not_found', param: 'eventId' })
  })

  it('resend an event: a new delivery due now with the same event id and body, to the original URL or another', async () => {
    const transactionId = await rejectedPayout(hook.url)
    await server.service.tick()
    const event = (await get(`/console/webhooks/events?transactionId=${transactionId}`)).body.data.items[0]
    const originalCount = hook.requests.filter((r) => r.headers['webhook-id'] === event.id).length
    expect(originalCount).toBe(1)

    const again = await post(`/console/webhooks/events/${event.id}/resend`)
    expect(again.status).toBe(201)
    expect(again.body.data).toMatchObject({ url: hook.url, target: 'resend', status: 'pending', attemptCount: 0, nextAttemptAt: server.clock.now() })
    const elsewhere = await post(`/console/webhooks/events/${event.id}/resend`, { url: other.url })
    expect(elsewhere.body.data).toMatchObject({ url: other.url, target: 'resend' })
    expect((await post(`/console/webhooks/events/${event.id}/resend`, { url: 'ftp://x' })).status).toBe(400)
    expect((await post('/console/webhooks/events/evt_missing/resend')).status).toBe(404)

    await server.service.tick()
    const toHook = hook.requests.filter((r) => r.headers['webhook-id'] === event.id)
    const toOther = other.requests.filter((r) => r.headers['webhook-id'] === event.id)
    expect([toHook.length, toOther.length]).toEqual([2, 1])
    expect(new Set([...toHook, ...toOther].map((r) => r.body)).size).toBe(1)
    for (const request of [...toHook, ...toOther]) expect(verifyProviderSignature(WEBHOOK_SECRET, request)).toBe(true)
    const logged = (await get(`/console/webhooks/events/${event.id}`)).body.data
    expect(logged.deliveries.map((d: { target: string; status: string }) => [d.target, d.status])).toEqual([
      ['request', 'succeeded'], ['resend', 'succeeded'], ['resend', 'succeeded'],
    ])
  })

  it('a b2c request with a webhookUrl gets no balance.updated; the default endpoint does', async () => {
    await put('/console/webhooks/endpoint', { defaultUrl: other.url })
    const accepted = await server.request('POST', '/v1/mobile/b2c', { body: b2cBody({ webhookUrl: hook.url }) })
    expect(accepted.status).toBe(202)
    const events = (await get('/console/webhooks/events?type=balance.updated&limit=1')).body.data.items
    expect(events[0].deliveries.map((d: { url: string; target: string }) => [d.url, d.target])).toEqual([[other.url, 'default']])
  })
})
