import {
  UpstreamChangesQuerySchema, UpstreamChangesSchema, UpstreamDiffQuerySchema, UpstreamDiffSchema, UpstreamOperateRequestedSchema, UpstreamStatusSchema,
  UpstreamSyncJobPathSchema, UpstreamSyncJobSchema, UpstreamSyncRequestSchema, UpstreamSyncStartedSchema,
} from '../../schemas/upstream'
import { defineRoutes } from '../route'

/** Console routes of the provider connection: the mirror of the merchant's real account (docs/upstream.md). */
export const CONSOLE_UPSTREAM_ROUTES = defineRoutes({
  'console.upstream.get': {
    method: 'GET', path: '/console/upstream', surface: 'console', permission: 'transactions.read', tag: 'Provider',
    summary: 'The provider connection and how fresh its mirror is',
    description: 'Whether a provider account is connected, which environment mirrors it, the key by its last four characters, the last complete sync and its lag, the backfill, the request budget used in the last minute, the last error and the provider balances as last read.',
    response: UpstreamStatusSchema, successStatus: 200, message: 'Provider connection retrieved successfully', idempotency: 'none',
  },
  'console.upstream.operate': {
    method: 'POST', path: '/console/upstream/operate', surface: 'console', permission: 'settings.manage', tag: 'Provider',
    summary: 'Ask for approval to send real money through the connected provider account',
    description: 'With a team, a live key in operate mode sends no money until this approval lands (the approval policy\'s upstream-operate rule says how many approvers, else one); until then the connection runs as read. The approval is bound to the provider address, the key and the mode: another key or address asks again. Answers the approval now waiting (the same one when asked again). 409 upstream_mode without an operate connection in this environment; 409 conflict when none is needed (a test key, no team) or it is approved already.',
    response: UpstreamOperateRequestedSchema, successStatus: 202, message: 'Sent for approval', idempotency: 'none',
  },
  'console.upstream.sync': {
    method: 'POST', path: '/console/upstream/sync', surface: 'console', permission: 'settings.manage', tag: 'Provider',
    summary: 'Sync the mirror now (a whole cycle, or the days from..to again)',
    description: 'Starts a sync in the background and answers its job id at once; GET /console/upstream/sync/{jobId} follows it. Without from and to: one whole cycle (balances, the recent days, the backfill). With them: those UTC days read again. 409 upstream_mode when no provider is connected.',
    body: UpstreamSyncRequestSchema, response: UpstreamSyncStartedSchema, successStatus: 202, message: 'Sync started', idempotency: 'none',
  },
  'console.upstream.syncJob': {
    method: 'GET', path: '/console/upstream/sync/{jobId}', surface: 'console', permission: 'transactions.read', tag: 'Provider',
    summary: 'Progress of one sync job',
    description: 'queued, running, done or failed, with the rows read and the requests sent so far. Jobs are kept in memory while the process runs.',
    params: UpstreamSyncJobPathSchema, response: UpstreamSyncJobSchema, successStatus: 200, message: 'Sync job retrieved successfully', idempotency: 'none',
  },
  'console.upstream.changes': {
    method: 'GET', path: '/console/upstream/changes', surface: 'console', permission: 'transactions.read', tag: 'Provider',
    summary: 'Changes the provider made to mirrored transactions, newest first',
    description: 'Each field of a mirrored transaction (status, amount, fees, chargedAmount, processorReference) the provider changed after the row was first mirrored (a late reversal, settlement or failure), and `presence` (listed -> vanished) for a row the provider no longer lists, which stays mirrored.',
    query: UpstreamChangesQuerySchema, response: UpstreamChangesSchema, successStatus: 200, message: 'Changes retrieved successfully', idempotency: 'none',
  },
  'console.upstream.diff': {
    method: 'GET', path: '/console/upstream/diff', surface: 'console', permission: 'transactions.read', tag: 'Provider',
    summary: 'The mirror against the provider for the days from..to, read from the provider now',
    description: 'Counts and amounts on both sides and every transaction that differs (missing on one side, or another status, amount or fees). Over HTTP and IPC the provider is read when the request comes in; 409 upstream_mode when no provider is connected, 503 when it cannot be read.',
    query: UpstreamDiffQuerySchema, response: UpstreamDiffSchema, successStatus: 200, message: 'Diff computed successfully', idempotency: 'none',
  },
})
