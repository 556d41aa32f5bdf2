import { performance } from 'node:perf_hooks'
import type { ServiceResponse } from '../../../shared/api/envelope'
import type { PushEvent } from '../../../shared/api/push-events'
import type { CallContext, CallNotes } from '../auth'
import type { CallInput } from '../call-input'
import type { PayoutBatchRecord, PayoutBatchRowRecord } from '../db/payout-batches-repo'
import type { Engine } from '../engine'
import type { ApiExchange } from '../request-log/exchange'
import { selfContained } from '../batcher'
import { ANSWER_REACTIONS, QUIET_MS } from '../simulator'
import { newUnit, runUnit, type EngineUnit } from '../unit'
import { announceBatch, finishBatch } from './finish-batch'
import { rowCall, rowExchange, type Sender } from './row-payout'

/** The dispatcher every face uses (dispatch.ts), handed in by the service: a row is paid through it. */
export type Dispatch = (routeId: string, input: CallInput, ctx: CallContext, published: PushEvent[]) => ServiceResponse

/** Rows per COMMIT: each row is a payout (~0.1 ms), so a slice stays short and one COMMIT serves many. */
const ROWS_PER_SLICE = 64
/** An overtime slice is this many ordinary slices long. */
const OVERTIME_SLICES = 4
/** Rows one unbudgeted tick (tests, tools) sends at most, like the simulator's bound per tick. */
const MAX_ROWS_PER_TICK = 2_000

export interface RunnerOptions {
  /** Hosts: ms of row sending per tick, in slices with the event loop free between them. Undefined: drain (tests). */
  budgetMs?: number
  sliceMs?: number
  /**
   * ms since the last API call came in. Once the budget is spent the runner goes on only while nobody
   * called for QUIET_MS (as the simulator's overtime): a run in a quiet sandbox goes at the thread's pace.
   */
  quietForMs?: () => number
}

function senderOf(engine: Engine, batch: PayoutBatchRecord): Sender {
  const account = engine.store.accounts.get(batch.account_id)!
  const organization = engine.store.organizations.get(batch.organization_id)!
  return { accountNo: account.account_no, address: organization.name.slice(0, 200), bankName: (code) => engine.store.bankCodes.get('KE', code)?.name }
}

/**
 * One row, one unit: the payout through the dispatcher (console principal, the row's derived
 * Idempotency-Key), and the row marked `sent` with its transaction (or `refused` with the API's reason)
 * in the same SQLite transaction. A crash before the COMMIT leaves the row queued and no payout; after it,
 * the row sent and exactly one payout. Returns the exchange for the request log (written after the COMMIT).
 */
function sendRow(unit: EngineUnit, dispatch: Dispatch, batch: PayoutBatchRecord, row: PayoutBatchRowRecord, sender: Sender): ApiExchange {
  const call = rowCall(batch, row, sender)
  const notes: CallNotes = {}
  const requestId = unit.ids.request()
  const started = performance.now()
  const published: PushEvent[] = []
  const response = dispatch(call.routeId, { body: call.body, idempotencyKey: call.idempotencyKey },
    { trustedConsole: true, organizationId: batch.organization_id, environment: batch.environment, requestId, notes }, published)
  for (const event of published) unit.emit(event)
  const body = response.body as { data?: { transactionId?: string }; error?: { message?: string } }
  const transaction = body.data?.transactionId === undefined ? undefined : unit.store.transactions.getByPublicId(batch.organization_id, batch.environment, body.data.transactionId)
  const marked = transaction ? unit.store.payoutBatches.markSent(row, transaction.id) : unit.store.payoutBatches.markRefused(row, body.error?.message ?? `The payout was refused (HTTP ${response.status}).`)
  // Rolls the payout back with the row: a row is paid by the unit that marks it, never by another.
  if (!marked) throw new Error(`payout batch ${batch.public_id} line ${row.line} was no longer queued`)
  return rowExchange(call, batch.environment, requestId, response, notes, performance.now() - started)
}

/**
 * The engine's batch runner, driven by the host's tick like the simulator (no timers inside): starts
 * scheduled batches that came due, sends queued rows, and finishes batches whose payouts all reached a
 * final state. Everything it works from is in SQLite, so after a restart the next tick resumes.
 */
