import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isErrorEnvelope } from '../../shared/api/envelope'
import type { PushEvent } from '../../shared/api/push-events'
import type { RouteData, RouteId } from '../../shared/api/routes'
import type { CallInput, PaydeskService, ServiceOptions, WebhookTransport } from '../../electron/service'
import { DEFAULT_LIMITS } from '../../electron/service/webhooks/dispatcher'
import { createHttpTransport, RESPONSE_PREFIX_BYTES } from '../../electron/service/webhooks/http-transport'
import type { WebhookRequest, WebhookResponse } from '../../electron/service/webhooks/transport'
import { CONSOLE_TOKEN, TEST_KEY, WEBHOOK_SECRET, fakeClock, ref, testService } from '../support/harness'
import {
  headerOf, providerTimestamp, startWebhookReceiver, unusedPort, verifyProviderSignature, verifyStandardSignature, type ReceivedWebhook,
} from '../support/webhook-receiver'

const OTHER_SECRET = 'whsec_QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo='
const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/**
 * An engine whose fake clock starts at the real time: the standardwebhooks verifier checks timestamps
 * against the real clock (5 minutes tolerance), and the engine signs with its simulated now.
 */
function setup(options: Partial<ServiceOptions> = {}) {
  const clock = fakeClock(Date.now())
  const { service } = testService({ now: clock.now, ...options })
  const pushed: PushEvent[] = []
  service.onEvent((event) => pushed.push(event))
  cleanups.push(() => service.close())
  return { service, clock, pushed }
}

async function receiver(port?: number) {
  const hook = await startWebhookReceiver(port)
  cleanups.push(() => hook.close())
  return hook
}

function call<Id extends RouteId>(service: PaydeskService, bearer: string, id: Id, input: CallInput = {}): RouteData<Id> {
  const response = service.call(id, input, { bearer })
  if (isErrorEnvelope(response.body)) throw new Error(`${id} answered ${response.status}: ${JSON.stringify(response.body.error)}`)
  return response.body.data as RouteData<Id>
}
const consoleCall = <Id extends RouteId>(service: PaydeskService, id: Id, input: CallInput = {}) => call(service, CONSOLE_TOKEN, id, input)
const publicCall = <Id extends RouteId>(service: PaydeskService, id: Id, input: CallInput = {}) => call(service, TEST_KEY, id, input)

/** Lets answered attempts record and their slots refill (a few turns of the event loop). */
async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((done) => setImmediate(done))
}

function sendTestEvent(service: PaydeskService, url: string) {
  return consoleCall(service, 'console.webhooks.test', { body: { url } })
}

function deliveryOf(service: PaydeskService, eventId: string) {
  const event = consoleCall(service, 'console.webhooks.events.get', { params: { eventId } })
  expect(event.deliveries).toHaveLength(1)
  return event.deliveries[0]!
}

function attemptedOutcomes(pushed: PushEvent[]): string[] {
  return pushed.flatMap((event) => (event.type === 'webhook.attempted' ? [event.outcome] : []))
}

function expectSignedBy(secret: string, request: ReceivedWebhook) {
  expect(verifyProviderSignature(secret, request)).toBe(true)
  expect(verifyStandardSignature(secret, request)).toEqual(JSON.parse(request.body))
}

