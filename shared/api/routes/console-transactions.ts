import { defineRoutes } from '../route'

/** Console routes of the transactions area. */
export const CONSOLE_TRANSACTIONS_ROUTES = defineRoutes({})
