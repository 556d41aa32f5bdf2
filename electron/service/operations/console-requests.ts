import { ApiError } from '../../../shared/errors'
import { rawJson } from '../../../shared/api/raw-json'
import type { DeveloperSettings, RequestLogPage } from '../../../shared/schemas/request-log'
import type { OperationContext } from './types'
import { setStrictChecks, strictChecks } from './support/developer-settings'
import { requestLogLimit, setRequestLogLimit } from '../request-log/request-log'
import { toRequestLogDetail } from '../request-log/view'
import type { PartialOperationTable } from './types'

const DEFAULT_PAGE = 50

function developerSettings(ctx: OperationContext): DeveloperSettings {
  return {
    strictRequestChecks: strictChecks(ctx.store, ctx.principal.organizationId, false),
    strictForcedByHost: ctx.host.strictRequestChecks,
    requestLogLimit: requestLogLimit(ctx.store),
  }
}

export const CONSOLE_REQUESTS_OPERATIONS: PartialOperationTable<
  'console.requests.list' | 'console.requests.get' | 'console.developer.settings.get' | 'console.developer.settings.update'
> = {
  'console.requests.list': (ctx, { query }) => {
    // Everything answered so far is in the table before it is read.
    ctx.host.flushRequestLog(ctx.emit)
    const limit = query.limit ?? DEFAULT_PAGE
    // Built as JSON in SQLite, never reading headers or bodies (db/api-requests-repo.ts `listJson`).
    const page = ctx.store.apiRequests.listJson({
      environment: ctx.principal.environment,
      organizationId: ctx.principal.organizationId,
      statusClass: query.status ? (Number(query.status[0]) as 2 | 3 | 4 | 5) : undefined,
      path: query.path,
      keyPrefix: query.key,
      source: query.source,
      idempotencyKey: query.idempotencyKey,
      requestId: query.requestId,
      transactionId: query.transactionId,
      from: query.from,
      to: query.to,
      before: query.cursor === undefined ? undefined : Number(query.cursor),
      limit,
    })
    return rawJson<RequestLogPage>(`{"items":${page.json},"nextCursor":${page.nextSeq === null ? 'null' : JSON.stringify(String(page.nextSeq))}}`)
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
    return developerSettings(ctx)
  },
}
