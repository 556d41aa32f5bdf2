import { z } from 'zod'
import { ApiKeySchema, SetApiKeyVersionRequestSchema } from '../../schemas/console'
import { defineRoutes } from '../route'

const KeyPath = z.object({ keyId: z.string().min(1).max(64) })

/** Pinning an API key to a release of the payments API (spec section 9; docs/api.md "API releases"). */
export const CONSOLE_API_VERSIONS_ROUTES = defineRoutes({
  'console.keys.setApiVersion': {
    method: 'PUT', path: '/console/keys/{keyId}/api-version', surface: 'console', permission: 'keys.manage', tag: 'Console',
    summary: 'Pin an API key to a release (1.0.0, 1.0.1, 1.0.2), or null to follow the newest',
    description: 'Requests made with the key are served under that release unless they send Paydesk-Api-Version.',
    params: KeyPath, body: SetApiKeyVersionRequestSchema, response: ApiKeySchema, successStatus: 200, message: 'API key release saved', idempotency: 'none',
  },
})
