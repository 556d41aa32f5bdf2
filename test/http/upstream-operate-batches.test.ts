import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, ref } from '../support/harness'
import { clearProviderFaults, setProviderFaults } from '../support/outbox-rig'
import { PROVIDER_KEY, startUpstreamPair, type UpstreamPair } from '../support/upstream-pair'
import { ALL_TIME } from './helpers'

/**
 * Bulk payouts on an environment connected in operate mode: each row becomes an outbox row (its own
 * reference as merchantTransactionId) in the unit that marks it sent, reaches the provider exactly once
 * through faults, and the batch and results.csv follow the outbox rows and then the mirror. "Retry failed"
 * resends only rows the provider conclusively refused or failed.
 */
let pair: UpstreamPair
const asProvider = { authorization: `Bearer ${PROVIDER_KEY}` }

beforeAll(async () => {
  pair = await startUpstreamPair({ upstream: { mode: 'operate', pollSeconds: 3_600 } })
  await pair.sync()
})
afterAll(async () => {
  await pair?.sync()
  await pair?.close()
})

const store = () => pair.paydesk.service.internals.store
const outboxRows = () => store().db.prepare('SELECT merchant_transaction_id AS reference, state FROM upstream_outbox').all() as { reference: string; state: string }[]

async function providerCounts(): Promise<Map<string, number>> {
  const listed = await pair.provider.request('GET', `/v1/transactions?${ALL_TIME}&limit=10000`, { headers: asProvider })
  const counts = new Map<string, number>()
  for (const item of listed.body.data.items as { merchantTransactionId: string | null }[]) {
    if (item.merchantTransactionId) counts.set(item.merchantTransactionId, (counts.get(item.merchantTransactionId) ?? 0) + 1)
  }
  return counts
}

/**
 * Ticks the connected Paydesk until no outbox row waits; an unclear row is looked up at once through
 * POST /console/upstream/outbox/{id}/resolve (what the operator's button does) instead of after its grace.
 */
async function untilOutboxSettled(): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    await pair.paydesk.service.tick()
    const open = store().db.prepare("SELECT id, state FROM upstream_outbox WHERE state IN ('queued', 'sent', 'unknown')").all() as { id: string; state: string }[]
    const queuedRows = (store().db.prepare("SELECT COUNT(*) AS n FROM payout_batch_rows WHERE state = 'queued'").get() as { n: number }).n
    if (open.length === 0 && queuedRows === 0) return
    for (const row of open.filter((r) => r.state === 'unknown')) await pair.console('POST', `/console/upstream/outbox/${row.id}/resolve`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  throw new Error('the outbox did not settle')
}

/** Moves both clocks until the provider's payouts are final, syncs the mirror, and ticks until the batch finished. */
async function untilFinished(id: string): Promise<any> {
  for (let i = 0; i < 20; i++) {
    await pair.advance(30_000)
    await pair.sync()
    await pair.paydesk.service.tick()
    const batch = (await pair.console('GET', `/console/payout-batches/${id}`)).body.data
    if (batch.status === 'completed' || batch.status === 'completed_with_failures') return batch
  }
  throw new Error(`batch ${id} did not finish`)
}

async function setFaults(faults: Record<string, unknown> | null): Promise<void> {
  if (faults === null) return clearProviderFaults(pair.provider)
  await setProviderFaults(pair.provider, 'money', faults)
}

function csvOf(rows: readonly [string, number, string][]): string {
  return `phoneNumber,amount,reference\n${rows.map(([phone, amount, reference]) => `${phone},${amount},${reference}`).join('\n')}\n`
}

