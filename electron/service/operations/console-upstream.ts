import { ApiError } from '../../../shared/errors'
import { disconnectedStatus, type UpstreamConnection } from '../upstream/connection'
import type { OperationContext, PartialOperationTable } from './types'
import { askOperateApproval } from './support/operate-approval'

type UpstreamRoute = 'console.upstream.get' | 'console.upstream.operate' | 'console.upstream.sync' | 'console.upstream.syncJob' | 'console.upstream.changes' | 'console.upstream.diff'

/** The connection of the caller's own environment, or 409 upstream_mode naming why there is none. */
function connectionOf(ctx: OperationContext): UpstreamConnection {
  const connection = ctx.host.upstream()
  const { organizationId, environment } = ctx.principal
  if (!connection) throw new ApiError('upstream_mode', 'No provider account is connected in this run (start Paydesk with --upstream; docs/upstream.md).')
  if (connection.scope.organizationId !== organizationId || connection.environment !== environment) {
    throw new ApiError('upstream_mode', `The provider account is connected to the ${connection.environment} environment of the default organization, not this one.`)
  }
  return connection
}

/** Operations of the provider connection routes (shared/api/routes/console-upstream.ts). */
export const CONSOLE_UPSTREAM_OPERATIONS: PartialOperationTable<UpstreamRoute> = {
  'console.upstream.get': (ctx) => {
    const connection = ctx.host.upstream()
    const { organizationId, environment } = ctx.principal
    if (connection && connection.scope.organizationId === organizationId && connection.environment === environment) return connection.status()
    // Another environment (or none) holds the connection: this one's mirror as it was left, if it ever was one.
    const mine = ctx.store.upstream.connection(organizationId, environment)
    if (mine) return disconnectedStatus(mine, ctx.host.wallNow())
    const held = connection && connection.scope.organizationId === organizationId ? connection.status() : null
    return held ? { ...held, connected: false, lastSyncAt: null, lagMs: null, backfill: null, budget: null, lastError: null, balances: [], operate: null } : disconnectedStatus(undefined, ctx.host.wallNow())
  },
  'console.upstream.operate': (ctx) => askOperateApproval(ctx, connectionOf(ctx)),
  'console.upstream.sync': (ctx, { body }) => ({ jobId: connectionOf(ctx).startSync(body) }),
  'console.upstream.syncJob': (ctx, { params }) => {
    const job = connectionOf(ctx).job(params.jobId)
    if (!job) throw new ApiError('not_found', `No sync job ${params.jobId}.`, 'jobId')
    return job
  },
  'console.upstream.changes': (ctx, { query }) => {
    const { organizationId, environment } = ctx.principal
    const items = ctx.store.upstream.changes(organizationId, environment, query.limit ?? 100)
    return { items: items.map((c) => ({ transactionId: c.public_id, field: c.field, from: c.from_value, to: c.to_value, seenAt: c.seen_at })) }
  },
  'console.upstream.diff': (ctx, { query }) => connectionOf(ctx).diff(ctx.store, query.from, query.to),
}
