import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_SECRET, startTestServer, type TestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import {
  providerTimestamp, startWebhookReceiver, verifyProviderSignature, type ReceivedWebhook, type WebhookReceiver,
} from '../support/webhook-receiver'
import { chargeBody, consoleAuth } from './helpers'

/**
 * Webhook faults (docs/simulator.md "Provider faults") through the real HTTP adapter and a real receiver:
 * what the receiver gets, what the delivery log records, and that the ledger and the transaction's final
 * state never change. Each test uses its own receiver URL (faults are per URL).
 */
let server: TestServer
const receivers: WebhookReceiver[] = []
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(async () => {
  expect((await post('/console/faults/clear')).status).toBe(200)
})
afterAll(async () => {
  for (const receiver of receivers) await receiver.close()
  await server.close()
})

const get = (path: string, environment: 'test' | 'live' = 'test') => server.request('GET', path, { headers: consoleAuth(environment) })
const post = (path: string, body?: unknown) => server.request('POST', path, { headers: consoleAuth(), body })
const put = (path: string, body: unknown) => server.request('PUT', path, { headers: consoleAuth(), body })

/** A receiver that verifies the provider scheme (node:crypto) and refuses what does not verify. */
async function verifyingReceiver(): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver()
  receiver.answer = (request) => (verifyProviderSignature(WEBHOOK_SECRET, request) ? { status: 200, body: 'ok' } : { status: 400, body: 'bad signature' })
  receivers.push(receiver)
  return receiver
}

async function setFaults(url: string, faults: Record<string, unknown>) {
  const response = await put('/console/faults/webhooks', { url, faults })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.data
}

/** A charge that completes; returns its id once the simulator finalised it (fast mode: within 3 s). */
async function completedCharge(webhookUrl: string): Promise<string> {
  const response = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ webhookUrl, forceStatus: 'success' }) })
  expect(response.status).toBe(202)
  server.clock.advance(3_000)
  await server.service.tick()
  return response.body.data.transactionId as string
}

async function advance(ms: number) {
  server.clock.advance(ms)
  await server.service.tick()
}

async function statusOf(transactionId: string): Promise<string> {
  return (await server.request('GET', `/v1/transactions/${transactionId}`)).body.data.status as string
}

/** The deliveries of a transaction's events to `url`, with attempts, as the console's log shows them. */
async function deliveriesOf(transactionId: string, url: string) {
  const events = (await get(`/console/webhooks/events?transactionId=${transactionId}`)).body.data.items as {
    type: string; deliveries: { url: string; status: string; attemptCount: number; attempts: { faults: string[]; error: string | null; responseStatus: number | null }[] }[]
  }[]
  return events.flatMap((event) => event.deliveries.filter((d) => d.url === url).map((d) => ({ type: event.type, ...d })))
}

const idOf = (request: ReceivedWebhook) => String(request.headers['webhook-id'])