export function createBatchRunner(engine: Engine, dispatch: Dispatch, options: RunnerOptions = {}) {
  const reported = new Set<string>()

  /** One slice of a batch's queued rows in one COMMIT, each row in its savepoint; returns how many ran. */
  function sendSlice(batch: PayoutBatchRecord, limit: number, more: () => boolean): number {
    const rows = engine.store.payoutBatches.queued(batch.id, limit)
    if (rows.length === 0) return 0
    const sender = senderOf(engine, batch)
    const now = engine.now()
    // Self-contained: the dispatcher rolls back a refused payout in its own savepoint, and a row that throws
    // after its payout (a bug) fails the whole batch rather than commit a payout without its row.
    const works = rows.map((row, index) => selfContained((queued: PushEvent[]) => {
      const unit = newUnit(engine, now, queued)
      if (index === 0) announceBatch(unit, batch)
      return sendRow(unit, dispatch, batch, row, sender)
    }))
    const outcomes = engine.units.runBatch(works, more)
    outcomes.forEach((outcome, index) => {
      if (outcome.ok) return engine.requestLog.record(outcome.value)
      const key = `${batch.public_id}:${rows[index]!.line}`
      if (!reported.has(key)) console.error(`[paydesk] payout batch row ${key} could not be sent:`, outcome.error instanceof Error ? outcome.error.stack : outcome.error)
      reported.add(key)
    })
    return outcomes.length
  }

  /** Scheduled batches whose time came start running (their rows were queued at submit). */
  function startDue(): PayoutBatchRecord[] {
    const now = engine.now()
    return engine.store.payoutBatches.active().map((batch) => {
      if (batch.status !== 'scheduled' || batch.run_at === null || batch.run_at > now) return batch
      return runUnit(engine, now, (unit) => {
        const running = unit.store.payoutBatches.update({ ...batch, status: 'running' }, unit.now)
        announceBatch(unit, running)
        return running
      })
    })
  }

  /** Request units queued meanwhile run first, and their answers go out (the simulator's `requestsFirst`). */
  async function requestsFirst(): Promise<void> {
    if (engine.units.queued() === 0) return
    engine.units.flush()
    for (let reaction = 0; reaction < ANSWER_REACTIONS; reaction++) await null
  }

  /** Per running batch (and its last change), the first line whose payout was still running at the last look. */
  const runningFrom = new Map<number, { updatedAt: number; line: number }>()

  /** Sliced sending is under way: ticks overlap on purpose, the runner must not. */
  let sending = false

  return {
    /** Unbudgeted (tests, tools): sends up to MAX_ROWS_PER_TICK queued rows now. */
    sendNow(): void {
      let left = MAX_ROWS_PER_TICK
      for (const batch of startDue()) {
        while (batch.status === 'running' && left > 0) {
          const sent = sendSlice(batch, Math.min(ROWS_PER_SLICE, left), () => true)
          if (sent === 0) break
          left -= sent
        }
      }
    },
    /** Hosts: sends rows for at most the budget, a slice per batch COMMIT, the event loop free between slices. */
    async sendInSlices(open: () => boolean): Promise<void> {
      if (sending) return
      sending = true
      try {
        const deadline = performance.now() + (options.budgetMs ?? Number.POSITIVE_INFINITY)
        const quiet = () => (options.quietForMs?.() ?? 0) >= QUIET_MS
        for (const batch of startDue()) {
          while (batch.status === 'running') {
            await requestsFirst()
            const overtime = performance.now() >= deadline
            if (!open() || (overtime && !quiet())) return
            // In overtime nobody is waiting for the thread: longer slices, fewer COMMITs.
            const sliceEnd = performance.now() + (options.sliceMs ?? Number.POSITIVE_INFINITY) * (overtime ? OVERTIME_SLICES : 1)
            if (sendSlice(batch, ROWS_PER_SLICE, () => performance.now() < sliceEnd) === 0) break
            await new Promise<void>((resume) => setImmediate(resume))
          }
        }
      } finally {
        sending = false
      }
    },
    /** Finishes running batches with nothing queued or processing left. */
    finishDone(): void {
      const now = engine.now()
      for (const batch of engine.store.payoutBatches.active()) {
        if (batch.status !== 'running' || engine.store.payoutBatches.anyQueued(batch.id)) continue
        // A retry re-queues rows before the line found last: the batch's updated_at then differs and the walk starts over.
        const last = runningFrom.get(batch.id)
        const running = engine.store.payoutBatches.firstRunningLine(batch.id, last?.updatedAt === batch.updated_at ? last.line : 0)
        if (running !== null) runningFrom.set(batch.id, { updatedAt: batch.updated_at, line: running })
        else {
          runningFrom.delete(batch.id)
          runUnit(engine, now, (unit) => finishBatch(unit, batch.id))
        }
      }
    },
  }
}
export type BatchRunner = ReturnType<typeof createBatchRunner>