describe('webhook signatures', () => {
  it('signs the exact stored body with both schemes, verifiable by independent code', async () => {
    const { service } = setup()
    const hook = await receiver()
    const event = sendTestEvent(service, hook.url)
    await service.tick()
    const [request] = await hook.waitForRequests(1)
    expect(request!.path).toBe('/hook')
    expect(request!.headers['content-type']).toBe('application/json')
    expect(request!.headers['x-webhook-event-id']).toBe(event.id)
    expect(request!.headers['webhook-id']).toBe(event.id)
    expect(request!.headers['webhook-timestamp']).toBe(String(providerTimestamp(request!)))
    // The bytes sent are the bytes stored at enqueue time, not a re-serialisation.
    expect(request!.body).toBe(service.internals.store.webhooks.event(event.id)!.payload)
    expect(JSON.parse(request!.body)).toEqual({
      id: event.id, type: 'test.event', created: Math.floor(event.created / 1000),
      data: { message: expect.any(String), organizationId: service.startup.demoOrganizationId, environment: 'test' },
    })
    expectSignedBy(WEBHOOK_SECRET, request!)
    // Negative controls: another secret, or one changed byte, does not verify.
    expect(verifyProviderSignature(OTHER_SECRET, request!)).toBe(false)
    expect(() => verifyStandardSignature(OTHER_SECRET, request!)).toThrow(/signature/i)
    const tampered = { ...request!, body: request!.body.replace('test.event', 'test.evenT') }
    expect(verifyProviderSignature(WEBHOOK_SECRET, tampered)).toBe(false)
    expect(() => verifyStandardSignature(WEBHOOK_SECRET, tampered)).toThrow(/signature/i)
  })

  it('signs with the old and the new secret during a rotation overlap, then with the new one only', async () => {
    const { service, clock } = setup()
    const hook = await receiver()
    consoleCall(service, 'console.webhooks.endpoint.update', { body: { defaultUrl: hook.url } })
    const rotated = consoleCall(service, 'console.webhooks.secret.rotate', { body: { overlapMs: MINUTE } })
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
    expect(rotated.secret).not.toBe(WEBHOOK_SECRET)
    expect(rotated.previousSecretExpiresAt).toBe(clock.now() + MINUTE)

    consoleCall(service, 'console.webhooks.test')
    await service.tick()
    const [during] = await hook.waitForRequests(1)
    expect(headerOf(during!, 'x-webhook-signature').match(/v1=/g)).toHaveLength(2)
    expect(headerOf(during!, 'webhook-signature').split(' ')).toHaveLength(2)
    expectSignedBy(WEBHOOK_SECRET, during!)
    expectSignedBy(rotated.secret, during!)

    clock.advance(MINUTE)
    expect(consoleCall(service, 'console.webhooks.endpoint.get').previousSecretExpiresAt).toBeNull()
    consoleCall(service, 'console.webhooks.test')
    await service.tick()
    const after = (await hook.waitForRequests(2))[1]!
    expect(headerOf(after, 'x-webhook-signature').match(/v1=/g)).toHaveLength(1)
    expectSignedBy(rotated.secret, after)
    expect(verifyProviderSignature(WEBHOOK_SECRET, after)).toBe(false)
    expect(() => verifyStandardSignature(WEBHOOK_SECRET, after)).toThrow(/signature/i)
  })
})

