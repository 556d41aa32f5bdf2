import { performance } from 'node:perf_hooks'
import type { ServiceResponse } from '../../../shared/api/envelope'
import type { PushEvent } from '../../../shared/api/push-events'
import type { Environment } from '../../../shared/schemas/common'
import type { Actor } from '../../../shared/schemas/team'
import { selfContained } from '../core/batcher'
import type { Engine } from '../core/engine'
import { newUnit, type Unit } from '../core/unit'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import type { PayoutBatchRowRecord } from '../db/payout-batch-rows-repo'
import type { ApiExchange, CallNotes } from '../request-log/exchange'
import { announceBatch } from './finish-batch'
import { rowCall, rowExchange, type RowCall, type Sender } from './row-payout'

/** Who a row's payout is a console call of, and where: the batch's organization, environment and submitter. */
export interface RowCaller {
  organizationId: string
  environment: Environment
  actor: Actor
  requestId: string
  notes: CallNotes
}

/**
 * How a row is paid: through the request pipeline every face uses, as `caller`'s console call (handed in
 * by the assembly, which owns the pipeline). Never held for approval: the batch was, as a whole.
 */
export type PayRow = (routeId: RowCall['routeId'], input: { body: unknown; idempotencyKey: string }, caller: RowCaller, published: PushEvent[]) => ServiceResponse

/** What the batch runner pays rows with: the pipeline, and the request log each row's exchange goes to. */
export interface RowPayer {
  pay: PayRow
  /** Queues an exchange for the request log (written with the next flush, after its COMMIT). */
  logRequest(exchange: ApiExchange): void
}

function senderOf(engine: Engine, batch: PayoutBatchRecord): Sender {
  const account = engine.store.accounts.get(batch.account_id)!
  const organization = engine.store.organizations.get(batch.organization_id)!
  return { accountNo: account.account_no, address: organization.name.slice(0, 200), bankName: (code) => engine.store.bankCodes.get('KE', code)?.name }
}

/**
 * One row, one unit: the payout through the pipeline (the submitter's console call, the row's derived
 * Idempotency-Key), and the row marked `sent` with its transaction (or `refused` with the API's reason)
 * in the same SQLite transaction. A crash before the COMMIT leaves the row queued and no payout; after it,
 * the row sent and exactly one payout. Returns the exchange for the request log (written after the COMMIT).
 */
function sendRow(unit: Unit, payRow: PayRow, batch: PayoutBatchRecord, row: PayoutBatchRowRecord, sender: Sender): ApiExchange {
  const call = rowCall(batch, row, sender)
  const notes: CallNotes = {}
  const requestId = unit.ids.request()
  const started = performance.now()
  const published: PushEvent[] = []
  if (batch.run_as === null) throw new Error(`payout batch ${batch.public_id} runs with no submitter`)
  const caller: RowCaller = { organizationId: batch.organization_id, environment: batch.environment, actor: batch.run_as, requestId, notes }
  const response = payRow(call.routeId, { body: call.body, idempotencyKey: call.idempotencyKey }, caller, published)
  for (const event of published) unit.emit(event)
  const body = response.body as { data?: { transactionId?: string; upstream?: { outboxId: string } }; error?: { message?: string } }
  const rows = unit.store.payoutBatchRows
  // On an environment that sends to the provider the payout is an outbox row written in this unit.
  const outboxId = body.data?.upstream?.outboxId
  const transaction = body.data?.transactionId === undefined || outboxId !== undefined ? undefined : unit.store.transactions.getByPublicId(batch.organization_id, batch.environment, body.data.transactionId)
  const marked = outboxId !== undefined ? rows.markSentUpstream(row, outboxId)
    : transaction ? rows.markSent(row, transaction.id) : rows.markRefused(row, body.error?.message ?? `The payout was refused (HTTP ${response.status}).`)
  // Rolls the payout back with the row: a row is paid by the unit that marks it, never by another.
  if (!marked) throw new Error(`payout batch ${batch.public_id} line ${row.line} was no longer queued`)
  return rowExchange(call, batch.environment, requestId, response, notes, performance.now() - started)
}

/**
 * One slice of a batch's queued rows in one COMMIT (at most `limit`, while `more()` says yes); returns how
 * many ran. Rows are self-contained units: the dispatcher rolls back a refused payout in its own
 * savepoint, and a row that throws after its payout (a bug) fails the whole batch rather than commit a
 * payout without its row. Each row's exchange goes to the request log once the COMMIT made it true.
 */
export function sendSlice(engine: Engine, payer: RowPayer, batch: PayoutBatchRecord, limit: number, more: () => boolean, reported: Set<string>): number {
  const rows = engine.store.payoutBatchRows.queued(batch.id, limit)
  if (rows.length === 0) return 0
  const sender = senderOf(engine, batch)
  const now = engine.now()
  const works = rows.map((row, index) => selfContained((queued: PushEvent[]) => {
    const unit = newUnit(engine, now, queued)
    if (index === 0) announceBatch(unit, batch)
    return sendRow(unit, payer.pay, batch, row, sender)
  }))
  const outcomes = engine.units.runBatch(works, more)
  outcomes.forEach((outcome, index) => {
    if (outcome.ok) return payer.logRequest(outcome.value)
    const key = `${batch.public_id}:${rows[index]!.line}`
    if (!reported.has(key)) console.error(`[paydesk] payout batch row ${key} could not be sent:`, outcome.error instanceof Error ? outcome.error.stack : outcome.error)
    reported.add(key)
  })
  return outcomes.length
}
