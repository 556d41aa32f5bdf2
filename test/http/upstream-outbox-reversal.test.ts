import { describe, expect, it } from 'vitest'
import { runUnit } from '../../electron/service/core/unit'
import { outboxIdempotencyKey } from '../../electron/service/upstream/outbox/keys'
import { reversalReference } from '../../electron/service/upstream/outbox/reversal'
import { TEST_KEY } from '../support/harness'
import { clearProviderFaults, faultLabProvider, outboxRig, setProviderFaults, withOutboxRig } from '../support/outbox-rig'
import { b2cBody, chargeBody } from './helpers'

/**
 * Reversals through the outbox against a second Paydesk as the provider, through its fault lab: each charge
 * is reversed exactly once at the provider (its reversals counted there, by the charge they name), every row
 * ends accepted (or rejected, for the payout the provider will not reverse) once the fault clears.
 */
const provider = faultLabProvider()

type Rig = ReturnType<typeof outboxRig>

/** Completed charges (and one payout) made at the provider, as the merchant's customers paid them. */
async function providerTransactions(count: number): Promise<{ charges: string[]; payout: string }> {
  const charges: string[] = []
  for (let i = 0; i < count; i++) {
    const made = await provider().request('POST', '/v1/mobile/charge', { body: chargeBody({ amount: 10_000 + 100 * i }) })
    expect(made.status).toBe(202)
    charges.push(made.body.data.transactionId)
  }
  const payout = await provider().request('POST', '/v1/mobile/b2c', { body: b2cBody() })
  provider().clock.advance(60_000)
  await provider().service.tick()
  return { charges, payout: payout.body.data.transactionId }
}

/** The provider's reversals of each transaction id: how many it holds (the charge it names, in its own store). */
function reversalsAtProvider(ids: readonly string[]): { counts: number[]; publicIds: (string | null)[] } {
  const db = provider().service.internals.store.db
  const rows = ids.map((id) => db.prepare(`SELECT r.public_id AS publicId FROM transactions r JOIN transactions c ON c.id = r.related_id
    WHERE r.type = 'reversal' AND c.public_id = ?`).all(id) as { publicId: string }[])
  return { counts: rows.map((r) => r.length), publicIds: rows.map((r) => r[0]?.publicId ?? null) }
}

async function reversalIntents(rig: Rig, count = 6) {
  const made = await providerTransactions(count)
  for (const id of made.charges) rig.enqueue('mobile.reverse', { transactionId: id, narration: 'Refund' })
  rig.enqueue('mobile.reverse', { transactionId: made.payout })
  return made
}

/** Each charge reversed once at the provider, its row accepted with that reversal's id; the payout's row rejected. */
function expectReversedOnce(rig: Rig, made: { charges: string[]; payout: string }): void {
  const atProvider = reversalsAtProvider(made.charges)
  expect(atProvider.counts).toEqual(made.charges.map(() => 1))
  expect(reversalsAtProvider([made.payout]).counts).toEqual([0])
  const rows = new Map(rig.rows().map((row) => [row.merchant_transaction_id, row]))
  expect(made.charges.map((id) => rows.get(reversalReference(id))?.state)).toEqual(made.charges.map(() => 'accepted'))
  expect(made.charges.map((id) => rows.get(reversalReference(id))?.transaction_id)).toEqual(atProvider.publicIds)
  const refused = rows.get(reversalReference(made.payout))!
  expect(refused.state).toBe('rejected')
  expect(JSON.parse(refused.last_error!)).toMatchObject({ type: 'invalid_request_error', param: 'transactionId' })
}

async function underFault(faults: Record<string, unknown>, rigOptions: Parameters<typeof outboxRig>[1] = {}, roundsWithFault = 40) {
  return await withOutboxRig(provider(), rigOptions, async (rig) => {
    const made = await reversalIntents(rig)
    await setProviderFaults(provider(), 'money', faults)
    await rig.settle(roundsWithFault)
    await clearProviderFaults(provider())
    expect(await rig.settle()).toBe(true)
    expectReversedOnce(rig, made)
    return rig.rows()
  })
}

