import { ApiError } from '../../../shared/errors'
import type { Organization } from '../../../shared/schemas/console'
import type { OrganizationRow } from '../db/rows'
import { SETTINGS } from '../db/settings-registry'
import type { OperationContext } from './types'
import { insertApiKey, provisionOrganization } from '../seed/provisioning'
import { toApiKey, toOrganization } from '../views/console'
import type { PartialOperationTable } from './types'
import { simulatorModeOf } from '../lifecycle/simulator-settings'
import { assertMayMintLive, holdLiveKey } from './support/live-keys'

function organizationView(ctx: OperationContext, row: OrganizationRow): Organization {
  return toOrganization(row, ctx.store.organizations.shortcodes(row.id))
}

/**
 * The host's addresses as this caller may see them, decided per call: while team mode is on (by flag or by
 * the saved setting) no answer carries the console token, an owner credential, whoever asks.
 */
function hostInfoFor(ctx: OperationContext): { httpUrl: string | null; consoleUrl: string | null } {
  const { httpUrl, consoleUrl } = ctx.host.hostInfo()
  if (consoleUrl === null || !ctx.host.teamMode()) return { httpUrl, consoleUrl }
  return { httpUrl, consoleUrl: httpUrl !== null ? `${httpUrl}/` : consoleUrl.split('?')[0]! }
}

export const CONSOLE_CORE_OPERATIONS: PartialOperationTable<
  'console.info' | 'console.keys.list' | 'console.keys.create' | 'console.keys.revoke' | 'console.organizations.list' | 'console.organizations.create'
> = {
  'console.info': (ctx) => ({
    version: ctx.host.version,
    environment: ctx.principal.environment,
    organization: organizationView(ctx, ctx.store.organizations.get(ctx.principal.organizationId)!),
    ...hostInfoFor(ctx),
    simulatorMode: simulatorModeOf(ctx.store),
    timeZone: ctx.store.settings.get(SETTINGS.organizationTimeZone(ctx.principal.organizationId)),
  }),
  'console.keys.list': (ctx) => ({
    items: ctx.store.apiKeys.list(ctx.principal.organizationId, ctx.principal.environment).map(toApiKey),
  }),
  'console.keys.create': (ctx, { body }) => {
    const live = ctx.principal.environment === 'live'
    if (live) assertMayMintLive(ctx.principal.actor, 'Creating')
    const key = ctx.ids.apiKey(ctx.principal.environment)
    const held = live ? holdLiveKey(ctx, key, body.label ?? 'Console key', body.apiVersion ?? null) : null
    if (held) return held
    const row = insertApiKey(ctx, ctx.principal.organizationId, ctx.principal.environment, key, body.label ?? 'Console key')
    if (body.apiVersion !== undefined) ctx.store.apiKeys.setApiVersion(row.id, body.apiVersion)
    return { ...toApiKey({ ...row, api_version: body.apiVersion ?? null }), key }
  },
  'console.keys.revoke': (ctx, { params }) => {
    const row = ctx.store.apiKeys.get(params.keyId)
    // Scoped like the list: the console revokes keys of the environment it is switched to, never the other one's.
    if (!row || row.organization_id !== ctx.principal.organizationId || row.environment !== ctx.principal.environment) {
      throw new ApiError('not_found', `No API key ${params.keyId} in the ${ctx.principal.environment} environment.`, 'keyId')
    }
    ctx.store.apiKeys.revoke(row.id, ctx.now)
    return toApiKey(ctx.store.apiKeys.get(row.id)!)
  },
  'console.organizations.list': (ctx) => ({ items: ctx.store.organizations.list().map((row) => organizationView(ctx, row)) }),
  'console.organizations.create': (ctx, { body }) => {
    assertMayMintLive(ctx.principal.actor, 'A new organization comes with')
    const created = provisionOrganization(ctx, { name: body.name, enterprise: body.enterprise ?? false, openingFloatMinor: 50_000_000 })
    return { ...organizationView(ctx, ctx.store.organizations.get(created.organizationId)!), testKey: created.testKey, liveKey: created.liveKey }
  },
}
