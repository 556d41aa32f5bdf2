import { ApiError } from '../../../shared/errors'
import type { Accepted } from '../../../shared/schemas/transaction'
import { enqueueUpstream, type OutboxRoute } from '../upstream/outbox/enqueue'
import type { OperationContext } from './types'

/**
 * A console money request on an environment connected to a provider account in `operate` mode: instead
 * of moving simulated money, its outbox row is written in this request's own unit (after the approval step,
 * so a held request writes it only when its last approval lands); the sender delivers it to the provider.
 * `transactionId` is the outbox row's id until the provider's is known (GET /console/upstream/outbox).
 * With `--upstream-webhook-url` the body (fixed here, sent as is on every attempt) names it as `webhookUrl`.
 */
export function upstreamSend(routeId: OutboxRoute) {
  return (ctx: OperationContext, input: { body?: unknown }): Accepted => {
    const scope = { organizationId: ctx.principal.organizationId, environment: ctx.principal.environment }
    const body = (input.body ?? {}) as Record<string, unknown>
    // The simulator's outcome switch means nothing to a real account: refused here rather than sent.
    if (body['forceStatus'] !== undefined) throw new ApiError('invalid_parameter', 'forceStatus is the simulator\'s; a payment sent to the provider takes its real outcome.', 'forceStatus')
    // The provider's webhooks for it come back here as hints, unless the request names a receiver of its own.
    const webhookUrl = ctx.host.upstream()?.webhookUrl ?? null
    const sent = webhookUrl !== null && body['webhookUrl'] === undefined ? { ...body, webhookUrl } : body
    const row = enqueueUpstream(ctx, scope, routeId, sent)
    return { merchantTransactionId: row.merchant_transaction_id, transactionId: row.id, upstream: { outboxId: row.id, state: row.state } }
  }
}