describe('webhook retries', () => {
  it('retries after 5xx with the same event id and body, a fresh timestamp and signature, and stops after a 2xx', async () => {
    const { service, clock, pushed } = setup()
    const hook = await receiver()
    hook.answer = (_request, index) => (index === 0 ? { status: 500, body: 'database down' } : index === 1 ? { status: 503 } : { status: 204 })
    const event = sendTestEvent(service, hook.url)

    await service.tick()
    await hook.waitForRequests(1)
    await service.tick()
    clock.advance(SECOND - 1)
    await service.tick()
    expect(hook.requests).toHaveLength(1) // not due before the first backoff (1 s in fast mode)
    clock.advance(1)
    await service.tick()
    clock.advance(2 * SECOND - 1)
    await service.tick()
    expect(hook.requests).toHaveLength(2)
    clock.advance(1)
    await service.tick()
    const requests = await hook.waitForRequests(3)
    clock.advance(48 * HOUR)
    await service.tick()
    expect(hook.requests).toHaveLength(3)

    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([event.id]))
    expect(new Set(requests.map((r) => r.body)).size).toBe(1)
    const timestamps = requests.map(providerTimestamp)
    expect([timestamps[1]! - timestamps[0]!, timestamps[2]! - timestamps[1]!]).toEqual([1, 2])
    expect(new Set(requests.map((r) => r.headers['webhook-signature'])).size).toBe(3)
    for (const request of requests) expectSignedBy(WEBHOOK_SECRET, request)

    const delivery = deliveryOf(service, event.id)
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 3, nextAttemptAt: null, lastResponseStatus: 204, target: 'test', url: hook.url })
    expect(delivery.attempts.map((a) => [a.attemptNo, a.responseStatus, a.responseBody, a.error])).toEqual([
      [1, 500, 'database down', null], [2, 503, '', null], [3, 204, '', null],
    ])
    expect(delivery.attempts.every((a) => Number.isInteger(a.durationMs) && a.durationMs >= 0)).toBe(true)
    expect(attemptedOutcomes(pushed)).toEqual(['retrying', 'retrying', 'succeeded'])
  })

  it('records connection refused, reset and timeout as errors and keeps retrying the same event', async () => {
    const port = await unusedPort()
    // A small transport timeout stands in for the real 10 s one.
    const { service, clock } = setup({ webhookTransport: createHttpTransport({ timeoutMs: 300 }) })
    const event = sendTestEvent(service, `http://127.0.0.1:${port}/hook`)
    await service.tick()
    expect(deliveryOf(service, event.id).attempts[0]!.error).toMatch(/connection refused/)

    const hook = await receiver(port)
    hook.answer = (_request, index) => (index === 0 ? 'reset' : index === 1 ? 'hang' : { status: 200, body: 'thanks' })
    clock.advance(SECOND)
    await service.tick()
    clock.advance(2 * SECOND)
    await service.tick()
    clock.advance(5 * SECOND)
    await service.tick()

    const delivery = deliveryOf(service, event.id)
    expect(delivery.attempts.map((a) => [a.responseStatus, a.error === null ? null : a.error.replace(/ \(.*\)$/, '')])).toEqual([
      [null, 'connection refused'], [null, 'connection reset by the endpoint'], [null, 'timed out after 300 ms'], [200, null],
    ])
    expect(delivery.status).toBe('succeeded')
    const requests = await hook.waitForRequests(3)
    expect(requests.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id, event.id])
    const timestamps = requests.map(providerTimestamp)
    expect(timestamps[1]! - timestamps[0]!).toBe(2)
    expect(timestamps[2]! - timestamps[1]!).toBe(5)
    for (const request of requests) expectSignedBy(WEBHOOK_SECRET, request)
  })

  it.each([
    ['realistic', [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR, 24 * HOUR - (15 * HOUR + 42 * MINUTE + 30 * SECOND)]],
    ['fast', [SECOND, 2 * SECOND, 5 * SECOND, 10 * SECOND, 30 * SECOND, MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE]],
  ] as const)('follows the %s backoff schedule and marks the delivery failed after the 10th attempt', async (mode, waits) => {
    const sent: number[] = []
    const failing: WebhookTransport = async () => {
      sent.push(clock.now())
      return { status: 502, bodyPrefix: 'bad gateway' }
    }
    const { service, clock, pushed } = setup({ simulatorMode: mode, webhookTransport: failing })
    const event = sendTestEvent(service, 'https://merchant.example/hooks')
    await service.tick()
    for (const wait of waits) {
      const due = deliveryOf(service, event.id).nextAttemptAt!
      expect(due - clock.now()).toBe(wait)
      clock.set(due - 1)
      await service.tick()
      expect(sent).toHaveLength(waits.indexOf(wait) + 1) // never early
      clock.set(due)
      await service.tick()
    }
    expect(sent).toHaveLength(10)
    if (mode === 'realistic') expect(sent[9]! - sent[0]!).toBe(24 * HOUR)
    const delivery = deliveryOf(service, event.id)
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 10, nextAttemptAt: null, lastResponseStatus: 502 })
    clock.advance(7 * 24 * HOUR)
    await service.tick()
    expect(sent).toHaveLength(10)
    expect(attemptedOutcomes(pushed)).toEqual([...Array(9).fill('retrying'), 'failed'])
  })
})

