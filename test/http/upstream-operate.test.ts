import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROVIDER_KEY, startUpstreamPair, type UpstreamPair } from '../support/upstream-pair'
import { ALL_TIME, b2bBody, b2cBody, chargeBody } from './helpers'

/**
 * A Paydesk connected in operate mode to a second Paydesk playing the merchant's provider: the console's
 * money requests on the connected environment become outbox rows (nothing simulated moves) and reach the
 * provider once; API keys stay refused there.
 */
let pair: UpstreamPair
const asProvider = { authorization: `Bearer ${PROVIDER_KEY}` }

beforeAll(async () => {
  pair = await startUpstreamPair({ upstream: { mode: 'operate' } })
})
afterAll(async () => {
  // The ticks above started the mirror's poll too: a sync waited for runs after it, so nothing runs at close.
  await pair?.sync()
  await pair?.close()
})

/** Ticks the connected Paydesk until every outbox row is final (the sender works on the hosts' tick). */
async function untilSettled(): Promise<void> {
  const store = pair.paydesk.service.internals.store
  for (let i = 0; i < 500; i++) {
    await pair.paydesk.service.tick()
    const open = store.upstreamOutbox.list(...scope(), null, 10_000).filter((row) => !['accepted', 'rejected', 'needs_review'].includes(row.state))
    if (open.length === 0) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error('the outbox did not settle')
}

function scope(): [string, string] {
  const rows = pair.paydesk.service.internals.store.upstream.all()
  return [rows[0]!.organization_id, rows[0]!.environment]
}

async function providerCount(reference: string): Promise<number> {
  const listed = await pair.provider.request('GET', `/v1/transactions?${ALL_TIME}&limit=10000`, { headers: asProvider })
  return (listed.body.data.items as { merchantTransactionId: string | null }[]).filter((t) => t.merchantTransactionId === reference).length
}

describe('operate mode: console money goes to the provider through the outbox', () => {
  it('a console B2C, B2B and charge each become one outbox row, answered 202, sent once, with the provider transaction id', async () => {
    const bodies = [['/v1/mobile/b2c', b2cBody({ amount: 1_500 })], ['/v1/mobile/b2b', b2bBody({ amount: 2_500 })], ['/v1/mobile/charge', chargeBody()]] as const
    const answers = []
    for (const [path, body] of bodies) {
      const answer = await pair.console('POST', path, body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(202)
      expect(answer.body.data).toMatchObject({ merchantTransactionId: body['merchantTransactionId'], upstream: { state: 'queued' } })
      answers.push(answer.body.data)
    }
    // Nothing simulated: the connected environment's own ledger holds no such transaction.
    const local = await pair.console('GET', `/v1/transaction?merchantTransactionId=${bodies[0][1]['merchantTransactionId']}`)
    expect(local.status).toBe(404)

    await untilSettled()
    const rows = pair.paydesk.service.internals.store.upstreamOutbox.list(...scope(), null, 100)
    for (const [, body] of bodies) {
      const reference = body['merchantTransactionId'] as string
      const row = rows.find((r) => r.merchant_transaction_id === reference)!
      expect(row.state).toBe('accepted')
      expect(await providerCount(reference)).toBe(1)
      const upstream = await pair.provider.request('GET', `/v1/transaction?merchantTransactionId=${reference}`, { headers: asProvider })
      expect(row.transaction_id).toBe(upstream.body.data.publicId)
    }
    expect(answers.map((a) => a.transactionId)).toEqual(bodies.map(([, body]) => rows.find((r) => r.merchant_transaction_id === body['merchantTransactionId'])!.id))
  })

  it('the same reference again is refused (409), never a second send; API keys and reversals stay refused', async () => {
    const body = b2cBody({ amount: 1_700 })
    expect((await pair.console('POST', '/v1/mobile/b2c', body)).status).toBe(202)
    const again = await pair.console('POST', '/v1/mobile/b2c', body)
    expect(again.status).toBe(409)
    const withKey = await pair.paydesk.request('POST', '/v1/mobile/b2c', { body: b2cBody() })
    expect(withKey.status).toBe(409)
    expect(withKey.body.error.code).toBe('upstream_mode')
    const reversal = await pair.console('POST', '/v1/mobile/reverse', { transactionId: 'txn_unknown' })
    expect(reversal.body.error.code).toBe('upstream_mode')
    await untilSettled()
    expect(await providerCount(body['merchantTransactionId'] as string)).toBe(1)
  })
})
