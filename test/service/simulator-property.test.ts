import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ForceStatus } from '../../shared/schemas/common'
import type { PromptAnswer, SimulatorMode } from '../../shared/schemas/simulator'
import { createService } from '../../electron/service'
import type { Store } from '../../electron/service/db/store'
import { canTransition } from '../../electron/service/domain/transaction-states'
import { isFinal } from '../../shared/transaction-states'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, WEBHOOK_SECRET, fakeClock, withInternals, type TestService } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { acknowledgingTransport, reference, serviceDriver } from '../support/simulator-driver'

/**
 * Random sequences of everything that moves money or time (charges, payouts, reversals, top-ups, sweeps,
 * prompt answers, mode changes, pauses, settlements, clock jumps, ticks and restarts on the same SQLite
 * file), checking the lifecycle and ledger guarantees after every step.
 */

const PHONES = ['0712345678', '0798765432', '254700000001', '254700000002', '254700000003', '254700000004'] as const
const FORCES: readonly (ForceStatus | null)[] = [null, null, null, 'success', 'failed', 'cancelled', 'timeout', 'insufficient_funds', 'wrong_pin', 'pending']

type Op =
  | { kind: 'charge'; shillings: number; phone: number; force: ForceStatus | null }
  | { kind: 'b2c' | 'b2b' | 'bank'; amount: number; phone: number; force: ForceStatus | null }
  | { kind: 'reverse'; pick: number; force: ForceStatus | null }
  | { kind: 'topUp'; amount: number; target: 'collections' | 'payouts' }
  | { kind: 'sweep'; amount: number }
  | { kind: 'answer'; pick: number; answer: PromptAnswer }
  | { kind: 'mode'; mode: SimulatorMode }
  | { kind: 'pause'; paused: boolean }
  | { kind: 'settle'; pick: number | null }
  | { kind: 'settlementDelay'; ms: number | null }
  | { kind: 'advance'; ms: number; via: 'host' | 'console'; thenTick: boolean }
  | { kind: 'tick' }
  | { kind: 'restart' }

const force = fc.constantFrom(...FORCES)
// Reversals mostly succeed, so runs get to both ends of a reversal's life.
const reversalForce = fc.constantFrom<ForceStatus | null>(null, null, null, 'success', 'failed', 'timeout', 'pending')
const payoutAmount = fc.integer({ min: 1, max: 15_000_000 })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('charge' as const), shillings: fc.integer({ min: 10, max: 60_000 }), phone: fc.nat(PHONES.length - 1), force }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('b2c' as const, 'b2b' as const, 'bank' as const), amount: payoutAmount, phone: fc.nat(PHONES.length - 1), force }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(), force: reversalForce }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('topUp' as const), amount: fc.integer({ min: 1, max: 20_000_000 }), target: fc.constantFrom('collections' as const, 'payouts' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const), amount: fc.integer({ min: 1, max: 3_000_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(), answer: fc.constantFrom<PromptAnswer>('approve', 'wrong_pin', 'cancel') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('mode' as const), mode: fc.constantFrom<SimulatorMode>('fast', 'realistic', 'interactive') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pause' as const), paused: fc.constantFrom(false, false, true) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const), pick: fc.option(fc.nat(), { nil: null }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settlementDelay' as const), ms: fc.option(fc.integer({ min: 0, max: 120_000 }), { nil: null }) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 70_000 }), via: fc.constantFrom('host' as const, 'console' as const), thenTick: fc.constantFrom(true, true, false) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'tick' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
)

const ALLOWED_STATUSES: Record<string, readonly string[]> = {
  charge: ['pending', 'completed', 'failed', 'settled'],
  transfer: ['pending', 'completed', 'failed', 'rejected'],
  payment: ['pending', 'completed', 'failed', 'rejected'],
  bank_withdrawal: ['pending', 'completed', 'failed', 'rejected'],
  reversal: ['pending', 'completed', 'failed', 'rejected'],
  bank_deposit: ['completed'],
  settlement: ['completed'],
}
const RESULT_STATUSES = new Set(['completed', 'failed', 'rejected'])
const RESULT_EVENTS: Record<string, readonly string[]> = {
  charge: ['transaction.succeeded', 'transaction.failed'],
  transfer: ['payout.succeeded', 'payout.failed', 'transaction.creation_failed'],
  payment: ['payout.succeeded', 'payout.failed', 'transaction.creation_failed'],
  bank_withdrawal: ['payout.succeeded', 'payout.failed', 'transaction.creation_failed'],
  reversal: ['transaction.failed', 'transaction.creation_failed'],
}

/** Whether `to` can follow `from` within one step (a tick may complete and settle a charge at once). */
function reachable(from: string, to: string): boolean {
  return from === to || canTransition(from, to) || (canTransition(from, 'completed') && canTransition('completed', to))
}

