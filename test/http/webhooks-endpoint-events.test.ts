import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/harness'
import { startWebhookReceiver, tickUntilDelivered, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver'
import { chargeBody, consoleAuth, defaultAccount } from './helpers'

/**
 * The default endpoint chooses its events (PUT /console/webhooks/endpoint `{defaultUrl, events}`): events it
 * did not choose are neither delivered to it nor retried, while a request's own webhookUrl and test events
 * are unaffected.
 */
const HOUR = 60 * 60 * 1000
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
  hook.answer = () => ({ status: 200 })
  expect((await put({ defaultUrl: null })).status).toBe(200)
})

const put = (body: unknown) => server.request('PUT', '/console/webhooks/endpoint', { headers: consoleAuth(), body })
const post = (path: string, body: unknown = {}) => server.request('POST', path, { headers: consoleAuth(), body })
const typeOf = (request: ReceivedWebhook) => (JSON.parse(request.body) as { type: string }).type
const events = async (query: string) => (await server.request('GET', `/console/webhooks/events?limit=200&${query}`, { headers: consoleAuth() })).body.data.items as {
  id: string; type: string; deliveries: { url: string; target: string; status: string; attemptCount: number; nextAttemptAt: number | null; stopReason: string | null }[]
}[]

/** Tops up the payouts float: a balance.updated event (and nothing else). */
async function topUp(): Promise<void> {
  const payouts = await defaultAccount(server, 'payouts')
  expect((await post('/console/funds/top-up', { accountNo: payouts.accountNo, amount: 100_000 })).status).toBe(201)
}

describe('the default endpoint\'s events', () => {
  it('are shown and edited; only chosen ones are delivered to it, while a request\'s webhookUrl and test events still get theirs', async () => {
    const saved = await put({ defaultUrl: hook.url, events: ['transaction.failed', 'transaction.succeeded'] })
    expect(saved.status).toBe(200)
    // Kept in the catalogue's order.
    expect(saved.body.data).toMatchObject({ defaultUrl: hook.url, events: ['transaction.succeeded', 'transaction.failed'] })
    expect((await server.request('GET', '/console/webhooks/endpoint', { headers: consoleAuth() })).body.data.events).toEqual(['transaction.succeeded', 'transaction.failed'])

    const seen = hook.requests.length
    const seenOther = other.requests.length
    const charge = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ forceStatus: 'success', webhookUrl: other.url }) })
    expect(charge.status).toBe(202)
    await topUp()
    await post('/console/simulator/advance', { ms: 10_000 })
    await tickUntilDelivered(server.service)
    expect((await post('/console/webhooks/test')).status).toBe(201)
    await tickUntilDelivered(server.service)

    const received = hook.requests.slice(seen).map(typeOf)
    expect(received.sort()).toEqual(['test.event', 'transaction.succeeded'])
    expect(other.requests.slice(seenOther).map(typeOf)).toEqual(['transaction.succeeded'])
    // The balance.updated events were written, with no delivery to the default endpoint.
    const balances = await events('type=balance.updated')
    expect(balances.length).toBeGreaterThan(0)
    for (const event of balances) expect(event.deliveries).toEqual([])
  })

  it('stop the pending retries of events no longer chosen, and are not retried afterwards', async () => {
    hook.answer = (request) => (typeOf(request) === 'balance.updated' ? { status: 400, body: 'not handled here' } : { status: 200 })
    expect((await put({ defaultUrl: hook.url })).body.data.events).toBeNull()
    await topUp()
    await tickUntilDelivered(server.service)
    const [refused] = await events('type=balance.updated')
    const delivery = refused!.deliveries.find((d) => d.url === hook.url)!
    expect(delivery).toMatchObject({ target: 'default', status: 'pending', attemptCount: 1, stopReason: null })
    expect(delivery.nextAttemptAt).not.toBeNull()

    expect((await put({ defaultUrl: hook.url, events: ['transaction.succeeded', 'transaction.failed', 'transaction.reversed'] })).status).toBe(200)
    const [stopped] = (await events('type=balance.updated')).filter((event) => event.id === refused!.id)
    expect(stopped!.deliveries.find((d) => d.url === hook.url)).toMatchObject({
      status: 'failed', attemptCount: 1, nextAttemptAt: null, stopReason: expect.stringMatching(/no longer takes this event type/),
    })

    const balanceAttempts = () => hook.requests.filter((request) => typeOf(request) === 'balance.updated').length
    const before = balanceAttempts()
    await topUp()
    for (let i = 0; i < 3; i++) {
      await post('/console/simulator/advance', { ms: 6 * HOUR })
      await server.service.tick()
    }
    expect(balanceAttempts()).toBe(before)
    const [newest] = await events('type=balance.updated')
    expect(newest!.id).not.toBe(refused!.id)
    expect(newest!.deliveries).toEqual([])
  })

  it('refuse an empty, unknown, repeated or test-only choice; left out, every event again', async () => {
    for (const [chosen, param] of [[[], 'events'], [['charge.done'], 'events.0'], [['test.event'], 'events.0'], [['balance.updated', 'balance.updated'], 'events']] as const) {
      const refused = await put({ defaultUrl: hook.url, events: chosen })
      expect(refused.status, JSON.stringify(chosen)).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'invalid_parameter', param })
    }
    expect((await put({ defaultUrl: hook.url, events: ['balance.updated'] })).body.data.events).toEqual(['balance.updated'])
    expect((await put({ defaultUrl: hook.url })).body.data.events).toBeNull()
    expect((await put({ defaultUrl: hook.url, events: null })).body.data.events).toBeNull()
  })
})
