import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerViolations } from '../support/ledger-invariants'
import { PROVIDER_KEY, startUpstreamPair, type UpstreamPair } from '../support/upstream-pair'
import { b2cBody } from './helpers'

/**
 * Operate mode and the mirror's ledger: a payout the outbox sent moves nothing locally until the mirror holds
 * the provider's transaction, then posts like any other mirrored row, exactly once, and the connected
 * environment's ledger balance stays the provider's.
 */
let pair: UpstreamPair
const DAY = 86_400_000
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const asProvider = { authorization: `Bearer ${PROVIDER_KEY}` }

beforeAll(async () => {
  pair = await startUpstreamPair({ upstream: { mode: 'operate' } })
})
afterAll(async () => {
  await pair?.sync()
  await pair?.close()
})

function scope(): { organizationId: string; environment: string } {
  const row = pair.paydesk.service.internals.store.upstream.all()[0]!
  return { organizationId: row.organization_id, environment: row.environment }
}

/** Ticks the connected Paydesk until its outbox row is accepted (the sender works on the hosts' tick). */
async function untilAccepted(reference: string): Promise<string> {
  const store = pair.paydesk.service.internals.store
  const { organizationId, environment } = scope()
  for (let i = 0; i < 500; i++) {
    await pair.paydesk.service.tick()
    const row = store.upstreamOutbox.list(organizationId, environment, null, 100).find((r) => r.merchant_transaction_id === reference)
    if (row?.state === 'accepted') return row.transaction_id!
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error('the outbox row was not accepted')
}

async function payouts() {
  const store = pair.paydesk.service.internals.store
  const { organizationId, environment } = scope()
  const accountNo = store.accounts.resolve(organizationId, environment, 'payouts').account_no
  const now = pair.paydesk.clock.now()
  const answer = await pair.console('GET', `/console/statements?accountNo=${accountNo}&from=${day(now - 30 * DAY)}&to=${day(now + DAY)}&timeZone=UTC`)
  expect(answer.status).toBe(200)
  return answer.body.data
}

async function providerPayouts(): Promise<{ available: number; pending: number }> {
  const accounts = await pair.provider.request('GET', '/v1/accounts', { headers: asProvider })
  const mine = accounts.body.data.items.filter((a: { type: string }) => a.type === 'payouts')
  return mine.reduce((sum: { available: number; pending: number }, a: { available: number; pending: number }) => ({ available: sum.available + a.available, pending: sum.pending + a.pending }), { available: 0, pending: 0 })
}

describe('operate mode and the mirror\'s ledger', () => {
  it('posts an outbox-sent payout once the mirror holds it, exactly once, its balance the provider\'s', async () => {
    const body = b2cBody({ amount: 1_500 })
    expect((await pair.console('POST', '/v1/mobile/b2c', body)).status).toBe(202)
    const transactionId = await untilAccepted(body['merchantTransactionId'] as string)
    await pair.sync()
    expect((await payouts()).lines).toContainEqual(expect.objectContaining({ transactionId, movement: 'payout_reserved' }))
    await pair.advance(120_000)
    await pair.sync()
    await pair.sync()
    const statement = await payouts()
    const own = statement.lines.filter((line: { transactionId: string }) => line.transactionId === transactionId)
    expect(own.map((line: { movement: string }) => line.movement)).toEqual(['payout_reserved', 'payout_paid'])
    expect(own.reduce((sum: number, line: { available: number; pending: number }) => sum + line.available + line.pending, 0)).toBe(-(1_500 + own[0].fee))
    expect(statement.closing).toEqual(await providerPayouts())
    expect(ledgerViolations(pair.paydesk.service.internals.store)).toEqual([])
  })
})