interface TxRow { id: number; public_id: string; type: string; status: string; due_at: number | null; settle_due_at: number | null; related_id: number | null }

/** Every guarantee, checked against the database. `observed` remembers each transaction's last status. */
function checkInvariants(store: Store, observed: Map<string, string>, dueWorkDone: { now: number } | null): void {
  expect(ledgerViolations(store)).toEqual([])
  const rows = store.db.prepare('SELECT id, public_id, type, status, due_at, settle_due_at, related_id FROM transactions ORDER BY id').all() as TxRow[]
  const byId = new Map(rows.map((r) => [r.id, r]))
  for (const row of rows) {
    const where = `${row.type} ${row.public_id}`
    expect(ALLOWED_STATUSES[row.type], where).toContain(row.status)
    const before = observed.get(row.public_id)
    if (before !== undefined) {
      if (isFinal({ type: row.type, status: before })) expect(row.status, `${where} was final (${before})`).toBe(before)
      expect(reachable(before, row.status), `${where}: ${before} -> ${row.status}`).toBe(true)
    }
    observed.set(row.public_id, row.status)
    // The timeline follows the state machine, ends in the current status, and holds one result at most.
    const timeline = store.transactions.events(row.id).map((e) => e.status)
    for (let i = 1; i < timeline.length; i++) expect(canTransition(timeline[i - 1]!, timeline[i]!), `${where} timeline ${timeline.join(' > ')}`).toBe(true)
    expect(timeline.at(-1), where).toBe(row.status)
    expect(timeline.filter((s) => RESULT_STATUSES.has(s)).length, `${where} timeline ${timeline.join(' > ')}`).toBeLessThanOrEqual(1)
    // Exactly one result event in the outbox once the result is known, none before.
    const family = RESULT_EVENTS[row.type]
    if (family) {
      const results = store.webhooks.eventsOfTransaction(row.id).filter((e) => family.includes(e.type))
      const expected = row.status === 'pending' || (row.type === 'reversal' && row.status === 'completed') ? 0 : 1
      expect(results.length, `${where} result events`).toBe(expected)
    }
    if (row.type === 'reversal' && row.status === 'completed') {
      const charge = byId.get(row.related_id!)!
      const reversed = store.webhooks.eventsOfTransaction(charge.id).filter((e) => e.type === 'transaction.reversed')
      expect(reversed.filter((e) => (JSON.parse(e.payload) as { data: { reversalId: string } }).data.reversalId === row.public_id)).toHaveLength(1)
    }
    if (dueWorkDone) {
      if (row.status === 'pending' && row.due_at !== null) expect(row.due_at, `${where} overdue after a tick`).toBeGreaterThan(dueWorkDone.now)
      if (row.status === 'completed' && row.settle_due_at !== null) expect(row.settle_due_at, `${where} settlement overdue`).toBeGreaterThan(dueWorkDone.now)
    }
  }
}

/** Which interesting states a run reached, so a test cannot pass by never getting there. */
interface Reached { completedReversals: number; failedReversals: number; rejectedPayouts: number; answeredPrompts: number; timedOutPrompts: number; settledCharges: number; restartsWithPendingWork: number }

function countReached(store: Store, reached: Reached): void {
  const count = (sql: string) => (store.db.prepare(sql).get() as { n: number }).n
  reached.completedReversals += count("SELECT COUNT(*) AS n FROM transactions WHERE type = 'reversal' AND status = 'completed'")
  reached.failedReversals += count("SELECT COUNT(*) AS n FROM transactions WHERE type = 'reversal' AND status = 'failed'")
  reached.rejectedPayouts += count("SELECT COUNT(*) AS n FROM transactions WHERE type IN ('transfer', 'payment', 'bank_withdrawal') AND status = 'rejected'")
  reached.timedOutPrompts += count("SELECT COUNT(*) AS n FROM transactions WHERE type = 'charge' AND status = 'failed' AND json_extract(outcome, '$.prompt') = 1")
  reached.settledCharges += count("SELECT COUNT(*) AS n FROM transactions WHERE type = 'charge' AND status = 'settled'")
}

function emptyReached(): Reached {
  return { completedReversals: 0, failedReversals: 0, rejectedPayouts: 0, answeredPrompts: 0, timedOutPrompts: 0, settledCharges: 0, restartsWithPendingWork: 0 }
}

