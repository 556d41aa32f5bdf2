import { defineRoutes } from '../route'

/** Console routes of the host settings area (HTTP port of the desktop app, ...). */
export const CONSOLE_HOST_ROUTES = defineRoutes({})
