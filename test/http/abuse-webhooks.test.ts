import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isErrorEnvelope } from '../../shared/api/envelope'
import type { RouteData } from '../../shared/api/routes'
import type { PaydeskService } from '../../electron/service'
import { DEFAULT_LIMITS } from '../../electron/service/webhooks/dispatcher'
import { createHttpTransport } from '../../electron/service/webhooks/http-transport'
import { CONSOLE_TOKEN, fakeClock, testService } from '../support/harness'
import { startWebhookReceiver, type ReceiverAnswer, type WebhookReceiver } from '../support/webhook-receiver'

/**
 * Hostile webhook endpoints on 127.0.0.1, over the real HTTP transport: one hangs without answering, one
 * resets every connection, one answers 200 with an endless body. Each has more deliveries than its slots
 * (DEFAULT_LIMITS.maxPerEndpoint), and all of them together more than every slot (maxInFlight). Deliveries
 * to a healthy endpoint still all go out in the first tick, a tick lasts only as long as the hanging
 * endpoint's backlog needs at its slot limit (two rounds of timeouts here), and the flood costs a few KiB
 * read, not gigabytes.
 */
// Long enough for the healthy endpoint to answer on a busy machine; the bounds below scale with it.
const ATTEMPT_TIMEOUT_MS = 1_000
const HEALTHY_EVENTS = 12
const HOSTILE_EVENTS_EACH = DEFAULT_LIMITS.maxPerEndpoint + 4

let service: PaydeskService
let clock: ReturnType<typeof fakeClock>
const receivers: Record<'healthy' | 'hang' | 'reset' | 'flood', WebhookReceiver> = {} as never
beforeAll(async () => {
  clock = fakeClock(Date.now())
  service = testService({ now: clock.now, webhookTransport: createHttpTransport({ timeoutMs: ATTEMPT_TIMEOUT_MS }) }).service
  const answers: Record<keyof typeof receivers, ReceiverAnswer> = { healthy: { status: 200 }, hang: 'hang', reset: 'reset', flood: 'flood' }
  for (const name of Object.keys(answers) as (keyof typeof receivers)[]) {
    receivers[name] = await startWebhookReceiver()
    receivers[name].answer = () => answers[name]
  }
})
afterAll(async () => {
  service.close()
  for (const receiver of Object.values(receivers)) await receiver.close()
})

function sendTestEvent(url: string): string {
  const response = service.call('console.webhooks.test', { body: { url } }, { bearer: CONSOLE_TOKEN })
  if (isErrorEnvelope(response.body)) throw new Error(`console.webhooks.test answered ${response.status}`)
  return (response.body.data as RouteData<'console.webhooks.test'>).id
}

function deliveryOf(eventId: string) {
  const response = service.call('console.webhooks.events.get', { params: { eventId } }, { bearer: CONSOLE_TOKEN })
  if (isErrorEnvelope(response.body)) throw new Error(`console.webhooks.events.get answered ${response.status}`)
  return (response.body.data as RouteData<'console.webhooks.events.get'>).deliveries[0]!
}

describe('the webhook dispatcher among hostile endpoints', () => {
  it('keeps delivering to a healthy endpoint while others hang, reset and flood', { timeout: 60_000 }, async () => {
    // Hostile events first, so they are older and come first in the due order.
    const hostile = (['hang', 'reset', 'flood'] as const).flatMap((name) => Array.from({ length: HOSTILE_EVENTS_EACH }, () => ({ name, id: sendTestEvent(receivers[name].url) })))
    const healthy = Array.from({ length: HEALTHY_EVENTS }, () => sendTestEvent(receivers.healthy.url))

    expect(hostile.length + healthy.length).toBeGreaterThan(DEFAULT_LIMITS.maxInFlight)
    const tickMs: number[] = []
    for (let i = 0; i < 3; i++) {
      const started = performance.now()
      await service.tick()
      tickMs.push(performance.now() - started)
      // The hostile endpoints held at most their slots, so the healthy one got the rest: all done in the first tick.
      if (i === 0) for (const id of healthy) expect(deliveryOf(id).status).toBe('succeeded')
      // Time passes between ticks, so failed hostile deliveries come due again and keep competing for slots.
      clock.advance(5_000)
    }

    expect(new Set(receivers.healthy.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set(healthy))
    // A tick waits for its attempts and their refills, each bounded by the attempt timeout: the hanging
    // endpoint's 12 deliveries at 8 slots are two rounds of timeouts, never an unbounded wait for its silence.
    const rounds = Math.ceil(HOSTILE_EVENTS_EACH / DEFAULT_LIMITS.maxPerEndpoint)
    expect(Math.max(...tickMs)).toBeLessThan(rounds * ATTEMPT_TIMEOUT_MS + 1_500)

    const attempts = hostile.map(({ name, id }) => ({ name, delivery: deliveryOf(id) }))
    for (const { name, delivery } of attempts.filter((a) => a.name !== 'flood' && a.delivery.attemptCount > 0)) {
      expect(delivery.status, name).not.toBe('succeeded')
      expect(delivery.attempts[0]!.error, name).toMatch(name === 'hang' ? /timed out/ : /reset|closed|socket hang up/)
    }
    expect(attempts.filter((a) => a.name === 'hang' && a.delivery.attemptCount > 0).length).toBeGreaterThan(0)
    expect(attempts.filter((a) => a.name === 'reset' && a.delivery.attemptCount > 0).length).toBeGreaterThan(0)
    // The flood answered 200 in time: acknowledged, with only the first 4 KiB kept.
    const flooded = attempts.filter((a) => a.name === 'flood' && a.delivery.attemptCount > 0)
    expect(flooded.length).toBeGreaterThan(0)
    for (const { delivery } of flooded) {
      expect(delivery.status).toBe('succeeded')
      expect(delivery.attempts[0]!.responseBody!.length).toBeLessThanOrEqual(4_096)
    }
    // Each flooded connection was cut after a small prefix (what the receiver wrote is socket buffers, not gigabytes).
    expect(receivers.flood.floodBytesWritten()).toBeLessThan(flooded.length * 16 * 1024 * 1024)
  })
})
