import { ApiError } from '../../../../shared/errors'
import { MONEY_ROUTE_IDS } from '../../../../shared/schemas/faults'
import type { Unit } from '../../core/unit'
import type { OutboxRecord } from '../../db/upstream-outbox-repo'
import { sha256Hex } from '../../core/ids'
import { outboxIdempotencyKey } from './keys'
import { REVERSAL_ROUTE, reversalReference } from './reversal'

export type OutboxRoute = (typeof MONEY_ROUTE_IDS)[number]
const ROUTES = new Set<string>(MONEY_ROUTE_IDS)

export interface OutboxScope {
  organizationId: string
  environment: 'test' | 'live'
}

/**
 * A reversal's reference: the charge's first `reversal:<id>`, or the next one after every earlier intent for
 * it was rejected by the provider (conclusively not run). An intent in any other state is returned as the
 * one that stands: a second reversal is refused naming it.
 */
function reversalIntent(unit: Unit, scope: OutboxScope, original: string): { reference: string; standing?: OutboxRecord } {
  for (let attempt = 1; ; attempt++) {
    const reference = reversalReference(original, attempt)
    const row = unit.store.upstreamOutbox.byReference(scope.organizationId, scope.environment, reference)
    if (!row) return { reference }
    if (row.state !== 'rejected') return { reference, standing: row }
  }
}

/** The intent's reference: the body's merchantTransactionId, or for a reversal the charge it reverses. */
function referenceOf(unit: Unit, scope: OutboxScope, route: OutboxRoute, body: Record<string, unknown>): { reference: string; standing?: OutboxRecord } {
  if (route === REVERSAL_ROUTE) {
    const original = body['transactionId']
    if (typeof original !== 'string' || original === '') throw new ApiError('missing_parameter', 'A reversal sent to the provider needs the transactionId it reverses.', 'transactionId')
    return reversalIntent(unit, scope, original)
  }
  const reference = body['merchantTransactionId']
  if (typeof reference !== 'string' || reference === '') {
    throw new ApiError('missing_parameter', 'A request sent to the provider needs its merchantTransactionId.', 'merchantTransactionId')
  }
  const standing = unit.store.upstreamOutbox.byReference(scope.organizationId, scope.environment, reference)
  return standing ? { reference, standing } : { reference }
}

/** The 409 for an intent that already has its row (a reversal names the row that stands for the charge's reversal). */
function alreadySent(route: OutboxRoute, body: Record<string, unknown>, row: OutboxRecord): ApiError {
  if (route === REVERSAL_ROUTE) {
    return new ApiError('conflict', `Transaction ${String(body['transactionId'])} already has a reversal sent to the provider: outbox row ${row.id} (${row.state}).`, 'transactionId')
  }
  return new ApiError('conflict', `merchantTransactionId ${row.merchant_transaction_id} was already sent to the provider.`, 'merchantTransactionId')
}

/**
 * Writes the outbox row of one intent inside `unit` (so it commits with the request or approval that makes
 * it; nothing is sent before that COMMIT). The body is serialised once here: every attempt sends these bytes.
 * The intent is its reference (referenceOf): a second row for the same one is refused, never re-keyed.
 * `sendAt`: the host's real clock now, the sender's (the row is booked at the unit's simulated time, but
 * leaves at once: a simulated clock ahead of the real one must not hold it back).
 */
export function enqueueUpstream(unit: Unit, scope: OutboxScope, route: OutboxRoute, body: Record<string, unknown>, sendAt: number): OutboxRecord {
  if (!ROUTES.has(route)) throw new ApiError('invalid_parameter', `${route} is not a money route the outbox sends.`, 'route')
  const { reference, standing } = referenceOf(unit, scope, route, body)
  if (standing) throw alreadySent(route, body, standing)
  const outbox = unit.store.upstreamOutbox
  const text = JSON.stringify(body)
  const row = {
    id: unit.ids.outbox(), organization_id: scope.organizationId, environment: scope.environment,
    merchant_transaction_id: reference, idempotency_key: outboxIdempotencyKey(scope.organizationId, reference), route,
    body: text, body_sha256: sha256Hex(text), state: 'queued' as const, next_at: sendAt, created_at: unit.now,
  }
  outbox.insert(row)
  return outbox.get(scope.organizationId, scope.environment, row.id)!
}
