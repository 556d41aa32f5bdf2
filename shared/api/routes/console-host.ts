import { HostSettingsSchema, UpdateHostSettingsRequestSchema } from '../../schemas/host'
import { defineRoutes } from '../route'

/** Console routes of the host settings area: how the desktop app exposes the engine (its HTTP port). */
export const CONSOLE_HOST_ROUTES = defineRoutes({
  'console.host.get': {
    method: 'GET', path: '/console/host', surface: 'console', permission: 'transactions.read', tag: 'Console',
    summary: 'Host settings: the saved HTTP port and the URL the API listens on now',
    description: 'The port the desktop app saved for its HTTP server and the URL the API answers on now (which may differ until the app restarts).',
    response: HostSettingsSchema, successStatus: 200, message: 'Host settings retrieved successfully', idempotency: 'none',
  },
  'console.host.update': {
    method: 'PUT', path: '/console/host', surface: 'console', permission: 'settings.manage', tag: 'Console',
    summary: 'Save the HTTP port of the desktop app (takes effect when the app restarts)',
    description: 'The headless CLI ignores this setting and keeps using its --port flag.',
    body: UpdateHostSettingsRequestSchema, response: HostSettingsSchema, successStatus: 200,
    message: 'Host settings saved; the new port takes effect when the app restarts', idempotency: 'none',
  },
})
