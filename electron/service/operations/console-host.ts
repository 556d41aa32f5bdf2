import type { HostSettings } from '../../../shared/schemas/host'
import type { OperationContext } from './types'
import type { PartialOperationTable } from './types'
import { SETTINGS } from '../db/settings-registry'

function hostSettings(ctx: OperationContext): HostSettings {
  // A hand-edited or corrupt value reads as the default rather than breaking the host's start (the registry).
  return { httpPort: ctx.store.settings.get(SETTINGS.hostHttpPort), httpUrl: ctx.host.hostInfo().httpUrl }
}

/** Operations of the console host routes (shared/api/routes/console-host.ts). */
export const CONSOLE_HOST_OPERATIONS: PartialOperationTable<'console.host.get' | 'console.host.update'> = {
  'console.host.get': (ctx) => hostSettings(ctx),
  'console.host.update': (ctx, { body }) => {
    ctx.store.settings.set(SETTINGS.hostHttpPort, body.httpPort)
    return hostSettings(ctx)
  },
}
