import { afterEach, describe, expect, it } from 'vitest'
import { isErrorEnvelope } from '../../shared/api/envelope'
import type { RouteData, RouteId } from '../../shared/api/routes'
import type { CallInput, PaydeskService, WebhookTransport } from '../../electron/service'
import { CONSOLE_TOKEN, fakeClock, testService } from '../support/harness'

/**
 * Choosing the default endpoint's events stops the pending deliveries of the others, also one whose attempt
 * is in flight at that moment: its answer is logged, but a failure is not retried.
 */
const HOOK = 'http://receiver.invalid/hook'
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function consoleCall<Id extends RouteId>(service: PaydeskService, id: Id, input: CallInput = {}): RouteData<Id> {
  const response = service.call(id, input, { bearer: CONSOLE_TOKEN })
  if (isErrorEnvelope(response.body)) throw new Error(`${id} answered ${response.status}: ${JSON.stringify(response.body.error)}`)
  return response.body.data as RouteData<Id>
}

/** A transport that answers only when told to; `sent` resolves when the first request arrives. */
function heldTransport() {
  let arrived: () => void = () => {}
  const sent = new Promise<void>((resolve) => (arrived = resolve))
  let answer: (status: number) => void = () => {}
  const transport: WebhookTransport = () => {
    arrived()
    return new Promise((resolve) => (answer = (status) => resolve({ status, bodyPrefix: 'no' })))
  }
  return { transport, sent, answer: (status: number) => answer(status) }
}

describe('choosing the default endpoint\'s events', () => {
  it('stops a delivery whose attempt is in flight: the failed answer is logged and not retried', async () => {
    const held = heldTransport()
    const { service } = testService({ now: fakeClock(Date.now()).now, webhookTransport: held.transport })
    cleanups.push(() => service.close())
    consoleCall(service, 'console.webhooks.endpoint.update', { body: { defaultUrl: HOOK } })
    const accountNo = (service.call('accounts.list', { query: { type: 'payouts' } }, { bearer: CONSOLE_TOKEN }).body as { data: RouteData<'accounts.list'> }).data.items[0]!.accountNo
    consoleCall(service, 'console.funds.topUp', { body: { accountNo, amount: 100_000 } })

    const ticking = service.tick()
    await held.sent
    consoleCall(service, 'console.webhooks.endpoint.update', { body: { defaultUrl: HOOK, events: ['transaction.succeeded'] } })
    held.answer(500)
    await ticking

    const [event] = consoleCall(service, 'console.webhooks.events.list', { query: { type: 'balance.updated' } }).items
    expect(event!.deliveries).toHaveLength(1)
    expect(event!.deliveries[0]).toMatchObject({
      target: 'default', status: 'failed', attemptCount: 1, nextAttemptAt: null, lastResponseStatus: 500,
      stopReason: expect.stringMatching(/no longer takes this event type/), attempts: [{ attemptNo: 1, responseStatus: 500 }],
    })
  })
})
