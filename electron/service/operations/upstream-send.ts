import { ApiError } from '../../../shared/errors'
import type { Accepted } from '../../../shared/schemas/transaction'
import { enqueueUpstream, type OutboxRoute, type OutboxScope } from '../upstream/outbox/enqueue'
import { REVERSAL_ROUTE } from '../upstream/outbox/reversal'
import type { OperationContext } from './types'

/**
 * A reversal goes to the provider only for a charge the mirror shows it could reverse (the same refusals
 * as the sandbox's own, operations/mobile-reverse.ts); a charge the mirror already shows reversed names it.
 */
function checkReversible(ctx: OperationContext, scope: OutboxScope, transactionId: unknown): void {
  const id = String(transactionId)
  const charge = ctx.store.transactions.getByPublicId(scope.organizationId, scope.environment, id)
  if (!charge) throw new ApiError('not_found', `No transaction ${id} in the mirror of the provider account.`, 'transactionId')
  if (charge.type !== 'charge') throw new ApiError('validation_error', `Only mobile-money charges can be reversed; ${id} is a ${charge.type}.`, 'transactionId')
  const reversal = charge.related_id === null ? undefined : ctx.store.transactions.get(charge.related_id)
  if (reversal && reversal.type === 'reversal' && reversal.status !== 'failed' && reversal.status !== 'rejected') {
    throw new ApiError('conflict', `Charge ${id} already has reversal ${reversal.public_id}.`, 'transactionId')
  }
  if (charge.status !== 'completed' && charge.status !== 'settled') {
    throw new ApiError('validation_error', `Only completed or settled charges can be reversed; ${id} is ${charge.status}.`, 'transactionId')
  }
}

/**
 * A console money request on an environment connected to a provider account in `operate` mode: instead
 * of moving simulated money, its outbox row is written in this request's own unit (after the approval step,
 * so a held request writes it only when its last approval lands); the sender delivers it to the provider.
 * `transactionId` is the outbox row's id until the provider's is known (GET /console/upstream/outbox).
 * With `--upstream-webhook-url` the body (fixed here, sent as is on every attempt) names it as `webhookUrl`.
 */
export function upstreamSend(routeId: OutboxRoute) {
  return (ctx: OperationContext, input: { body?: unknown }): Accepted | Omit<Accepted, 'merchantTransactionId'> => {
    const scope = { organizationId: ctx.principal.organizationId, environment: ctx.principal.environment }
    const body = (input.body ?? {}) as Record<string, unknown>
    // The simulator's outcome switch means nothing to a real account: refused here rather than sent.
    if (body['forceStatus'] !== undefined) throw new ApiError('invalid_parameter', 'forceStatus is the simulator\'s; a payment sent to the provider takes its real outcome.', 'forceStatus')
    // The intent's own row first: a second request for it is a 409 naming that row (a refusal rolls the row back).
    // The provider's webhooks for it come back here as hints, unless the request names a receiver of its own
    // (a reversal's body has no webhookUrl in the provider's API).
    const webhookUrl = routeId === REVERSAL_ROUTE ? null : ctx.host.upstream()?.webhookUrl ?? null
    const sent = webhookUrl !== null && body['webhookUrl'] === undefined ? { ...body, webhookUrl } : body
    const row = enqueueUpstream(ctx, scope, routeId, sent, ctx.host.wallNow())
    if (routeId === REVERSAL_ROUTE) checkReversible(ctx, scope, body['transactionId'])
    const upstream = { outboxId: row.id, state: row.state }
    // A reversal answers as the provider's does ({ transactionId }), and names no merchantTransactionId.
    if (routeId === REVERSAL_ROUTE) return { transactionId: row.id, upstream }
    return { merchantTransactionId: row.merchant_transaction_id, transactionId: row.id, upstream }
  }
}