describe('bulk payouts on the connected environment', () => {
  it('a batch through commitThenDrop 0.2 + errorRate 0.1: every row once at the provider, results.csv agrees, none needs review', async () => {
    const ROWS = 120
    const prefix = ref('blk')
    const lines = Array.from({ length: ROWS }, (_, i) => [`07${String(12_000_000 + i).padStart(8, '0')}`, 10 + i, `${prefix}-${i}`] as [string, number, string])
    const created = await pair.console('POST', '/console/payout-batches', { name: 'Provider run', csv: csvOf(lines) })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.data.id as string
    await setFaults({ commitThenDrop: { rate: 0.2 }, errorRate: { rate: 0.1, status: 500 } })
    const submitted = await pair.console('POST', `/console/payout-batches/${id}/submit`, {})
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
    await untilOutboxSettled()
    await setFaults(null)

    const references = lines.map(([, , reference]) => reference)
    const counts = await providerCounts()
    expect(references.filter((reference) => counts.get(reference) !== 1)).toEqual([])
    const states = new Map(outboxRows().map((row) => [row.reference, row.state]))
    expect(references.filter((reference) => states.get(reference) !== 'accepted')).toEqual([])
    expect(outboxRows().filter((row) => row.state === 'needs_review')).toEqual([])

    const batch = await untilFinished(id)
    expect(batch).toMatchObject({ status: 'completed', progress: { completed: ROWS, failed: 0 } })
    const csv = await pair.paydesk.request('GET', `/console/payout-batches/${id}/results.csv`, { headers: { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' } })
    expect(csv.status).toBe(200)
    const provider = (await pair.provider.request('GET', `/v1/transactions?${ALL_TIME}&limit=10000`, { headers: asProvider })).body.data.items as { merchantTransactionId: string; publicId: string; status: string }[]
    const byReference = new Map(provider.map((t) => [t.merchantTransactionId, t]))
    const [header, ...body] = (csv.body as string).trim().split(/\r?\n/)
    const columns = header!.split(',')
    const at = (name: string) => columns.indexOf(name)
    expect(body).toHaveLength(ROWS)
    for (const line of body) {
      const cells = line.split(',')
      const upstream = byReference.get(cells[at('reference')]!)!
      expect([cells[at('transactionId')], cells[at('status')]]).toEqual([upstream.publicId, 'completed'])
    }
  }, 60_000)

  it('retry failed sends only the row the provider failed, under a new reference; a batch with an unclear row cannot be retried yet', async () => {
    const prefix = ref('rty')
    // 254700000003: the provider's magic number for a payout that fails (insufficient funds on the handset side).
    const lines: [string, number, string][] = [['0712345678', 50, `${prefix}-ok`], ['254700000003', 60, `${prefix}-fails`]]
    const created = await pair.console('POST', '/console/payout-batches', { name: 'Retry run', csv: csvOf(lines) })
    const id = created.body.data.id as string
    // Every answer dropped after the commit: both rows unclear until looked up.
    await setFaults({ commitThenDrop: { rate: 1 } })
    expect((await pair.console('POST', `/console/payout-batches/${id}/submit`, {})).status).toBe(200)
    for (let i = 0; i < 50 && outboxRows().filter((row) => row.reference.startsWith(prefix) && row.state === 'unknown').length < 2; i++) {
      await pair.paydesk.service.tick()
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect(outboxRows().filter((row) => row.reference.startsWith(prefix)).map((row) => row.state)).toEqual(['unknown', 'unknown'])
    const early = await pair.console('POST', `/console/payout-batches/${id}/retry-failed`)
    expect(early.status).toBe(409)
    expect((await pair.console('GET', `/console/payout-batches/${id}`)).body.data.progress).toMatchObject({ processing: 2, failed: 0 })
    await setFaults(null)
    await untilOutboxSettled()

    const finished = await untilFinished(id)
    expect(finished).toMatchObject({ status: 'completed_with_failures', progress: { completed: 1, failed: 1 } })
    const retried = await pair.console('POST', `/console/payout-batches/${id}/retry-failed`)
    expect(retried.status, JSON.stringify(retried.body)).toBe(200)
    await untilOutboxSettled()
    const counts = await providerCounts()
    expect([counts.get(`${prefix}-ok`), counts.get(`${prefix}-fails`), counts.get(`${prefix}-fails-R1`), counts.get(`${prefix}-ok-R1`)]).toEqual([1, 1, 1, undefined])
  }, 60_000)


  it("the float checked is the provider's balance as mirrored, not the connected environment's own", async () => {
    const top = await pair.provider.request('POST', '/console/funds/top-up', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` }, body: { accountNo: '2200000002', amount: 100_000_000 } })
    expect(top.status).toBe(201)
    await pair.sync()
    const provider = (await pair.provider.request('GET', '/v1/balance?accountNo=2200000002', { headers: asProvider })).body.data
    const created = await pair.console('POST', '/console/payout-batches', { name: 'Float', csv: csvOf([['0712345678', 100, ref('flt')]]) })
    expect(created.body.data).toMatchObject({ accountNo: '2200000002', floatChecked: true, floatAvailable: provider.available, floatSufficient: true })
    const local = store().db.prepare("SELECT available FROM accounts WHERE account_no = '2200000002' AND environment = 'test'").get() as { available: number }
    expect(local.available).not.toBe(provider.available)
  })
})
