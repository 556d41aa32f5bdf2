import { ApiError } from '../../../shared/errors'
import { rawJson } from '../../../shared/api/raw-json'
import { streamedAnswer } from '../core/streamed-answer'
import { harPages } from '../request-log/har-pages'
import type { DeveloperSettings, RequestLogPage } from '../../../shared/schemas/request-log'
import type { OperationContext } from './types'
import { setStrictChecks, strictChecks } from './support/developer-settings'
import { requestLogLimit, requestLogMaxBytes, setRequestLogLimit, setRequestLogMaxBytes } from '../request-log/request-log'
import { toRequestLogDetail } from '../request-log/view'
import { harOf } from '../request-log/har'
import type { ApiRequestFilter } from '../db/api-requests-repo'
import type { z } from 'zod'
import type { RequestLogQuerySchema } from '../../../shared/schemas/request-log'
import type { PartialOperationTable } from './types'

const DEFAULT_PAGE = 50
const DEFAULT_HAR_ENTRIES = 1_000

/** The request log's filters (the list's and the HAR export's query) as the repository's. */
function logFilter(query: z.output<typeof RequestLogQuerySchema>): Omit<ApiRequestFilter, 'environment' | 'organizationId' | 'limit'> {
  return {
    statusClass: query.status ? (Number(query.status[0]) as 2 | 3 | 4 | 5) : undefined,
    path: query.path, keyPrefix: query.key, source: query.source, idempotencyKey: query.idempotencyKey, requestId: query.requestId,
    transactionId: query.transactionId, from: query.from, to: query.to,
    before: query.cursor === undefined ? undefined : Number(query.cursor),
  }
}

function developerSettings(ctx: OperationContext): DeveloperSettings {
  return {
    strictRequestChecks: strictChecks(ctx.store, ctx.principal.organizationId, false),
    strictForcedByHost: ctx.host.strictRequestChecks,
    requestLogLimit: requestLogLimit(ctx.store),
    requestLogMaxBytes: requestLogMaxBytes(ctx.store),
  }
}

export const CONSOLE_REQUESTS_OPERATIONS: PartialOperationTable<
  'console.requests.list' | 'console.requests.get' | 'console.requests.har' | 'console.developer.settings.get' | 'console.developer.settings.update'
> = {
  'console.requests.list': (ctx, { query }) => {
    // Everything answered so far is in the table before it is read.
    ctx.host.flushRequestLog(ctx.emit)
    const limit = query.limit ?? DEFAULT_PAGE
    // Built as JSON in SQLite, never reading headers or bodies (db/api-requests-repo.ts `listJson`).
    const page = ctx.store.apiRequests.listJson({
      ...logFilter(query), environment: ctx.principal.environment, organizationId: ctx.principal.organizationId, limit,
    })
    return rawJson<RequestLogPage>(`{"items":${page.json},"nextCursor":${page.nextSeq === null ? 'null' : JSON.stringify(String(page.nextSeq))}}`)
  },
  'console.requests.har': (ctx, { query }) => {
    ctx.host.flushRequestLog(ctx.emit)
    const { environment, organizationId } = ctx.principal
    // `list` and `seqs` read one row more than their limit (whether a next page exists): ask one fewer.
    const filter = { ...logFilter(query), environment, organizationId, limit: (query.limit ?? DEFAULT_HAR_ENTRIES) - 1 }
    // Over HTTP the document is written page by page (5,000 entries of 60 KiB were 1.2 GiB built whole).
    if (ctx.streaming) return streamedAnswer(organizationId, () => harPages(ctx.store, filter, environment))
    return harOf(ctx.store.apiRequests.list(filter), environment)
  },
  'console.requests.get': (ctx, { params }) => {
    ctx.host.flushRequestLog(ctx.emit)
    const row = ctx.store.apiRequests.get(ctx.principal.environment, ctx.principal.organizationId, params.requestId)
    if (!row) throw new ApiError('not_found', `No request ${params.requestId} in the ${ctx.principal.environment} request log.`, 'requestId')
    return toRequestLogDetail(ctx.store, row, ctx.principal.organizationId)
  },
  'console.developer.settings.get': (ctx) => developerSettings(ctx),
  'console.developer.settings.update': (ctx, { body }) => {
    if (body.strictRequestChecks !== undefined) setStrictChecks(ctx, ctx.principal.organizationId, body.strictRequestChecks)
    if (body.requestLogLimit !== undefined) setRequestLogLimit(ctx, body.requestLogLimit)
    if (body.requestLogMaxBytes !== undefined) setRequestLogMaxBytes(ctx, body.requestLogMaxBytes)
    return developerSettings(ctx)
  },
}
