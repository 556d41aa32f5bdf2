import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN } from '../support/harness'
import { PROVIDER_KEY, startUpstreamPair, type UpstreamPair } from '../support/upstream-pair'
import { chargeBody } from './helpers'

/**
 * A reversal from the console of a Paydesk connected in operate mode to a second Paydesk playing the
 * provider: the charge the mirror holds is reversed once at the provider through the outbox, a second
 * request (a double click) makes no second row, and once the mirror syncs the charge shows as reversed.
 */
let pair: UpstreamPair
const asProvider = { authorization: `Bearer ${PROVIDER_KEY}` }
const asConsole = (key?: string) => ({ authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test', ...(key ? { 'idempotency-key': key } : {}) })

beforeAll(async () => {
  pair = await startUpstreamPair({ upstream: { mode: 'operate' } })
})
afterAll(async () => {
  await pair?.sync()
  await pair?.close()
})

const outbox = () => pair.paydesk.service.internals.store.db.prepare("SELECT * FROM upstream_outbox WHERE route = 'mobile.reverse'").all() as { id: string; state: string; transaction_id: string | null }[]

async function untilSettled(): Promise<void> {
  for (let i = 0; i < 500; i++) {
    await pair.paydesk.service.tick()
    if (outbox().every((row) => ['accepted', 'rejected', 'needs_review', 'closed'].includes(row.state))) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error('the outbox did not settle')
}

/** The provider's reversals of a charge, counted in its own store. */
function reversalsAtProvider(chargeId: string): string[] {
  return (pair.provider.service.internals.store.db.prepare(`SELECT r.public_id AS id FROM transactions r JOIN transactions c ON c.id = r.related_id
    WHERE r.type = 'reversal' AND c.public_id = ?`).all(chargeId) as { id: string }[]).map((row) => row.id)
}

/** A charge the customer paid at the provider, completed there and mirrored here. */
async function mirroredCharge(): Promise<string> {
  const made = await pair.provider.request('POST', '/v1/mobile/charge', { headers: asProvider, body: chargeBody({ amount: 25_000 }) })
  expect(made.status).toBe(202)
  await pair.advance(60_000)
  await pair.sync()
  const mirrored = await pair.console('GET', `/console/transactions/${made.body.data.transactionId}`)
  expect(mirrored.body.data.transaction.status).toMatch(/^(completed|settled)$/)
  return made.body.data.transactionId
}

describe('operate mode: a reversal goes to the provider through the outbox', () => {
  it('one outbox row per charge (a double click replays, a second request is a 409 naming it), reversed once, the mirror shows it', async () => {
    const chargeId = await mirroredCharge()
    const key = randomUUID()
    const body = { transactionId: chargeId, narration: 'Returned the shoes' }
    const first = await pair.paydesk.request('POST', '/v1/mobile/reverse', { headers: asConsole(key), body })
    expect(first.status, JSON.stringify(first.body)).toBe(202)
    expect(first.body.data).toMatchObject({ upstream: { state: 'queued' } })
    const outboxId = first.body.data.upstream.outboxId as string
    expect(first.body.data.transactionId).toBe(outboxId)
    // The same click twice (its key): the same answer. Another request for the same charge: 409 naming the row.
    const replay = await pair.paydesk.request('POST', '/v1/mobile/reverse', { headers: asConsole(key), body })
    expect(replay.body).toEqual(first.body)
    const again = await pair.paydesk.request('POST', '/v1/mobile/reverse', { headers: asConsole(randomUUID()), body })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toContain(outboxId)
    expect(outbox()).toHaveLength(1)
    // Paydesk's own API keys stay refused on the connected environment.
    const withKey = await pair.paydesk.request('POST', '/v1/mobile/reverse', { body: { transactionId: chargeId } })
    expect(withKey.body.error.code).toBe('upstream_mode')

    await untilSettled()
    const reversals = reversalsAtProvider(chargeId)
    expect(reversals).toHaveLength(1)
    expect(outbox()).toMatchObject([{ id: outboxId, state: 'accepted', transaction_id: reversals[0] }])

    // The reversal completes at the provider; the next sync mirrors it, linked to its charge.
    await pair.advance(60_000)
    await pair.sync()
    const detail = await pair.console('GET', `/console/transactions/${chargeId}`)
    expect(detail.body.data.related).toMatchObject([{ publicId: reversals[0], type: 'reversal', status: 'completed' }])
    const charge = pair.paydesk.service.internals.store.transactions.getByPublicId(...scopeOf(), chargeId)!
    const listed = await pair.console('GET', `/console/reversals?from=${charge.created_at}&to=${charge.created_at}`)
    expect(listed.body.data.items).toMatchObject([{ transactionId: chargeId, reversal: { publicId: reversals[0], status: 'completed' } }])
    // Reversed: the console refuses another, naming the outbox row.
    const afterwards = await pair.console('POST', '/v1/mobile/reverse', { transactionId: chargeId })
    expect(afterwards.status).toBe(409)
  })

  it('an answer lost after the provider reversed it: the mirror holds the reversal first, the outbox adopts it, the charge shows it once', async () => {
    const chargeId = await mirroredCharge()
    const providerConsole = { authorization: `Bearer ${CONSOLE_TOKEN}` }
    const fault = await pair.provider.request('PUT', '/console/faults/api', { headers: providerConsole, body: { scope: 'money', faults: { commitThenDrop: {} } } })
    expect(fault.status).toBe(200)
    const sent = await pair.console('POST', '/v1/mobile/reverse', { transactionId: chargeId })
    expect(sent.status).toBe(202)
    const row = () => outbox().find((r) => r.id === sent.body.data.upstream.outboxId)!
    for (let i = 0; i < 500 && ['queued', 'sent'].includes(row().state); i++) {
      await pair.paydesk.service.tick()
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await pair.provider.request('POST', '/console/faults/clear', { headers: providerConsole })
    expect(row().state).toBe('unknown')
    // The sync brings the provider's reversal before the outbox knows it is ours: the mirror links it by the
    // provider's own narration ("Reversal of <charge>"), and the outbox adopts it once it settles.
    await pair.advance(60_000)
    await pair.sync()
    expect(row().state).toBe('unknown')
    expect((await pair.console('GET', `/console/transactions/${chargeId}`)).body.data.related).toMatchObject([{ type: 'reversal' }])

    await untilSettled()
    const reversals = reversalsAtProvider(chargeId)
    expect(reversals).toHaveLength(1)
    expect(row()).toMatchObject({ state: 'accepted', transaction_id: reversals[0] })
    const detail = await pair.console('GET', `/console/transactions/${chargeId}`)
    expect(detail.body.data.related).toMatchObject([{ publicId: reversals[0], type: 'reversal', status: 'completed' }])
  })

  it('refused before anything is written: a transaction the mirror does not hold, or one that is not a charge', async () => {
    const unknown = await pair.console('POST', '/v1/mobile/reverse', { transactionId: 'txn_unknown' })
    expect(unknown.status).toBe(404)
    const payout = await pair.provider.request('POST', '/v1/mobile/b2c', { headers: asProvider, body: { phoneNumber: '254712345678', amount: 1_000, merchantTransactionId: `po-${randomUUID()}` } })
    await pair.advance(60_000)
    await pair.sync()
    const notCharge = await pair.console('POST', '/v1/mobile/reverse', { transactionId: payout.body.data.transactionId })
    expect(notCharge.status).toBe(400)
    expect(notCharge.body.error.param).toBe('transactionId')
    const forced = await pair.console('POST', '/v1/mobile/reverse', { transactionId: payout.body.data.transactionId, forceStatus: 'failed' })
    expect(forced.body.error.param).toBe('forceStatus')
    expect(outbox().filter((row) => row.state === 'queued')).toEqual([])
  })
})

function scopeOf(): [string, 'test' | 'live'] {
  const row = pair.paydesk.service.internals.store.upstream.all()[0]!
  return [row.organization_id, row.environment as 'test' | 'live']
}
