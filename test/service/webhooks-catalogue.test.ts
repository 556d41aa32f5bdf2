import { afterEach, describe, expect, it } from 'vitest'
import { isErrorEnvelope } from '../../shared/api/envelope'
import type { RouteData, RouteId } from '../../shared/api/routes'
import { WebhookEventTypeSchema, type WebhookEnvelope } from '../../shared/schemas/webhooks'
import type { CallInput, PaydeskService } from '../../electron/service'
import { CONSOLE_TOKEN, TEST_KEY, WEBHOOK_SECRET, fakeClock, ref, testService } from '../support/harness'
import {
  startWebhookReceiver, tickUntilDelivered, verifyProviderSignature, verifyStandardSignature, type ReceivedWebhook,
} from '../support/webhook-receiver'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function call<Id extends RouteId>(service: PaydeskService, bearer: string, id: Id, input: CallInput = {}): RouteData<Id> {
  const response = service.call(id, input, { bearer })
  if (isErrorEnvelope(response.body)) throw new Error(`${id} answered ${response.status}: ${JSON.stringify(response.body.error)}`)
  return response.body.data as RouteData<Id>
}

function parsed(requests: ReceivedWebhook[]): WebhookEnvelope[] {
  return requests.map((request) => JSON.parse(request.body) as WebhookEnvelope)
}

/** The one event of a type about a given transaction (data.id), as received. */
function find(envelopes: WebhookEnvelope[], type: WebhookEnvelope['type'], id?: string): WebhookEnvelope & { data: Record<string, unknown> } {
  const matches = envelopes.filter((e) => e.type === type && (id === undefined || (e.data as { id?: string }).id === id))
  expect(matches, `${type} ${id ?? ''}`).toHaveLength(1)
  return matches[0] as WebhookEnvelope & { data: Record<string, unknown> }
}

