import { ApiError } from '../../../shared/errors'
import { toApiKey } from '../views/console'
import type { PartialOperationTable } from './types'

export const CONSOLE_API_VERSIONS_OPERATIONS: PartialOperationTable<'console.keys.setApiVersion'> = {
  'console.keys.setApiVersion': (ctx, { params, body }) => {
    const row = ctx.store.apiKeys.get(params.keyId)
    // Scoped like the key list: the console's organization and environment only.
    if (!row || row.organization_id !== ctx.principal.organizationId || row.environment !== ctx.principal.environment) {
      throw new ApiError('not_found', `No API key ${params.keyId} in the ${ctx.principal.environment} environment.`, 'keyId')
    }
    ctx.store.apiKeys.setApiVersion(row.id, body.apiVersion)
    return toApiKey(ctx.store.apiKeys.get(row.id)!)
  },
}
