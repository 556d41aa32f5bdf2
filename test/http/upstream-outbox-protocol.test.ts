import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runUnit } from '../../electron/service/core/unit'
import type { OutboxRecord } from '../../electron/service/db/upstream-outbox-repo'
import { outboxIdempotencyKey, uuidV5 } from '../../electron/service/upstream/outbox/keys'
import { createOutboxSender } from '../../electron/service/upstream/outbox/sender'
import { TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { faultLabProvider, outboxRig, providerCounts, setProviderFaults, withOutboxRig } from '../support/outbox-rig'
import { b2cBody, chargeBody } from './helpers'

/**
 * The outbox's protocol against a second Paydesk as the provider: a restart settles what was in flight
 * before anything new leaves, 401 pauses, 409s are adopted or sent to review, 24 hours of unknown is
 * needs_review, the provider's rate limit (429) is waited out. Counted at the provider by merchantTransactionId.
 */
const provider = faultLabProvider()

/** Sends a row's own bytes straight to the provider (what a process that died mid-request had sent). */
async function postDirectly(server: TestServer, row: OutboxRecord, key: string | null, body = row.body) {
  const path = row.route === 'mobile.b2c' ? '/v1/mobile/b2c' : '/v1/mobile/charge'
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST', body, headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
  })
  return { status: response.status, body: await response.json() }
}

describe('the Idempotency-Key', () => {
  it('is a UUIDv5 of the organization and the reference: the same after any restart, another for another reference', () => {
    // RFC 9562's example: the DNS namespace and www.example.com.
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2')
    expect(outboxIdempotencyKey('org_a', 'ref-1')).toBe(outboxIdempotencyKey('org_a', 'ref-1'))
    expect(outboxIdempotencyKey('org_a', 'ref-1')).not.toBe(outboxIdempotencyKey('org_b', 'ref-1'))
    expect(outboxIdempotencyKey('org_a', 'ref-1')).not.toBe(outboxIdempotencyKey('org_a', 'ref-2'))
  })

  it('one row per intent: the same reference again is refused, never re-keyed', async () => {
    await withOutboxRig(provider(), {}, async (rig) => {
      const body = b2cBody()
      rig.enqueue('mobile.b2c', body)
      expect(() => rig.enqueue('mobile.b2c', { ...body, amount: 5 })).toThrow(/already sent/)
      expect(() => rig.enqueue('mobile.b2c', { phoneNumber: '254712345678', amount: 100 })).toThrow(/merchantTransactionId/)
      expect(rig.rows()).toHaveLength(1)
    })
  })
})