async function runScenario(startMode: SimulatorMode, ops: Op[], reached: Reached = emptyReached(), atEnd?: (store: Store) => void): Promise<Reached> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-prop-'))
  const clock = fakeClock()
  const open = () => withInternals(createService({
    dbPath: join(dir, 'paydesk.db'), now: clock.now, apiKey: TEST_KEY, liveApiKey: LIVE_KEY, consoleToken: CONSOLE_TOKEN,
    webhookSecret: WEBHOOK_SECRET, webhookTransport: acknowledgingTransport,
  }))
  let service: TestService = open()
  const drive = serviceDriver(() => service)
  const observed = new Map<string, string>()
  const pick = <T>(items: readonly T[], index: number): T | undefined => (items.length === 0 ? undefined : items[index % items.length])
  const charges = () => service.internals.store.db.prepare("SELECT public_id FROM transactions WHERE type = 'charge' ORDER BY id").all() as { public_id: string }[]
  // Mostly charges that can be reversed, so reversals get far enough to succeed or fail; sometimes any charge.
  const reversible = () => service.internals.store.db.prepare(
    "SELECT public_id FROM transactions WHERE type = 'charge' AND status IN ('completed', 'settled') ORDER BY id").all() as { public_id: string }[]
  try {
    drive.ok(drive.console('console.simulator.update', { body: { mode: startMode } }))
    checkInvariants(service.internals.store, observed, null)
    for (const op of ops) {
      let dueWorkDone: { now: number } | null = null
      switch (op.kind) {
        case 'charge':
          drive.ok(drive.api('mobile.charge', { body: {
            phoneNumber: PHONES[op.phone]!, amount: op.shillings * 100, merchantTransactionId: reference('p-chg'), ...(op.force ? { forceStatus: op.force } : {}),
          } }))
          break
        case 'b2c':
          drive.ok(drive.api('mobile.b2c', { body: { phoneNumber: PHONES[op.phone]!, amount: op.amount, merchantTransactionId: reference('p-b2c'), ...(op.force ? { forceStatus: op.force } : {}) } }))
          break
        case 'b2b':
          drive.ok(drive.api('mobile.b2b', { body: {
            amount: op.amount, accountNumber: '400200', accountNumberType: 'paybill', beneficiary: 'INV-1', merchantTransactionId: reference('p-b2b'), ...(op.force ? { forceStatus: op.force } : {}),
          } }))
          break
        case 'bank':
          drive.ok(drive.api('bank.transfer', { body: {
            merchantTransactionId: reference('p-bank'), senderAccountNo: drive.account('payouts').accountNo, senderAddress: 'Nairobi', beneficiaryBankCode: '68',
            beneficiaryBankName: 'Equity Bank Kenya', beneficiaryAccountId: '0123456789', beneficiaryAccountCcy: 'KES', beneficiaryName: 'A Supplier',
            amount: op.amount, narration: 'Invoice', paymentChannel: 'INSTANTBANK', ...(op.force ? { forceStatus: op.force } : {}),
          } }))
          break
        case 'reverse': {
          const target = pick(op.pick % 4 === 0 ? charges() : reversible(), op.pick)
          if (!target) break
          const answer = drive.api('mobile.reverse', { body: { transactionId: target.public_id, ...(op.force ? { forceStatus: op.force } : {}) } })
          // 400 (not completed yet) and 409 (already reversed) are the documented refusals; anything else is a bug.
          expect([202, 400, 409]).toContain(answer.status)
          break
        }
        case 'topUp':
          drive.ok(drive.console('console.funds.topUp', { body: { accountNo: drive.account(op.target).accountNo, amount: op.amount } }))
          break
        case 'sweep': {
          const available = drive.account('collections').available
          expect(drive.console('console.funds.sweep', { body: { amount: op.amount } }).status).toBe(available >= op.amount ? 201 : 400)
          break
        }
        case 'answer': {
          const prompt = pick(drive.ok(drive.console('console.prompts.list', {})).items, op.pick)
          if (!prompt) break
          expect(drive.console('console.prompts.answer', { params: { transactionId: prompt.transactionId }, body: { answer: op.answer } }).status).toBe(200)
          reached.answeredPrompts++
          break
        }
        case 'mode':
          drive.ok(drive.console('console.simulator.update', { body: { mode: op.mode } }))
          break
        case 'pause':
          drive.ok(drive.console('console.simulator.update', { body: { paused: op.paused } }))
          break
        case 'settlementDelay':
          drive.ok(drive.console('console.simulator.update', { body: { settlementDelayMs: op.ms } }))
          break
        case 'settle': {
          const target = op.pick === null ? undefined : pick(charges(), op.pick)
          const answer = drive.console('console.simulator.settle', { body: target ? { transactionId: target.public_id } : {} })
          expect([200, 400]).toContain(answer.status)
          break
        }
        case 'advance':
          if (op.via === 'host') clock.advance(op.ms)
          else if (op.ms > 0) drive.ok(drive.console('console.simulator.advance', { body: { ms: op.ms } }))
          if (!op.thenTick) break
        // falls through: an advance with thenTick is followed by a tick
        case 'tick': {
          await service.tick()
          const state = drive.ok(drive.console('console.simulator.get', {}))
          dueWorkDone = state.paused ? null : { now: state.now }
          break
        }
        case 'restart':
          if ((service.internals.store.db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE status = 'pending' AND due_at IS NOT NULL").get() as { n: number }).n > 0) {
            reached.restartsWithPendingWork++
          }
          service.close()
          service = open()
          break
      }
      checkInvariants(service.internals.store, observed, dueWorkDone)
    }
    countReached(service.internals.store, reached)
    atEnd?.(service.internals.store)
    return reached
  } finally {
    service.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('simulator and ledger under random operations, ticks and restarts', () => {
  it('keeps every transaction in an allowed state, final states final, and the ledger balanced', async () => {
    const startMode = fc.constantFrom<SimulatorMode>('fast', 'fast', 'interactive', 'realistic')
    const reached = emptyReached()
    await fc.assert(fc.asyncProperty(startMode, fc.array(opArb, { minLength: 10, maxLength: 60, size: 'max' }), async (mode, ops) => {
      await runScenario(mode, ops, reached)
    }), { numRuns: 50 })
    // Random runs must get deep enough to matter; the guided scenario below reaches each state for certain.
    expect(reached.settledCharges, 'settled charges').toBeGreaterThan(0)
    expect(reached.restartsWithPendingWork, 'restarts with due work outstanding').toBeGreaterThan(0)
    expect(reached.completedReversals + reached.failedReversals, 'finalized reversals').toBeGreaterThan(0)
    expect(reached.answeredPrompts + reached.timedOutPrompts, 'finished prompts').toBeGreaterThan(0)
  }, 120_000)

  it('a guided run through every kind of ending keeps the same guarantees', async () => {
    const elapse = (ms: number): Op => ({ kind: 'advance', ms, via: 'host', thenTick: true })
    const ops: Op[] = [
      { kind: 'charge', shillings: 1_000, phone: 0, force: null },
      { kind: 'charge', shillings: 2_000, phone: 1, force: null },
      elapse(3_000),
      { kind: 'reverse', pick: 0, force: null },
      { kind: 'reverse', pick: 1, force: 'failed' },
      { kind: 'b2c', amount: 15_000_000, phone: 0, force: null },
      { kind: 'b2b', amount: 15_000_000, phone: 0, force: 'timeout' },
      { kind: 'bank', amount: 15_000_000, phone: 0, force: null },
      { kind: 'b2c', amount: 15_000_000, phone: 0, force: null },
      { kind: 'restart' },
      elapse(3_000),
      { kind: 'mode', mode: 'interactive' },
      { kind: 'charge', shillings: 300, phone: 0, force: null },
      { kind: 'answer', pick: 0, answer: 'wrong_pin' },
      { kind: 'charge', shillings: 400, phone: 1, force: null },
      { kind: 'restart' },
      elapse(60_000),
      { kind: 'settle', pick: null },
      { kind: 'sweep', amount: 500_000 },
      { kind: 'topUp', amount: 1_000_000, target: 'payouts' },
      elapse(10_000),
    ]
    const reached = await runScenario('fast', ops)
    for (const [what, count] of Object.entries(reached)) expect(count, what).toBeGreaterThan(0)
  })

  it('a long fast-mode run with restarts ends with every transaction final and every charge settled', async () => {
    const ops: Op[] = []
    for (let i = 0; i < 30; i++) {
      ops.push({ kind: 'charge', shillings: 100 + i, phone: i % PHONES.length, force: null })
      ops.push({ kind: i % 3 === 0 ? 'b2c' : i % 3 === 1 ? 'b2b' : 'bank', amount: 10_000 + i, phone: 0, force: null })
      ops.push({ kind: 'reverse', pick: i, force: null })
      ops.push({ kind: 'advance', ms: 1_500, via: 'host', thenTick: false }, { kind: 'tick' })
      if (i % 10 === 9) ops.push({ kind: 'restart' })
    }
    ops.push({ kind: 'advance', ms: 20_000, via: 'console', thenTick: false }, { kind: 'tick' }, { kind: 'advance', ms: 20_000, via: 'host', thenTick: false }, { kind: 'tick' })
    await runScenario('fast', ops, emptyReached(), (store) => {
      const open = store.db.prepare("SELECT type, status, COUNT(*) AS n FROM transactions WHERE status IN ('pending', 'completed') AND type <> 'bank_deposit' GROUP BY type, status").all()
      // Payouts and reversals end `completed`, which is final for them; charges go on to `settled`.
      expect(open.filter((r) => (r as { type: string; status: string }).status === 'pending' || (r as { type: string }).type === 'charge')).toEqual([])
    })
  }, 60_000)
})
