import { DEFAULT_HTTP_PORT, HttpPortSchema, type HostSettings } from '../../../shared/schemas/host'
import type { OperationContext } from '../engine'
import type { PartialOperationTable } from './types'

/** Settings key of the desktop app's HTTP port (engine settings table, JSON-encoded). */
export const HTTP_PORT_SETTING = 'host.httpPort'

function hostSettings(ctx: OperationContext): HostSettings {
  // A hand-edited or corrupt value falls back to the default rather than breaking the host's start.
  const saved = HttpPortSchema.safeParse(ctx.store.settings.get<unknown>(HTTP_PORT_SETTING))
  return { httpPort: saved.success ? saved.data : DEFAULT_HTTP_PORT, httpUrl: ctx.engine.hostInfo.httpUrl }
}

/** Operations of the console host routes (shared/api/routes/console-host.ts). */
export const CONSOLE_HOST_OPERATIONS: PartialOperationTable<'console.host.get' | 'console.host.update'> = {
  'console.host.get': (ctx) => hostSettings(ctx),
  'console.host.update': (ctx, { body }) => {
    ctx.store.settings.set(HTTP_PORT_SETTING, body.httpPort)
    return hostSettings(ctx)
  },
}
