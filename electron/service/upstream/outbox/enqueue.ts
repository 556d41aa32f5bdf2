import { ApiError } from '../../../../shared/errors'
import { MONEY_ROUTE_IDS } from '../../../../shared/schemas/faults'
import type { Unit } from '../../core/unit'
import type { OutboxRecord } from '../../db/upstream-outbox-repo'
import { sha256Hex } from '../../core/ids'
import { outboxIdempotencyKey } from './keys'

export type OutboxRoute = (typeof MONEY_ROUTE_IDS)[number]
const ROUTES = new Set<string>(MONEY_ROUTE_IDS)

export interface OutboxScope {
  organizationId: string
  environment: 'test' | 'live'
}

/**
 * Writes the outbox row of one intent inside `unit` (so it commits with the request or approval that makes
 * it; nothing is sent before that COMMIT). The body is serialised once here: every attempt sends these bytes.
 * The intent is its merchantTransactionId: a second row for the same one is refused, never re-keyed.
 */
export function enqueueUpstream(unit: Unit, scope: OutboxScope, route: OutboxRoute, body: Record<string, unknown>): OutboxRecord {
  if (!ROUTES.has(route)) throw new ApiError('invalid_parameter', `${route} is not a money route the outbox sends.`, 'route')
  const reference = body['merchantTransactionId']
  if (typeof reference !== 'string' || reference === '') {
    throw new ApiError('missing_parameter', 'A request sent to the provider needs its merchantTransactionId.', 'merchantTransactionId')
  }
  const outbox = unit.store.upstreamOutbox
  if (outbox.byReference(scope.organizationId, scope.environment, reference)) {
    throw new ApiError('conflict', `merchantTransactionId ${reference} was already sent to the provider.`, 'merchantTransactionId')
  }
  const text = JSON.stringify(body)
  const row = {
    id: unit.ids.outbox(), organization_id: scope.organizationId, environment: scope.environment,
    merchant_transaction_id: reference, idempotency_key: outboxIdempotencyKey(scope.organizationId, reference), route,
    body: text, body_sha256: sha256Hex(text), state: 'queued' as const, next_at: unit.now, created_at: unit.now,
  }
  outbox.insert(row)
  return outbox.get(scope.organizationId, scope.environment, row.id)!
}
