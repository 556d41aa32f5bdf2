import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { PushEvent } from '../../shared/api/push-events'
import { createService } from '../../electron/service'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, WEBHOOK_SECRET, fakeClock, testService, withInternals, type TestService } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { acknowledgingTransport, reference, serviceDriver } from '../support/simulator-driver'

const PHONE = '0712345678'
const SECOND = 1_000

let cleanup: (() => void)[] = []
afterEach(() => {
  for (const step of cleanup.reverse()) step()
  cleanup = []
})

function fresh(options: Parameters<typeof testService>[0] = {}) {
  const { service, clock } = testService({ webhookTransport: acknowledgingTransport, ...options })
  cleanup.push(() => service.close())
  return { service, clock, drive: serviceDriver(() => service) }
}

function charge(drive: ReturnType<typeof serviceDriver>, extra: Record<string, unknown> = {}): string {
  const body = { phoneNumber: PHONE, amount: 10_000, merchantTransactionId: reference('chg'), ...extra }
  return drive.ok(drive.api('mobile.charge', { body: body as never })).transactionId
}

describe('tick: finalizing due transactions', () => {
  it('finalizes a charge only once its due time has passed (fast mode: 1-3 s)', async () => {
    const { service, clock, drive } = fresh()
    const id = charge(drive)
    const dueAt = drive.row(id).due_at!
    expect(dueAt - clock.now()).toBeGreaterThanOrEqual(1 * SECOND)
    expect(dueAt - clock.now()).toBeLessThanOrEqual(3 * SECOND)
    clock.set(dueAt - 1)
    await service.tick()
    expect(drive.transaction(id).status).toBe('pending')
    clock.set(dueAt)
    await service.tick()
    const done = drive.transaction(id)
    expect(done.status).toBe('completed')
    expect(done.processorReference).toMatch(/^[A-Z0-9]{10}$/)
    expect(drive.row(id)).toMatchObject({ result_code: '0', due_at: null })
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('finalizes nothing while paused and catches up on resume', async () => {
    const { service, clock, drive } = fresh()
    drive.ok(drive.console('console.simulator.update', { body: { paused: true } }))
    const id = charge(drive)
    clock.advance(10 * SECOND)
    await service.tick()
    expect(drive.transaction(id).status).toBe('pending')
    drive.ok(drive.console('console.simulator.update', { body: { paused: false } }))
    await service.tick()
    expect(drive.transaction(id).status).toBe('completed')
  })

  it('never resolves forceStatus pending', async () => {
    const { service, clock, drive } = fresh()
    const id = charge(drive, { forceStatus: 'pending' })
    expect(drive.row(id).due_at).toBeNull()
    clock.advance(30 * 24 * 3600 * SECOND)
    await service.tick()
    expect(drive.transaction(id).status).toBe('pending')
  })

  it('times realistic mode per DECISIONS: charge 5-30 s, timeout at 60 s, b2c 2-10 s, bank 5-60 s', () => {
    const { drive } = fresh({ simulatorMode: 'realistic' })
    const now = drive.ok(drive.console('console.simulator.get', {})).now
    const delay = (id: string) => drive.row(id).due_at! - now
    for (let i = 0; i < 10; i++) {
      expect(delay(charge(drive))).toBeGreaterThanOrEqual(5 * SECOND)
      expect(delay(charge(drive))).toBeLessThanOrEqual(30 * SECOND)
      const b2c = drive.ok(drive.api('mobile.b2c', { body: { phoneNumber: PHONE, amount: 100, merchantTransactionId: reference('b2c') } })).transactionId
      expect(delay(b2c)).toBeGreaterThanOrEqual(2 * SECOND)
      expect(delay(b2c)).toBeLessThanOrEqual(10 * SECOND)
    }
    expect(delay(charge(drive, { phoneNumber: '254700000002' }))).toBe(60 * SECOND)
  })
})

describe('ledger and webhook events of each final state', () => {
  it('a completed charge credits collections pending net of fees, schedules settlement, and enqueues transaction.succeeded', async () => {
    const { service, clock, drive } = fresh()
    const collections = drive.account('collections')
    const id = charge(drive, { amount: 1_000_000, webhookUrl: 'https://merchant.example/hooks' })
    clock.advance(3 * SECOND)
    await service.tick()
    // 0.55% of 1,000,000 = 5,500 minor units.
    const after = drive.ok(drive.api('balance.get', { query: { accountNo: collections.accountNo } }))
    expect(after).toMatchObject({ available: collections.available, pending: collections.pending + 994_500 })
    expect(drive.row(id).settle_due_at).toBe(clock.now() + 10 * SECOND)
    const events = drive.webhookEvents(id)
    expect(events.map((e) => e.type)).toEqual(['transaction.succeeded'])
    expect(events[0]!.data).toMatchObject({ id, status: 'completed', externalReference: expect.stringMatching(/^[A-Z0-9]{10}$/) })
    expect(events[0]!.error).toBeUndefined()
    clock.advance(10 * SECOND)
    await service.tick()
    expect(drive.transaction(id).status).toBe('settled')
    expect(drive.ok(drive.api('balance.get', { query: { accountNo: collections.accountNo } }))).toMatchObject({
      available: collections.available + 994_500, pending: collections.pending,
    })
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('a failed charge moves nothing and enqueues transaction.failed with the M-Pesa code and text', async () => {
    const { service, clock, drive } = fresh()
    const before = drive.account('collections')
    const id = charge(drive, { phoneNumber: '254700000001' })
    clock.advance(3 * SECOND)
    await service.tick()
    expect(drive.transaction(id)).toMatchObject({ status: 'failed', message: 'Request cancelled by user.', processorReference: null })
    expect(drive.account('collections')).toMatchObject({ available: before.available, pending: before.pending })
    const events = drive.webhookEvents(id)
    expect(events.map((e) => e.type)).toEqual(['transaction.failed'])
    expect(events[0]!.error).toEqual({ code: '1032', message: 'Request cancelled by user.' })
  })

  it('payouts consume their reservation on success and release it on failure, with payout.* events', async () => {
    const { service, clock, drive } = fresh()
    const payouts = drive.account('payouts')
    const sent = drive.ok(drive.api('mobile.b2c', { body: { phoneNumber: PHONE, amount: 100_000, merchantTransactionId: reference('b2c') } })).transactionId
    const refused = drive.ok(drive.api('mobile.b2b', {
      body: { amount: 300_000, accountNumber: '123456', accountNumberType: 'till', merchantTransactionId: reference('b2b'), forceStatus: 'failed' },
    })).transactionId
    // Reserved at acceptance: b2c 100,000 + 500 fee (band up to 1,500 KES); b2b 300,000 + 3,000 fee (band up to 10,000 KES).
    expect(drive.account('payouts')).toMatchObject({ available: payouts.available - 100_500 - 303_000, pending: 403_500 })
    clock.advance(3 * SECOND)
    await service.tick()
    expect(drive.account('payouts')).toMatchObject({ available: payouts.available - 100_500, pending: 0 })
    expect(drive.webhookEvents(sent).map((e) => e.type)).toEqual(['payout.succeeded'])
    expect(drive.webhookEvents(refused).map((e) => [e.type, e.error?.code])).toEqual([['payout.failed', '1001']])
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('a reversal completes with the charge refunded in full, is linked both ways, and enqueues transaction.reversed for the charge', async () => {
    const { service, clock, drive } = fresh()
    const collections = drive.account('collections')
    const chargeId = charge(drive, { amount: 50_000, webhookUrl: 'https://merchant.example/charge' })
    clock.advance(3 * SECOND)
    await service.tick()
    const reversalId = drive.ok(drive.api('mobile.reverse', { body: { transactionId: chargeId } })).transactionId
    expect(drive.row(reversalId).related_id).toBe(drive.row(chargeId).id)
    expect(drive.row(chargeId).related_id).toBe(drive.row(reversalId).id)
    clock.advance(3 * SECOND)
    await service.tick()
    expect(drive.transaction(reversalId)).toMatchObject({ status: 'completed', processorReference: expect.stringMatching(/^[A-Z0-9]{10}$/) })
    // The merchant gave back the net it got (50,000 - 275 fee); nothing is left anywhere.
    expect(drive.account('collections')).toMatchObject({ available: collections.available, pending: collections.pending })
    const reversed = drive.webhookEvents(chargeId).filter((e) => e.type === 'transaction.reversed')
    expect(reversed).toHaveLength(1)
    expect(reversed[0]!.data).toMatchObject({ id: chargeId, status: 'settled', reversalId })
    expect(drive.webhookEvents(reversalId)).toEqual([])
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })

  it('a failed reversal releases its reservation and enqueues transaction.failed for the reversal', async () => {
    const { service, clock, drive } = fresh()
    const chargeId = charge(drive, { amount: 50_000 })
    clock.advance(3 * SECOND)
    await service.tick()
    const reversalId = drive.ok(drive.api('mobile.reverse', { body: { transactionId: chargeId, forceStatus: 'failed' } })).transactionId
    const reserved = drive.account('collections')
    expect(reserved.pending).toBe(49_725)
    clock.advance(3 * SECOND)
    await service.tick()
    expect(drive.transaction(reversalId)).toMatchObject({ status: 'failed', processorReference: null })
    expect(drive.account('collections')).toMatchObject({ available: 49_725, pending: 0 })
    expect(drive.webhookEvents(reversalId).map((e) => [e.type, e.error?.code])).toEqual([['transaction.failed', '1001']])
    expect(drive.webhookEvents(chargeId).map((e) => e.type)).toEqual(['transaction.succeeded'])
  })
})

describe('push events', () => {
  it('tells the console about every state and balance change, after the change is committed', async () => {
    const { service, clock, drive } = fresh()
    const seen: PushEvent[] = []
    service.onEvent((event) => {
      // Delivered after commit: the row already shows what the event says.
      if (event.type === 'transaction.changed') expect(drive.transaction(event.transactionId).status).toBe(event.status)
      seen.push(event)
    })
    const id = charge(drive)
    clock.advance(3 * SECOND)
    await service.tick()
    clock.advance(10 * SECOND)
    await service.tick()
    const collections = drive.account('collections').accountNo
    expect(seen.filter((e) => e.type === 'transaction.changed').map((e) => e.type === 'transaction.changed' && [e.transactionId, e.status])).toEqual([
      [id, 'pending'], [id, 'completed'], [id, 'settled'],
    ])
    expect(seen.filter((e) => e.type === 'balance.changed' && e.accountNo === collections)).toHaveLength(2)
  })
})

describe('restarts', () => {
  it('resumes due work from SQLite after a restart and finalizes nothing twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-sim-'))
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
    const clock = fakeClock()
    const open = () => withInternals(createService({ dbPath: join(dir, 'paydesk.db'), now: clock.now, apiKey: TEST_KEY, liveApiKey: LIVE_KEY, consoleToken: CONSOLE_TOKEN, webhookSecret: WEBHOOK_SECRET, webhookTransport: acknowledgingTransport }))
    let service: TestService = open()
    cleanup.push(() => service.close())
    const drive = serviceDriver(() => service)
    const ids = Array.from({ length: 6 }, () => charge(drive))
    // The clock jump persists: the simulated offset is stored, so time does not go back after the restart.
    drive.ok(drive.console('console.simulator.advance', { body: { ms: 2 * SECOND } }))
    await service.tick()
    const before = ids.map((id) => drive.transaction(id).status)
    service.close()
    service = open()
    expect(drive.ok(drive.console('console.simulator.get', {})).clockOffsetMs).toBe(2 * SECOND)
    expect(ids.map((id) => drive.transaction(id).status)).toEqual(before)
    clock.advance(1 * SECOND)
    await service.tick()
    await service.tick()
    for (const id of ids) {
      expect(drive.transaction(id).status).toBe('completed')
      const statuses = service.internals.store.transactions.events(drive.row(id).id).map((e) => e.status)
      expect(statuses).toEqual(['pending', 'completed'])
      expect(drive.webhookEvents(id).map((e) => e.type)).toEqual(['transaction.succeeded'])
    }
    expect(ledgerViolations(service.internals.store)).toEqual([])
  })
})