describe('a reversal intent', () => {
  it('is keyed by the organization and the original transaction: one row per charge, a second refused naming it', async () => {
    await withOutboxRig(provider(), {}, async (rig) => {
      const row = rig.enqueue('mobile.reverse', { transactionId: 'txn_original1' })
      expect(row.merchant_transaction_id).toBe('reversal:txn_original1')
      expect(row.idempotency_key).toBe(outboxIdempotencyKey(rig.scope.organizationId, 'reversal:txn_original1'))
      expect(row.idempotency_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(row.idempotency_key).not.toBe(outboxIdempotencyKey(rig.scope.organizationId, 'txn_original1'))
      expect(row.idempotency_key).not.toBe(outboxIdempotencyKey('org_other', 'reversal:txn_original1'))
      expect(() => rig.enqueue('mobile.reverse', { transactionId: 'txn_original1', narration: 'again' })).toThrow(new RegExp(`outbox row ${row.id} \\(queued\\)`))
      expect(() => rig.enqueue('mobile.reverse', {})).toThrow(/transactionId/)
      expect(rig.rows()).toHaveLength(1)
    })
  })
})

describe('after the provider refused a reversal', () => {
  it('a new request is a new intent (reference :2, its own key); an accepted or waiting one still refuses a second', async () => {
    await withOutboxRig(provider(), {}, async (rig) => {
      const made = await reversalIntents(rig, 1)
      expect(await rig.settle()).toBe(true)
      const again = rig.enqueue('mobile.reverse', { transactionId: made.payout, narration: 'Try again' })
      expect(again.merchant_transaction_id).toBe(`reversal:${made.payout}:2`)
      expect(again.idempotency_key).toBe(outboxIdempotencyKey(rig.scope.organizationId, `reversal:${made.payout}:2`))
      expect(again.idempotency_key).not.toBe(outboxIdempotencyKey(rig.scope.organizationId, reversalReference(made.payout)))
      expect(() => rig.enqueue('mobile.reverse', { transactionId: made.payout })).toThrow(new RegExp(`outbox row ${again.id} \\(queued\\)`))
      expect(() => rig.enqueue('mobile.reverse', { transactionId: made.charges[0] })).toThrow(/\(accepted\)/)
      expect(await rig.settle()).toBe(true)
      expect(rig.rows().find((row) => row.id === again.id)?.state).toBe('rejected')
      expect(reversalsAtProvider([made.payout]).counts).toEqual([0])
      expect(reversalsAtProvider(made.charges).counts).toEqual([1])
    })
  })
})

describe('reversals are applied exactly once at the provider', () => {
  it('with no fault: one send each', async () => {
    const rows = await underFault({}, {}, 0)
    expect(rows.every((row) => row.attempts === 1)).toBe(true)
  })

  it('commitThenDrop: every answer lost after the commit; the charge settles nothing, the same key replays the reversal', async () => {
    const rows = await underFault({ commitThenDrop: {} }, {}, 200)
    expect(rows.filter((row) => row.state === 'accepted').every((row) => row.attempts >= 2)).toBe(true)
  })

  it('commitThenError 500 and 502', async () => {
    await underFault({ commitThenError: { rate: 0.6, status: 500 } }, {}, 200)
    await underFault({ commitThenError: { rate: 1, status: 502 } }, {}, 200)
  })

  it('errorRate 500 (half) and 503 (all, until it clears)', async () => {
    await underFault({ errorRate: { rate: 0.5, status: 500 } }, {}, 200)
    await underFault({ errorRate: { rate: 1, status: 503 } }, {}, 30)
  })

  it('latency past the client timeout: the reversal commits after the client gave up', async () => {
    await underFault({ latency: { minMs: 300 } }, { timeoutMs: 100 }, 12)
  })

  it('an outage on the provider clock: the breaker holds them, probes, and resumes', async () => {
    await withOutboxRig(provider(), {}, async (rig) => {
      const made = await reversalIntents(rig)
      const now = provider().clock.now()
      await setProviderFaults(provider(), 'money', { outage: { from: now, until: now + 10 * 60_000 } })
      await rig.sender.pump()
      expect(rig.sender.status().breaker.openSince).not.toBeNull()
      expect(await rig.settle()).toBe(true)
      expectReversedOnce(rig, made)
    })
  })
})

describe('settling a reversal', () => {
  it('commitThenDrop: the lookup reads the charge (found settles nothing), the resend replays the first answer', async () => {
    await withOutboxRig(provider(), {}, async (rig) => {
      const made = await providerTransactions(1)
      const row = rig.enqueue('mobile.reverse', { transactionId: made.charges[0] })
      await setProviderFaults(provider(), 'money', { commitThenDrop: {} })
      await rig.sender.pump()
      await clearProviderFaults(provider())
      expect(await rig.settle()).toBe(true)
      const attempts = rig.service.internals.store.upstreamOutbox.attempts(row.id).map((a) => [a.kind, a.status, a.outcome])
      expect(attempts).toEqual([['send', null, 'unknown'], ['lookup', 200, 'charge_found'], ['send', 202, 'accepted']])
      expect(reversalsAtProvider(made.charges).counts).toEqual([1])
      expect(rig.rows()[0]).toMatchObject({ state: 'accepted', transaction_id: reversalsAtProvider(made.charges).publicIds[0] })
    })
  })

  it('a charge already reversed at the provider (a key it no longer keeps, or another system): 409 adopted, the provider\'s words kept', async () => {
    await withOutboxRig(provider(), {}, async (rig) => {
      const made = await providerTransactions(1)
      const elsewhere = await provider().request('POST', '/v1/mobile/reverse', { body: { transactionId: made.charges[0] } })
      expect(elsewhere.status).toBe(202)
      rig.enqueue('mobile.reverse', { transactionId: made.charges[0] })
      expect(await rig.settle()).toBe(true)
      const [row] = rig.rows()
      expect(row).toMatchObject({ state: 'accepted', attempts: 1 })
      expect(JSON.parse(row!.last_error!)).toMatchObject({ type: 'conflict_error' })
      expect(row!.last_error).toContain(elsewhere.body.data.transactionId)
      expect(reversalsAtProvider(made.charges).counts).toEqual([1])
    })
  })

  it('a restart after the POST reached the provider: the row left sent is settled by the same key, never a second reversal', async () => {
    await withOutboxRig(provider(), {}, async (rig) => {
      const made = await providerTransactions(1)
      const row = rig.enqueue('mobile.reverse', { transactionId: made.charges[0] })
      const store = rig.service.internals.store
      runUnit(rig.service.internals.engine, rig.time.now(), () => store.upstreamOutbox.change(row.id, rig.time.now(), { state: 'sent', sending: true }))
      // What the process that died had sent: the row's own bytes under its key.
      const reached = await fetch(`${provider().url}/v1/mobile/reverse`, {
        method: 'POST', body: row.body, headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', 'idempotency-key': row.idempotency_key },
      })
      expect(reached.status).toBe(202)
      expect(rig.sender.recover()).toBe(1)
      expect(await rig.settle()).toBe(true)
      expect(reversalsAtProvider(made.charges).counts).toEqual([1])
      expect(rig.rows()[0]).toMatchObject({ state: 'accepted', transaction_id: ((await reached.json()) as { data: { transactionId: string } }).data.transactionId })
    })
  })
})
