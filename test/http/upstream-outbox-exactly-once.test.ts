import { describe, expect, it } from 'vitest'
import type { OutboxRoute } from '../../electron/service/upstream/outbox/enqueue'
import { clearProviderFaults, faultLabProvider, outboxRig, providerCounts, setProviderFaults, withOutboxRig } from '../support/outbox-rig'
import { b2cBody, chargeBody } from './helpers'

/**
 * The outbox against a second Paydesk as the provider, through its fault lab: under each fault every intent
 * exists exactly once at the provider (counted there by merchantTransactionId) and every outbox row ends
 * accepted (or rejected, for the one the provider refuses) once the fault clears.
 */
const provider = faultLabProvider()

type Rig = ReturnType<typeof outboxRig>

/** A few payouts and charges, and one payout the provider refuses (a phone number it cannot read). */
function enqueueIntents(rig: Rig, count = 8): { accepted: string[]; refused: string } {
  const accepted: string[] = []
  for (let i = 0; i < count; i++) {
    const [route, body]: [OutboxRoute, Record<string, unknown>] = i % 2 === 0 ? ['mobile.b2c', b2cBody({ amount: 1_000 + i })] : ['mobile.charge', chargeBody()]
    accepted.push(rig.enqueue(route, body).merchant_transaction_id)
  }
  const refused = rig.enqueue('mobile.b2c', b2cBody({ phoneNumber: '12' })).merchant_transaction_id
  return { accepted, refused }
}

/** Exactly once at the provider; every row final, with the provider's transaction id on the accepted ones. */
async function expectExactlyOnce(rig: Rig, intents: { accepted: string[]; refused: string }): Promise<void> {
  const counts = await providerCounts(provider())
  expect(intents.accepted.map((ref) => [ref, counts.get(ref) ?? 0])).toEqual(intents.accepted.map((ref) => [ref, 1]))
  expect(counts.get(intents.refused) ?? 0).toBe(0)
  const rows = new Map(rig.rows().map((row) => [row.merchant_transaction_id, row]))
  expect(intents.accepted.map((ref) => [ref, rows.get(ref)?.state])).toEqual(intents.accepted.map((ref) => [ref, 'accepted']))
  expect(rows.get(intents.refused)?.state).toBe('rejected')
  expect(JSON.parse(rows.get(intents.refused)!.last_error!)).toMatchObject({ type: 'invalid_request_error', param: 'phoneNumber' })
  for (const ref of intents.accepted) {
    const found = await provider().request('GET', `/v1/transaction?merchantTransactionId=${ref}`)
    expect(rows.get(ref)!.transaction_id).toBe(found.body.data.publicId)
  }
}

/** Runs the outbox with the provider's fault on for a while, then with it off until everything settled. */
async function underFault(scope: string, faults: Record<string, unknown>, rigOptions: Parameters<typeof outboxRig>[1] = {}, roundsWithFault = 40) {
  return await withOutboxRig(provider(), rigOptions, async (rig) => {
    const intents = enqueueIntents(rig)
    await setProviderFaults(provider(), scope, faults)
    await rig.settle(roundsWithFault)
    await clearProviderFaults(provider())
    expect(await rig.settle()).toBe(true)
    await expectExactlyOnce(rig, intents)
    return rig.rows()
  })
}

describe('the outbox sends each intent exactly once', () => {
  it('with no fault: queued -> sent -> accepted, one attempt each, the key derived and the body fixed', async () => {
    const rows = await underFault('money', {}, {}, 0)
    for (const row of rows) {
      expect(row.attempts).toBe(1)
      expect(row.idempotency_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
  })

  it('commitThenDrop: every answer lost after the commit; the lookup adopts each', async () => {
    const rows = await underFault('money', { commitThenDrop: {} }, {}, 200)
    expect(rows.filter((row) => row.state === 'accepted').every((row) => row.attempts >= 1)).toBe(true)
  })

  it('commitThenError 500 and 502', async () => {
    await underFault('money', { commitThenError: { rate: 0.6, status: 500 } }, {}, 200)
    await underFault('money', { commitThenError: { rate: 1, status: 502 } }, {}, 200)
  })

  it('errorRate 500 (half) and 503 (all, until it clears)', async () => {
    await underFault('money', { errorRate: { rate: 0.5, status: 500 } }, {}, 200)
    await underFault('money', { errorRate: { rate: 1, status: 503 } }, {}, 30)
  })

  it('latency past the client timeout: the request commits after the client gave up', async () => {
    await underFault('money', { latency: { minMs: 300 } }, { timeoutMs: 100 }, 12)
  })

  it('an outage on the provider clock: the breaker holds the queue, probes, and resumes', async () => {
    const now = provider().clock.now()
    await withOutboxRig(provider(), {}, async (rig) => {
      const intents = enqueueIntents(rig, 24)
      await setProviderFaults(provider(), 'money', { outage: { from: now, until: now + 10 * 60_000 } })
      await rig.sender.pump()
      expect(rig.sender.status().breaker.openSince).not.toBeNull()
      expect(rig.rows().some((row) => row.state === 'queued')).toBe(true)
      // The outage ends on the provider's clock, which the outbox's waits move.
      expect(await rig.settle()).toBe(true)
      expect(rig.sender.status().breaker.openSince).toBeNull()
      await expectExactlyOnce(rig, intents)
    })
  })

  it('lookupLag with commitThenDrop: the lookup misses, the same key and body again get the original answer', async () => {
    const rows = await underFault('money', { commitThenDrop: {}, lookupLag: { ms: 60_000 } }, {}, 200)
    expect(rows.some((row) => row.attempts >= 2)).toBe(true)
  })
})
