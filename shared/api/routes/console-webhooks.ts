import { defineRoutes } from '../route'

/** Console routes of the webhooks area. */
export const CONSOLE_WEBHOOKS_ROUTES = defineRoutes({})