describe('the outbox protocol', () => {
  it('a restart: rows left sent become unknown and settle (found -> adopted, not found -> resent) before a queued row leaves', async () => {
    await withOutboxRig(provider(), {}, async (rig) => {
      const reached = rig.enqueue('mobile.b2c', b2cBody())
      const lost = rig.enqueue('mobile.charge', chargeBody())
      const waiting = rig.enqueue('mobile.b2c', b2cBody())
      const store = rig.service.internals.store
      for (const row of [reached, lost]) runUnit(rig.service.internals.engine, rig.time.now(), () => store.upstreamOutbox.change(row.id, rig.time.now(), { state: 'sent', sending: true }))
      expect((await postDirectly(provider(), reached, reached.idempotency_key)).status).toBe(202)

      const calls: string[] = []
      const port = {
        request: (cls: 'money', method: string, path: string, init?: { query?: Record<string, string>; body?: unknown }) => {
          calls.push(`${method} ${(init?.body as { merchantTransactionId?: string } | undefined)?.merchantTransactionId ?? init?.query?.['merchantTransactionId']}`)
          return rig.client.request(cls, method, path, init)
        },
        keyRefusedAt: rig.client.keyRefusedAt,
      }
      rig.sender = createOutboxSender({ runner: rig.service.internals.engine, scope: rig.scope, provider: port, now: rig.time.now, graceMs: 7_000 })
      expect(rig.sender.recover()).toBe(2)
      expect(rig.rows().filter((row) => row.state === 'unknown').map((row) => row.id).sort()).toEqual([reached.id, lost.id].sort())
      expect(await rig.settle()).toBe(true)

      const ref = (row: OutboxRecord) => row.merchant_transaction_id
      expect(calls.indexOf(`POST ${ref(waiting)}`)).toBeGreaterThan(calls.lastIndexOf(`POST ${ref(lost)}`))
      expect(calls.indexOf(`POST ${ref(waiting)}`)).toBeGreaterThan(calls.indexOf(`GET ${ref(reached)}`))
      expect(calls.filter((call) => call === `POST ${ref(reached)}`)).toEqual([])
      const counts = await providerCounts(provider())
      expect([reached, lost, waiting].map((row) => counts.get(ref(row)))).toEqual([1, 1, 1])
      expect(rig.rows().map((row) => row.state)).toEqual(['accepted', 'accepted', 'accepted'])
    })
  })

  it('401: nothing is sent, rows stay queued, the sender pauses (no retry loop)', async () => {
    await withOutboxRig(provider(), { key: 'sk_test_refused000000000000000001' }, async (rig) => {
      const row = rig.enqueue('mobile.b2c', b2cBody())
      await rig.sender.pump()
      await rig.sender.pump()
      expect(rig.sender.status().keyRefusedAt).not.toBeNull()
      expect(rig.rows().map((r) => r.state)).toEqual(['queued'])
      expect(rig.service.internals.store.upstreamOutbox.attempts(row.id)).toHaveLength(1)
      expect((await providerCounts(provider())).get(row.merchant_transaction_id)).toBeUndefined()
    })
  })

  it('409 duplicate for the reference: looked up and adopted, nothing sent twice', async () => {
    await withOutboxRig(provider(), {}, async (rig) => {
      const row = rig.enqueue('mobile.b2c', b2cBody())
      const first: { status: number; body: any } = await postDirectly(provider(), row, null)
      expect(first.status).toBe(202)
      expect(await rig.settle()).toBe(true)
      const [settled] = rig.rows()
      expect(settled).toMatchObject({ state: 'accepted', transaction_id: first.body.data.transactionId })
      expect(rig.service.internals.store.upstreamOutbox.attempts(row.id).map((a) => [a.kind, a.status, a.outcome])).toEqual([['send', 409, 'duplicate'], ['lookup', 200, 'found']])
      expect((await providerCounts(provider())).get(row.merchant_transaction_id)).toBe(1)
    })
  })

  it('409 for the key with another body: needs_review at once, never re-keyed, and the operator hears of it', async () => {
    const reviewed: string[] = []
    await withOutboxRig(provider(), { sender: { onNeedsReview: (row) => reviewed.push(row.id) } }, async (rig) => {
      const row = rig.enqueue('mobile.b2c', b2cBody())
      const other = JSON.stringify({ ...JSON.parse(row.body), amount: 4_242 })
      expect((await postDirectly(provider(), row, outboxIdempotencyKey(rig.scope.organizationId, row.merchant_transaction_id), other)).status).toBe(202)
      expect(await rig.settle()).toBe(true)
      expect(rig.rows()[0]).toMatchObject({ state: 'needs_review', attempts: 1 })
      expect(JSON.parse(rig.rows()[0]!.last_error!)).toMatchObject({ type: 'idempotency_error' })
      expect(reviewed).toEqual([row.id])
      const bell = rig.service.internals.store.db.prepare("SELECT source, title, link FROM notifications WHERE kind = 'outbox_needs_review'").all()
      expect(bell).toEqual([{ source: row.id, title: 'A payment to the provider needs review', link: '/provider/outbox' }])
    })
  })

  it('unknown for 24 hours (every send and lookup fails): needs_review, nothing created', async () => {
    await withOutboxRig(provider(), {}, async (rig) => {
      const rows = [rig.enqueue('mobile.b2c', b2cBody()), rig.enqueue('mobile.charge', chargeBody())]
      await setProviderFaults(provider(), 'money', { errorRate: { rate: 1, status: 500 } })
      await setProviderFaults(provider(), 'transactions.get', { errorRate: { rate: 1, status: 503 } })
      const started = rig.time.now()
      expect(await rig.settle(5_000)).toBe(true)
      expect(rig.time.now() - started).toBeGreaterThanOrEqual(24 * 3_600_000)
      expect(rig.rows().map((row) => row.state)).toEqual(['needs_review', 'needs_review'])
      expect(rig.rows()[0]!.last_error).toMatch(/still unknown after 24 hours/)
      const counts = await providerCounts(provider())
      expect(rows.map((row) => counts.get(row.merchant_transaction_id))).toEqual([undefined, undefined])
    })
  })
})

describe('the provider rate limit', () => {
  let limited: TestServer
  beforeAll(async () => {
    limited = await startTestServer({ rateLimitPerMinute: 30 })
  })
  afterAll(async () => {
    await limited.close()
  })

  it('429s pause the whole client for Retry-After; every intent once, all accepted', async () => {
    const statuses: number[] = []
    const rig = outboxRig(limited, { ratePerMinute: 6_000, statuses })
    try {
      const refs = Array.from({ length: 40 }, (_, i) => rig.enqueue('mobile.b2c', b2cBody({ amount: 1_000 + i })).merchant_transaction_id)
      const started = rig.time.now()
      expect(await rig.settle()).toBe(true)
      // Sent faster than the provider allows: it answered 429s, and the outbox waited them out instead of failing anything.
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0)
      expect(statuses.filter((status) => status === 202)).toHaveLength(40)
      expect(rig.time.now()).toBeGreaterThan(started)
      expect(rig.rows().every((row) => row.state === 'accepted' && row.attempts === 1)).toBe(true)
      limited.clock.advance(120_000)
      const counts = await providerCounts(limited)
      expect(refs.map((ref) => counts.get(ref))).toEqual(refs.map(() => 1))
    } finally {
      rig.close()
    }
  })

  it('paced at 90 % of a limit of 120 a minute: 150 payouts with at most 1 % of calls answered 429, each once', async () => {
    const paced = await startTestServer({ rateLimitPerMinute: 120 })
    const statuses: number[] = []
    const rig = outboxRig(paced, { ratePerMinute: 120, statuses })
    try {
      const refs = Array.from({ length: 150 }, (_, i) => rig.enqueue('mobile.b2c', b2cBody({ amount: 1_000 + i })).merchant_transaction_id)
      const started = rig.time.now()
      expect(await rig.settle()).toBe(true)
      expect(statuses.filter((status) => status === 429).length).toBeLessThanOrEqual(statuses.length / 100)
      // 150 calls at 108 a minute (after a first burst of 9) take over a minute of the provider's time.
      expect(rig.time.now() - started).toBeGreaterThan(60_000)
      expect(rig.rows().every((row) => row.state === 'accepted' && row.attempts === 1)).toBe(true)
      paced.clock.advance(120_000)
      const counts = await providerCounts(paced)
      expect(refs.map((ref) => counts.get(ref))).toEqual(refs.map(() => 1))
    } finally {
      rig.close()
      await paced.close()
    }
  })
})