describe('webhook transport', () => {
  it('reads only a small prefix of a huge answer and hangs up', async () => {
    const { service } = setup()
    const hook = await receiver()
    hook.answer = () => 'flood'
    const event = sendTestEvent(service, hook.url)
    await service.tick()
    await hook.floodClosed()
    const delivery = deliveryOf(service, event.id)
    expect(delivery.status).toBe('succeeded')
    expect(delivery.attempts[0]!.responseBody).toBe('x'.repeat(RESPONSE_PREFIX_BYTES))
    // The receiver would write forever; what it managed before we hung up is socket buffers, not gigabytes.
    expect(hook.floodBytesWritten()).toBeLessThan(16 * 1024 * 1024)
  })

  it('a slow endpoint gets at most maxPerEndpoint attempts in flight and does not hold up the others; overlapping ticks and refills never send one delivery twice', async () => {
    const waiting: { request: WebhookRequest; answer: (response: WebhookResponse) => void }[] = []
    const sentIds: string[] = []
    const held: WebhookTransport = (request) => {
      sentIds.push(request.headers['webhook-id']!)
      return new Promise((answer) => waiting.push({ request, answer }))
    }
    const { service } = setup({ webhookTransport: held })
    const { maxPerEndpoint } = DEFAULT_LIMITS
    // The slow endpoint's deliveries are older, so they come first in the due order; it has more than its slots.
    const slow = Array.from({ length: 2 * maxPerEndpoint + 3 }, (_, i) => sendTestEvent(service, `https://slow.example/hook?n=${i}`).id)
    const fast = Array.from({ length: 3 }, (_, i) => sendTestEvent(service, `https://fast-${i}.example/hook`).id)
    const isSlow = (w: (typeof waiting)[number]) => new URL(w.request.url).host === 'slow.example'

    // Two overlapping ticks: the second finds the slow endpoint's slots taken and its deliveries in flight.
    const ticks = [service.tick(), service.tick()]
    expect(waiting.filter(isSlow)).toHaveLength(maxPerEndpoint)
    expect(waiting.filter((w) => !isSlow(w))).toHaveLength(3)
    // Answering frees slots, which the first tick refills at once from the slow backlog (no new tick needed).
    while (waiting.length > 0) {
      expect(waiting.filter(isSlow).length).toBeLessThanOrEqual(maxPerEndpoint)
      expect(new Set(waiting.map((w) => w.request.headers['webhook-id'])).size).toBe(waiting.length)
      for (const w of waiting.splice(0, 3)) w.answer({ status: 200, bodyPrefix: '' })
      await settle()
    }
    await Promise.all(ticks)
    // Each delivery was sent exactly once (every answer was a 200).
    expect(sentIds.sort()).toEqual([...slow, ...fast].sort())
    for (const id of [...slow, ...fast]) expect(deliveryOf(service, id).status).toBe('succeeded')
  })

  it('keeps at most maxInFlight attempts in flight in all, refilling freed slots within the tick', async () => {
    const waiting: ((response: WebhookResponse) => void)[] = []
    let started = 0
    const held: WebhookTransport = () => {
      started += 1
      return new Promise((answer) => waiting.push(answer))
    }
    const { service } = setup({ webhookTransport: held })
    const { maxInFlight } = DEFAULT_LIMITS
    const total = maxInFlight + 12
    for (let i = 0; i < total; i++) sendTestEvent(service, `https://merchant-${i}.example/hook`)
    let resolved = false
    const tick = service.tick().then(() => (resolved = true))
    expect(started).toBe(maxInFlight)
    // Another tick finds no free slot: it starts nothing and resolves at once.
    await service.tick()
    expect(started).toBe(maxInFlight)
    // Each answer frees one slot, which is refilled at once: never more than maxInFlight waiting.
    for (let answered = 0; answered < total; answered++) {
      expect(waiting.length).toBeLessThanOrEqual(maxInFlight)
      waiting.shift()!({ status: 200, bodyPrefix: '' })
      await settle()
      expect(started).toBe(Math.min(total, maxInFlight + answered + 1))
    }
    await tick
    expect(resolved).toBe(true)
    expect(started).toBe(total)
  })

  it('one tick delivers a backlog to one endpoint by refilling its slots, never more than maxPerEndpoint at once', async () => {
    let inFlight = 0
    let most = 0
    const sent: string[] = []
    const local: WebhookTransport = async (request) => {
      sent.push(request.headers['webhook-id']!)
      inFlight += 1
      most = Math.max(most, inFlight)
      await new Promise((done) => setImmediate(done)) // a real turn of the event loop, like a local receiver
      inFlight -= 1
      return { status: 204, bodyPrefix: '' }
    }
    const { service } = setup({ webhookTransport: local, webhookLimits: { maxPerEndpoint: 2 } })
    const events = Array.from({ length: 50 }, (_, i) => sendTestEvent(service, `http://127.0.0.1:4000/hook?n=${i}`).id)
    await service.tick()
    expect(most).toBe(2)
    expect(sent).toHaveLength(50)
    expect(new Set(sent)).toEqual(new Set(events))
    for (const id of events) expect(deliveryOf(service, id).status).toBe('succeeded')
  })

  it('an attempt cut short by closing the service is not recorded, and the next start sends the same event again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-webhooks-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const dbPath = join(dir, 'paydesk.db')
    const hook = await receiver()
    hook.answer = (_request, index) => (index === 0 ? 'hang' : { status: 200 })
    const first = setup({ dbPath })
    const event = sendTestEvent(first.service, hook.url)
    const tick = first.service.tick()
    await hook.waitForRequests(1)
    first.service.close()
    await tick

    const second = setup({ dbPath })
    await second.service.tick()
    const requests = await hook.waitForRequests(2)
    expect(requests.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id])
    expect(deliveryOf(second.service, event.id).attempts.map((a) => [a.attemptNo, a.responseStatus])).toEqual([[1, 200]])
  })
})

