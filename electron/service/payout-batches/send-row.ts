import { performance } from 'node:perf_hooks'
import type { ServiceResponse } from '../../../shared/api/envelope'
import type { PushEvent } from '../../../shared/api/push-events'
import type { CallContext, CallNotes } from '../auth'
import { selfContained } from '../batcher'
import type { CallInput } from '../call-input'
import type { PayoutBatchRecord } from '../db/payout-batches-repo'
import type { PayoutBatchRowRecord } from '../db/payout-batch-rows-repo'
import type { Engine } from '../engine'
import type { ApiExchange } from '../request-log/exchange'
import { newUnit, type EngineUnit } from '../unit'
import { announceBatch } from './finish-batch'
import { rowCall, rowExchange, type Sender } from './row-payout'

/** The dispatcher every face uses (dispatch.ts), handed in by the service: a row is paid through it. */
export type Dispatch = (routeId: string, input: CallInput, ctx: CallContext, published: PushEvent[]) => ServiceResponse

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
  const marked = transaction ? unit.store.payoutBatchRows.markSent(row, transaction.id) : unit.store.payoutBatchRows.markRefused(row, body.error?.message ?? `The payout was refused (HTTP ${response.status}).`)
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
export function sendSlice(engine: Engine, dispatch: Dispatch, batch: PayoutBatchRecord, limit: number, more: () => boolean, reported: Set<string>): number {
  const rows = engine.store.payoutBatchRows.queued(batch.id, limit)
  if (rows.length === 0) return 0
  const sender = senderOf(engine, batch)
  const now = engine.now()
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
