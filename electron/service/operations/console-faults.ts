import { ApiError } from '../../../shared/errors'
import type { OperationContext } from './types'
import { faultState, saveFaultRule } from '../faults/state'
import type { PartialOperationTable } from './types'

function scopeOf(ctx: OperationContext) {
  return { organizationId: ctx.principal.organizationId, environment: ctx.principal.environment }
}

/** The doctor checks the given URL, else the environment's default endpoint. */
function doctorUrl(ctx: OperationContext, url: string | undefined): string | null {
  return url ?? ctx.store.webhooks.endpoint(ctx.principal.organizationId, ctx.principal.environment)?.default_url ?? null
}

export const CONSOLE_FAULTS_OPERATIONS: PartialOperationTable<
  'console.faults.get' | 'console.faults.webhooks.set' | 'console.faults.api.set' | 'console.faults.clear' | 'console.webhooks.doctor.run' | 'console.webhooks.doctor.get'
> = {
  'console.faults.get': (ctx) => faultState(ctx.store, ctx.principal.organizationId, ctx.principal.environment),
  'console.faults.webhooks.set': (ctx, { body }) => {
    saveFaultRule(ctx, scopeOf(ctx), { kind: 'webhook', faults: body.faults }, body.url)
    return faultState(ctx.store, ctx.principal.organizationId, ctx.principal.environment)
  },
  'console.faults.api.set': (ctx, { body }) => {
    saveFaultRule(ctx, scopeOf(ctx), { kind: 'api', faults: body.faults }, body.scope)
    return faultState(ctx.store, ctx.principal.organizationId, ctx.principal.environment)
  },
  'console.faults.clear': (ctx) => {
    ctx.store.faults.deleteAll(ctx.principal.organizationId, ctx.principal.environment)
    return faultState(ctx.store, ctx.principal.organizationId, ctx.principal.environment)
  },
  'console.webhooks.doctor.run': (ctx, { body }) => {
    const url = doctorUrl(ctx, body.url)
    if (!url) throw new ApiError('missing_parameter', 'url is required: no default endpoint is set (PUT /console/webhooks/endpoint).', 'url')
    const endpoint = ctx.store.webhooks.endpoint(ctx.principal.organizationId, ctx.principal.environment)
    if (!endpoint) throw new Error(`no webhook endpoint row for ${ctx.principal.organizationId}/${ctx.principal.environment}`)
    ctx.host.doctor.start(scopeOf(ctx), url, endpoint.secret)
    return { ...ctx.host.doctor.state(scopeOf(ctx), url), running: true }
  },
  'console.webhooks.doctor.get': (ctx, { query }) => ctx.host.doctor.state(scopeOf(ctx), doctorUrl(ctx, query.url)),
}