describe('webhook faults', () => {
  it('are set, listed and cleared per URL and environment; bad values are refused', async () => {
    const url = 'http://127.0.0.1:9/faults-config'
    const state = await setFaults(url, { duplicate: true, delay: { minMs: 1_000, maxMs: 2_000 } })
    expect(state.active).toBe(true)
    expect(state.webhooks).toEqual([expect.objectContaining({ url, faults: { duplicate: true, delay: { minMs: 1_000, maxMs: 2_000 } } })])
    expect((await get('/console/faults')).body.data.webhooks).toHaveLength(1)
    expect((await get('/console/faults', 'live')).body.data).toMatchObject({ webhooks: [], active: false, activeIn: ['test'] })
    for (const [faults, param] of [
      [{ delay: { minMs: 600_001 } }, 'faults.delay.minMs'],
      [{ delay: { minMs: 5_000, maxMs: 1_000 } }, 'faults.delay.maxMs'],
      [{ drop: { attempts: 10 } }, 'faults.drop.attempts'],
      [{ explode: true }, 'faults.explode'],
    ] as const) {
      const refused = await put('/console/faults/webhooks', { url, faults })
      expect(refused.status, JSON.stringify(faults)).toBe(400)
      expect(refused.body.error.param).toBe(param)
    }
    // Nothing switched on clears the rule.
    expect((await setFaults(url, { duplicate: false })).webhooks).toEqual([])
  })

  it('duplicate: each event arrives twice with the same id and body, each copy signed; the attempt records it', async () => {
    const hook = await verifyingReceiver()
    await setFaults(hook.url, { duplicate: true })
    const charge = await completedCharge(hook.url)
    const received = await hook.waitForRequests(2)
    expect(received).toHaveLength(2)
    expect(idOf(received[0]!)).toBe(idOf(received[1]!))
    expect(received[0]!.body).toBe(received[1]!.body)
    for (const request of received) expect(verifyProviderSignature(WEBHOOK_SECRET, request)).toBe(true)
    const [delivery] = await deliveriesOf(charge, hook.url)
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 1, attempts: [{ faults: ['duplicate'], responseStatus: 200 }] })
    expect(await statusOf(charge)).toBe('completed')
  })

  it('drop: the first N attempts are not sent and logged as dropped; the retry schedule delivers', async () => {
    const hook = await verifyingReceiver()
    await setFaults(hook.url, { drop: { attempts: 2 } })
    const charge = await completedCharge(hook.url)
    expect(hook.requests).toHaveLength(0)
    await advance(1_000) // fast retry schedule: 1 s, then 2 s
    expect(hook.requests).toHaveLength(0)
    await advance(2_000)
    expect(hook.requests).toHaveLength(1)
    const [delivery] = await deliveriesOf(charge, hook.url)
    expect(delivery!.status).toBe('succeeded')
    expect(delivery!.attempts.map((a) => a.faults)).toEqual([['drop'], ['drop'], []])
    expect(delivery!.attempts[0]!.error).toMatch(/dropped by the fault lab/)
    expect(await statusOf(charge)).toBe('completed')
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('delay: the API reports the final status while the event is still held; it arrives after the delay', async () => {
    const hook = await verifyingReceiver()
    await setFaults(hook.url, { delay: { minMs: 60_000 } })
    const charge = await completedCharge(hook.url)
    expect(await statusOf(charge)).toBe('completed')
    expect(hook.requests).toHaveLength(0)
    await advance(50_000)
    expect(hook.requests).toHaveLength(0)
    await advance(10_000)
    expect(hook.requests).toHaveLength(1)
    const [delivery] = await deliveriesOf(charge, hook.url)
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 1, attempts: [{ faults: ['delay'] }] })
  })

  it('delay with a random range holds each delivery within the range', async () => {
    const hook = await verifyingReceiver()
    await setFaults(hook.url, { delay: { minMs: 20_000, maxMs: 40_000 } })
    await completedCharge(hook.url)
    await advance(17_000) // the event was written up to 3 s before
    expect(hook.requests).toHaveLength(0)
    await advance(40_000)
    expect(hook.requests).toHaveLength(1)
  })

  it('reorder: events of one transaction arrive newest first', async () => {
    const hook = await verifyingReceiver()
    await setFaults(hook.url, { reorder: { windowMs: 30_000 } })
    const charge = await completedCharge(hook.url)
    const reversal = await server.request('POST', '/v1/mobile/reverse', { body: { transactionId: charge, forceStatus: 'success' } })
    expect(reversal.status).toBe(202)
    for (let i = 0; i < 40 && hook.requests.length < 2; i++) await advance(1_000)
    const received = await hook.waitForRequests(2)
    expect(received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(['transaction.reversed', 'transaction.succeeded'])
    const deliveries = await deliveriesOf(charge, hook.url)
    for (const delivery of deliveries) expect(delivery.attempts[0]!.faults).toEqual(['reorder'])
    expect(await statusOf(charge)).toBe('settled')
  })

  it('tamper: one byte changes after signing, so a verifying receiver refuses it and it is retried', async () => {
    const hook = await verifyingReceiver()
    await setFaults(hook.url, { tamper: true })
    const charge = await completedCharge(hook.url)
    const [request] = await hook.waitForRequests(1)
    expect(verifyProviderSignature(WEBHOOK_SECRET, request!)).toBe(false)
    expect(() => JSON.parse(request!.body)).not.toThrow()
    const [delivery] = await deliveriesOf(charge, hook.url)
    expect(delivery).toMatchObject({ status: 'pending', attempts: [{ faults: ['tamper'], responseStatus: 400 }] })
    expect(await statusOf(charge)).toBe('completed')
    // Switched off, the retry verifies.
    await post('/console/faults/clear')
    await advance(1_000)
    expect(verifyProviderSignature(WEBHOOK_SECRET, hook.requests[1]!)).toBe(true)
    expect((await deliveriesOf(charge, hook.url))[0]!.status).toBe('succeeded')
  })

  it('stale: the signature is valid but its timestamp is 6 minutes old', async () => {
    const hook = await verifyingReceiver()
    await setFaults(hook.url, { stale: true })
    const charge = await completedCharge(hook.url)
    const [request] = await hook.waitForRequests(1)
    expect(verifyProviderSignature(WEBHOOK_SECRET, request!)).toBe(true)
    expect(Math.floor(server.clock.now() / 1000) - providerTimestamp(request!)).toBe(360)
    expect(Number(request!.headers['webhook-timestamp'])).toBe(providerTimestamp(request!))
    const [delivery] = await deliveriesOf(charge, hook.url)
    expect(delivery!.attempts[0]!.faults).toEqual(['stale'])
  })

  it('wrong-secret: signed with a secret that is not the endpoint\'s', async () => {
    const hook = await verifyingReceiver()
    await setFaults(hook.url, { wrongSecret: true })
    const charge = await completedCharge(hook.url)
    const [request] = await hook.waitForRequests(1)
    expect(verifyProviderSignature(WEBHOOK_SECRET, request!)).toBe(false)
    const [delivery] = await deliveriesOf(charge, hook.url)
    expect(delivery).toMatchObject({ status: 'pending', attempts: [{ faults: ['wrong-secret'], responseStatus: 400 }] })
    expect(await statusOf(charge)).toBe('completed')
    expect(ledgerViolations(server.service.internals.store)).toEqual([])
  })

  it('apply only to their URL: another URL gets clean deliveries', async () => {
    const faulty = await verifyingReceiver()
    const clean = await verifyingReceiver()
    await setFaults(faulty.url, { drop: { attempts: 3 } })
    await completedCharge(clean.url)
    expect(clean.requests).toHaveLength(1)
    expect(verifyProviderSignature(WEBHOOK_SECRET, clean.requests[0]!)).toBe(true)
  })
})