describe('webhook events from payments', () => {
  it('a payout larger than the float: transaction.creation_failed to the request URL and the default endpoint, same event and bytes', async () => {
    const { service } = setup()
    const requestHook = await receiver()
    const defaultHook = await receiver()
    consoleCall(service, 'console.webhooks.endpoint.update', { body: { defaultUrl: defaultHook.url } })
    const payouts = publicCall(service, 'accounts.list', { query: { type: 'payouts', scope: 'default' } }).items[0]!
    const reference = ref('float')
    const accepted = publicCall(service, 'bank.transfer', {
      body: {
        merchantTransactionId: reference, senderAccountNo: payouts.accountNo, senderAddress: 'Moi Avenue, Nairobi',
        beneficiaryBankCode: '01', beneficiaryBankName: 'Kenya Commercial Bank', beneficiaryAccountId: '1100223344',
        beneficiaryAccountCcy: 'KES', beneficiaryName: 'Wanjiku Café Supplies', amount: payouts.available + 100,
        narration: 'Malipo — café ☕ supplies', paymentChannel: 'INSTANTBANK', webhookUrl: requestHook.url,
      },
    })
    await service.tick()
    const [toRequest] = await requestHook.waitForRequests(1)
    const [toDefault] = await defaultHook.waitForRequests(1)
    // No money moved, so there is no balance.updated: exactly one event each.
    expect([requestHook.requests.length, defaultHook.requests.length]).toEqual([1, 1])
    expect(toRequest!.body).toBe(toDefault!.body)
    const envelope = JSON.parse(toRequest!.body)
    expect(envelope).toMatchObject({
      type: 'transaction.creation_failed',
      data: {
        id: accepted.transactionId, merchantTransactionId: reference, status: 'rejected', type: 'bank_withdrawal',
        narration: 'Malipo — café ☕ supplies', amount: payouts.available + 100,
      },
      error: { code: 'insufficient_float', message: expect.stringMatching(/Insufficient balance/) },
    })
    expect(envelope.id).toMatch(/^evt_/)
    expectSignedBy(WEBHOOK_SECRET, toRequest!)
    const listed = consoleCall(service, 'console.webhooks.events.list', { query: { transactionId: accepted.transactionId } }).items
    expect(listed.map((e) => [e.id, e.type, e.transactionId])).toEqual([[envelope.id, 'transaction.creation_failed', accepted.transactionId]])
    expect(listed[0]!.deliveries.map((d) => [d.target, d.url, d.status]).sort()).toEqual([
      ['default', defaultHook.url, 'succeeded'], ['request', requestHook.url, 'succeeded'],
    ])
  })

  it('an accepted payout: balance.updated to the default endpoint only, never to the request URL', async () => {
    const { service } = setup()
    const requestHook = await receiver()
    const defaultHook = await receiver()
    consoleCall(service, 'console.webhooks.endpoint.update', { body: { defaultUrl: defaultHook.url } })
    publicCall(service, 'mobile.b2c', { body: { phoneNumber: '0712345678', amount: 150_000, merchantTransactionId: ref('b2c'), webhookUrl: requestHook.url } })
    await service.tick()
    const [request] = await defaultHook.waitForRequests(1)
    const envelope = JSON.parse(request!.body)
    const balance = publicCall(service, 'balance.get', { query: { accountNo: envelope.data.accountNo } })
    expect(envelope).toMatchObject({ type: 'balance.updated', data: balance })
    expect(balance.pending).toBeGreaterThanOrEqual(150_000)
    expect(requestHook.requests).toHaveLength(0)
    expectSignedBy(WEBHOOK_SECRET, request!)
  })
})