describe('webhook event catalogue', () => {
  it('every event type comes from a real flow, with the envelope and payload of DECISIONS, signed, to the right endpoints', async () => {
    const clock = fakeClock(Date.now()) // real time: the standardwebhooks verifier checks timestamps against it
    const { service } = testService({ now: clock.now, simulatorMode: 'fast' })
    cleanups.push(() => service.close())
    const requestHook = await startWebhookReceiver()
    const defaultHook = await startWebhookReceiver()
    cleanups.push(() => requestHook.close(), () => defaultHook.close())
    const pay = <Id extends RouteId>(id: Id, body: Record<string, unknown>) => call(service, TEST_KEY, id, { body: { webhookUrl: requestHook.url, ...body } })
    call(service, CONSOLE_TOKEN, 'console.webhooks.endpoint.update', { body: { defaultUrl: defaultHook.url } })

    const charged = pay('mobile.charge', { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: ref('ok') }).transactionId
    const toReverseBadly = pay('mobile.charge', { phoneNumber: '0712345679', amount: 20_000, merchantTransactionId: ref('ok2') }).transactionId
    const cancelled = pay('mobile.charge', { phoneNumber: '254700000001', amount: 5_000, merchantTransactionId: ref('cancel') }).transactionId
    const paidOut = pay('mobile.b2c', { phoneNumber: '0722000111', amount: 25_000, merchantTransactionId: ref('b2c') }).transactionId
    const payoutFailed = pay('mobile.b2c', { phoneNumber: '0722000112', amount: 25_000, merchantTransactionId: ref('b2cx'), forceStatus: 'failed' }).transactionId
    const payouts = call(service, TEST_KEY, 'accounts.list', { query: { type: 'payouts', scope: 'default' } }).items[0]!
    const refused = pay('bank.transfer', {
      merchantTransactionId: ref('bank'), senderAccountNo: payouts.accountNo, senderAddress: 'Moi Avenue, Nairobi', beneficiaryBankCode: '01',
      beneficiaryBankName: 'Kenya Commercial Bank', beneficiaryAccountId: '1100223344', beneficiaryAccountCcy: 'KES',
      beneficiaryName: 'Jane Wanjiku', amount: payouts.available + 1, narration: 'Too much', paymentChannel: 'INSTANTBANK',
    }).transactionId
    clock.advance(5_000) // fast mode answers within 1-3 s
    await tickUntilDelivered(service)

    const reversal = call(service, TEST_KEY, 'mobile.reverse', { body: { transactionId: charged } }).transactionId
    const failedReversal = call(service, TEST_KEY, 'mobile.reverse', { body: { transactionId: toReverseBadly, forceStatus: 'failed' } }).transactionId
    clock.advance(5_000)
    await tickUntilDelivered(service)
    const testEvent = call(service, CONSOLE_TOKEN, 'console.webhooks.test').id
    await tickUntilDelivered(service)

    const toRequest = parsed(requestHook.requests)
    const toDefault = parsed(defaultHook.requests)
    // Every type of the catalogue was produced; the request URL never gets balance.updated or test.event.
    expect(new Set(toDefault.map((e) => e.type))).toEqual(new Set(WebhookEventTypeSchema.options))
    expect(new Set(toRequest.map((e) => e.type))).toEqual(new Set(WebhookEventTypeSchema.options.filter((t) => t !== 'balance.updated' && t !== 'test.event')))
    // The default endpoint got every request-URL event too, byte for byte.
    for (const request of requestHook.requests) expect(defaultHook.requests.map((r) => r.body)).toContain(request.body)

    for (const request of [...requestHook.requests, ...defaultHook.requests]) {
      expect(verifyProviderSignature(WEBHOOK_SECRET, request)).toBe(true)
      expect(() => verifyStandardSignature(WEBHOOK_SECRET, request)).not.toThrow()
      const envelope = JSON.parse(request.body) as WebhookEnvelope
      expect(Object.keys(envelope).sort()).toEqual(envelope.error ? ['created', 'data', 'error', 'id', 'type'] : ['created', 'data', 'id', 'type'])
      expect(envelope.id).toMatch(/^evt_/)
      expect(Number.isInteger(envelope.created) && Math.abs(envelope.created * 1000 - clock.now()) < 60_000).toBe(true)
    }

    expect(find(toRequest, 'transaction.succeeded', charged)).toMatchObject({
      data: { id: charged, type: 'charge', status: 'completed', amount: 10_000, debitOrCredit: 'credit', processorReference: expect.stringMatching(/^[A-Z0-9]{10}$/) },
    })
    expect(find(toRequest, 'transaction.succeeded', charged).error).toBeUndefined()
    expect(find(toRequest, 'transaction.failed', cancelled)).toMatchObject({
      data: { id: cancelled, type: 'charge', status: 'failed' }, error: { code: '1032', message: 'Request cancelled by user.' },
    })
    expect(find(toRequest, 'payout.succeeded', paidOut)).toMatchObject({
      data: { id: paidOut, type: 'transfer', status: 'completed', payoutId: paidOut, debitOrCredit: 'debit' },
    })
    expect(find(toRequest, 'payout.failed', payoutFailed)).toMatchObject({
      data: { id: payoutFailed, type: 'transfer', status: 'failed' }, error: { code: '1001', message: expect.any(String) },
    })
    expect(find(toRequest, 'transaction.creation_failed', refused)).toMatchObject({
      data: { id: refused, type: 'bank_withdrawal', status: 'rejected' }, error: { code: 'insufficient_float' },
    })
    // The reversal's success is told about the charge; its failure about the reversal itself.
    expect(find(toRequest, 'transaction.reversed', charged)).toMatchObject({ data: { id: charged, type: 'charge', reversalId: reversal } })
    expect(find(toRequest, 'transaction.failed', failedReversal)).toMatchObject({
      data: { id: failedReversal, type: 'reversal', status: 'failed' }, error: { code: '1001' },
    })
    expect(find(toDefault, 'test.event')).toMatchObject({ id: testEvent, data: { environment: 'test' } })

    // balance.updated carries the account's balance after each change. Deliveries may arrive out of order (none
    // is promised), so the log (newest first) says which one is the latest per account: it equals the balance now.
    const logged = call(service, CONSOLE_TOKEN, 'console.webhooks.events.list', { query: { type: 'balance.updated', limit: '200' } }).items
    expect(new Set(logged.map((e) => e.id))).toEqual(new Set(toDefault.filter((e) => e.type === 'balance.updated').map((e) => e.id)))
    const latest = new Map<string, unknown>()
    for (const event of logged) {
      const balance = event.payload.data as { accountNo: string }
      if (!latest.has(balance.accountNo)) latest.set(balance.accountNo, balance)
    }
    expect(latest.size).toBeGreaterThanOrEqual(2) // payouts and collections both moved
    for (const [accountNo, balance] of latest) {
      expect(balance).toEqual(call(service, TEST_KEY, 'balance.get', { query: { accountNo } }))
    }
  })
})
