import { defineRoutes } from '../route'

/** Console routes of the simulator area. */
export const CONSOLE_SIMULATOR_ROUTES = defineRoutes({})
