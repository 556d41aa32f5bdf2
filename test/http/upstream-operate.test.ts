import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxIdempotencyKey } from '../../electron/service/upstream/outbox/keys'
import { CONSOLE_TOKEN } from '../support/harness'
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
    const open = store.upstreamOutbox.list(...scope(), null, 10_000).filter((row) => !['accepted', 'rejected', 'needs_review', 'closed'].includes(row.state))
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

  it('the same reference again is refused (409), never a second send; API keys stay refused', async () => {
    const body = b2cBody({ amount: 1_700 })
    expect((await pair.console('POST', '/v1/mobile/b2c', body)).status).toBe(202)
    const again = await pair.console('POST', '/v1/mobile/b2c', body)
    expect(again.status).toBe(409)
    const withKey = await pair.paydesk.request('POST', '/v1/mobile/b2c', { body: b2cBody() })
    expect(withKey.status).toBe(409)
    expect(withKey.body.error.code).toBe('upstream_mode')
    const forced = await pair.console('POST', '/v1/mobile/b2c', b2cBody({ forceStatus: 'failed' }))
    expect(forced.status).toBe(400)
    expect(forced.body.error.param).toBe('forceStatus')
    const reversal = await pair.paydesk.request('POST', '/v1/mobile/reverse', { body: { transactionId: 'txn_unknown' } })
    expect(reversal.body.error.code).toBe('upstream_mode')
    await untilSettled()
    expect(await providerCount(body['merchantTransactionId'] as string)).toBe(1)
  })
})

describe('the outbox routes', () => {
  const providerConsole = { authorization: `Bearer ${CONSOLE_TOKEN}` }
  const rowOf = (reference: string) => pair.paydesk.service.internals.store.upstreamOutbox.byReference(...scope(), reference)!

  /** Ticks until the row leaves queued and sent (it is then unknown, needs_review or final). */
  async function untilOut(reference: string): Promise<void> {
    for (let i = 0; i < 500 && ['queued', 'sent'].includes(rowOf(reference).state); i++) {
      await pair.paydesk.service.tick()
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }

  it('list (needs_review first, counts), one row with its attempts, close with a note (audited), a final row refused', async () => {
    // Someone already used this intent's key with another body at the provider: a 409 the outbox never re-keys.
    const body = b2cBody({ amount: 1_900 })
    const reference = body['merchantTransactionId'] as string
    const key = outboxIdempotencyKey(scope()[0], reference)
    const other = await pair.provider.request('POST', '/v1/mobile/b2c', { headers: { ...asProvider, 'idempotency-key': key }, body: { ...body, amount: 2_000 } })
    expect(other.status).toBe(202)
    expect((await pair.console('POST', '/v1/mobile/b2c', body)).status).toBe(202)
    await untilOut(reference)
    const id = rowOf(reference).id

    const list = await pair.console('GET', '/console/upstream/outbox')
    expect(list.status).toBe(200)
    expect(list.body.data.items[0]).toMatchObject({ id, state: 'needs_review', merchantTransactionId: reference, idempotencyKey: key, body: { ...body, phoneNumber: '+254712345678' } })
    expect(list.body.data.counts.needs_review).toBe(1)
    expect(list.body.data.sending).toMatchObject({ breakerOpenSince: null, keyRefusedAt: null, pausedUntil: null, recovering: 0 })
    const filtered = await pair.console('GET', '/console/upstream/outbox?state=accepted')
    expect(filtered.body.data.items.every((row: { state: string }) => row.state === 'accepted')).toBe(true)
    const one = await pair.console('GET', `/console/upstream/outbox/${id}`)
    expect(one.body.data.attemptLog).toMatchObject([{ kind: 'send', status: 409, outcome: 'needs_review' }])

    const noNote = await pair.console('POST', `/console/upstream/outbox/${id}/close`, { note: ' ' })
    expect(noNote.status).toBe(400)
    expect(noNote.body.error.param).toBe('note')
    const closed = await pair.console('POST', `/console/upstream/outbox/${id}/close`, { note: 'The provider confirmed the 2,000 payout; this one is not owed.' })
    expect(closed.body.data).toMatchObject({ state: 'closed', closedNote: 'The provider confirmed the 2,000 payout; this one is not owed.' })
    const audit = pair.paydesk.service.internals.store.db.prepare("SELECT label FROM audit_log WHERE label = 'Outbox row closed by hand'").all()
    expect(audit).toHaveLength(1)
    expect((await pair.console('POST', `/console/upstream/outbox/${id}/close`, { note: 'again' })).status).toBe(409)
    expect((await pair.console('POST', `/console/upstream/outbox/${id}/resolve`)).status).toBe(409)
    expect((await pair.console('GET', '/console/upstream/outbox/obx_none')).status).toBe(404)
  })

  it('resolve: an unknown row is looked up now instead of after its grace, and adopted', async () => {
    const fault = await pair.provider.request('PUT', '/console/faults/api', { headers: providerConsole, body: { scope: 'money', faults: { commitThenError: { status: 502 } } } })
    expect(fault.status).toBe(200)
    const body = b2cBody({ amount: 2_100 })
    const reference = body['merchantTransactionId'] as string
    expect((await pair.console('POST', '/v1/mobile/b2c', body)).status).toBe(202)
    await untilOut(reference)
    await pair.provider.request('POST', '/console/faults/clear', { headers: providerConsole })
    expect(rowOf(reference)).toMatchObject({ state: 'unknown', attempts: 1 })
    expect(rowOf(reference).next_at).toBeGreaterThan(pair.paydesk.clock.now())

    const resolved = await pair.console('POST', `/console/upstream/outbox/${rowOf(reference).id}/resolve`)
    expect(resolved.body.data).toMatchObject({ state: 'unknown' })
    await untilSettled()
    expect(rowOf(reference)).toMatchObject({ state: 'accepted', attempts: 1 })
    expect(await providerCount(reference)).toBe(1)
  })
})
