import { ApiError } from '../../../shared/errors'
import type { Environment } from '../../../shared/schemas/common'
import { createOrganizationDeleter } from '../db/organization-delete'
import type { Store } from '../db/store'
import { provisionOrganization } from '../seed/provisioning'
import { toAccount } from '../views/account'
import type { PartialOperationTable } from './types'
import { SETTINGS } from '../db/settings-registry'
import { assertMayMintLive } from './support/live-keys'

const OPENING_FLOAT_MINOR = 50_000_000

function nextShortcode(store: Store): string {
  let code = store.settings.get(SETTINGS.sandboxShortcodeSeq)
  while (store.organizations.shortcodeOwner(String(code)) !== undefined) code += 1
  store.settings.set(SETTINGS.sandboxShortcodeSeq, code + 1)
  return String(code)
}

const deleters = new WeakMap<Store, (organizationId: string) => void>()
function deleterOf(store: Store) {
  let deleter = deleters.get(store)
  if (!deleter) deleters.set(store, (deleter = createOrganizationDeleter(store.db)))
  return deleter
}

export const CONSOLE_SANDBOXES_OPERATIONS: PartialOperationTable<'console.sandboxes.create' | 'console.sandboxes.delete'> = {
  'console.sandboxes.create': (ctx, { body }) => {
    assertMayMintLive(ctx.principal.actor, 'A new sandbox comes with')
    const enterprise = body.enterprise ?? true
    const seq = ctx.store.settings.get(SETTINGS.sandboxCount) + 1
    ctx.store.settings.set(SETTINGS.sandboxCount, seq)
    const name = body.name ?? `Sandbox ${seq}`
    const created = provisionOrganization(ctx, {
      name, enterprise, shortcode: enterprise ? nextShortcode(ctx.store) : undefined, openingFloatMinor: OPENING_FLOAT_MINOR,
    })
    const id = created.organizationId
    const secret = (environment: Environment) => ctx.store.webhooks.endpoint(id, environment)!.secret
    const accounts = (environment: Environment) => ctx.store.accounts.list(id, environment).map(toAccount)
    return {
      id, name, enterprise, shortcodes: ctx.store.organizations.shortcodes(id), createdAt: ctx.now,
      testKey: created.testKey, liveKey: created.liveKey,
      webhookSecrets: { test: secret('test'), live: secret('live') },
      accounts: { test: accounts('test'), live: accounts('live') },
    }
  },
  'console.sandboxes.delete': (ctx, { params }) => {
    const id = params.organizationId
    if (!ctx.store.organizations.get(id)) throw new ApiError('not_found', `No sandbox ${id}.`, 'organizationId')
    if (id === ctx.store.settings.get(SETTINGS.demoOrganizationId)) {
      throw new ApiError('invalid_parameter', 'The demo organization is not a sandbox and cannot be deleted.', 'organizationId')
    }
    deleterOf(ctx.store)(id)
    return { id, deleted: true as const }
  },
}
