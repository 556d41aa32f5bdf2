import { ApiError } from '../../../shared/errors'
import type { OutboxRecord } from '../db/upstream-outbox-repo'
import { toOutboxAttempt, toOutboxRow } from '../views/upstream-outbox'
import type { OperationContext, PartialOperationTable } from './types'

type OutboxRoute = 'console.upstream.outbox.list' | 'console.upstream.outbox.get' | 'console.upstream.outbox.resolve' | 'console.upstream.outbox.close'

/** Rows an operator may act on: the outcome is unclear, or the outbox gave up on it. */
const OPEN = new Set(['unknown', 'needs_review'])

function rowOf(ctx: OperationContext, id: string): OutboxRecord {
  const row = ctx.store.upstreamOutbox.get(ctx.principal.organizationId, ctx.principal.environment, id)
  if (!row) throw new ApiError('not_found', `No outbox row ${id} in this environment.`, 'id')
  return row
}

function openRow(ctx: OperationContext, id: string, action: string): OutboxRecord {
  const row = rowOf(ctx, id)
  if (!OPEN.has(row.state)) throw new ApiError('conflict', `Outbox row ${id} is ${row.state}: only an unknown or needs_review row can be ${action}.`, 'id')
  return row
}

/** Operations of the outbox routes (shared/api/routes/console-upstream-outbox.ts). */
export const CONSOLE_UPSTREAM_OUTBOX_OPERATIONS: PartialOperationTable<OutboxRoute> = {
  'console.upstream.outbox.list': (ctx, { query }) => {
    const { organizationId, environment } = ctx.principal
    const rows = ctx.store.upstreamOutbox.list(organizationId, environment, query.state ?? null, query.limit ?? 200)
    const connection = ctx.host.upstream()
    const mine = connection !== null && connection.scope.organizationId === organizationId && connection.environment === environment
    const status = mine ? ctx.host.outboxStatus() : null
    const sending = status && {
      breakerOpenSince: status.breaker.openSince, probeAt: status.breaker.probeAt, keyRefusedAt: status.keyRefusedAt, pausedUntil: connection?.client.pausedUntil() ?? null, inFlight: status.inFlight, recovering: status.recovering,
    }
    return { sending, items: rows.map(toOutboxRow), counts: ctx.store.upstreamOutbox.counts(organizationId, environment) }
  },
  'console.upstream.outbox.get': (ctx, { params }) => {
    const row = rowOf(ctx, params.id)
    return { ...toOutboxRow(row), attemptLog: ctx.store.upstreamOutbox.attempts(row.id).map(toOutboxAttempt) }
  },
  'console.upstream.outbox.resolve': (ctx, { params }) => {
    const row = openRow(ctx, params.id, 'looked up again')
    // A row back from review starts a fresh day of unclear outcome before it is given up on again, counted on
    // the host's real clock as the sender counts it (the provider's idempotency forgets in real time).
    const real = ctx.host.wallNow()
    const since = row.state === 'needs_review' ? real : row.unknown_since ?? real
    ctx.store.upstreamOutbox.change(row.id, ctx.now, { state: 'unknown', next_at: 0, unknown_since: since })
    return toOutboxRow(rowOf(ctx, row.id))
  },
  'console.upstream.outbox.close': (ctx, { params, body }) => {
    const row = openRow(ctx, params.id, 'closed')
    ctx.store.upstreamOutbox.close(row.id, ctx.now, body.note, ctx.principal.actor.id)
    return toOutboxRow(rowOf(ctx, row.id))
  },
}
