import type { z } from 'zod'
import { CONSOLE_CORE_ROUTES } from './routes/console-core'
import { CONSOLE_CUSTOMERS_ROUTES } from './routes/console-customers'
import { CONSOLE_EVENTS_ROUTES } from './routes/console-events'
import { CONSOLE_FAULTS_ROUTES } from './routes/console-faults'
import { CONSOLE_HOST_ROUTES } from './routes/console-host'
import { CONSOLE_NOTIFICATIONS_ROUTES } from './routes/console-notifications'
import { CONSOLE_RECONCILIATIONS_ROUTES } from './routes/console-reconciliations'
import { CONSOLE_REQUESTS_ROUTES } from './routes/console-requests'
import { CONSOLE_SANDBOXES_ROUTES } from './routes/console-sandboxes'
import { CONSOLE_API_VERSIONS_ROUTES } from './routes/console-api-versions'
import { CONSOLE_SNAPSHOTS_ROUTES } from './routes/console-snapshots'
import { CONSOLE_PAYOUT_BATCHES_ROUTES } from './routes/console-payout-batches'
import { CONSOLE_SIMULATOR_ROUTES } from './routes/console-simulator'
import { CONSOLE_SUPPORT_ROUTES } from './routes/console-support'
import { CONSOLE_STATEMENT_FILE_ROUTES } from './routes/console-statements'
import { CONSOLE_TEAM_ROUTES } from './routes/console-team'
import { CONSOLE_TRANSACTIONS_ROUTES } from './routes/console-transactions'
import { CONSOLE_WEBHOOKS_ROUTES } from './routes/console-webhooks'
import { CONSOLE_UPSTREAM_ROUTES } from './routes/console-upstream'
import { CONSOLE_UPSTREAM_OUTBOX_ROUTES } from './routes/console-upstream-outbox'
import { PUBLIC_ROUTES } from './routes/public'
import type { RouteSpec } from './route'

/** Every route of the service. Feature areas add their table under routes/ and spread it here. */
export const ROUTES = {
  ...PUBLIC_ROUTES,
  ...CONSOLE_CORE_ROUTES,
  ...CONSOLE_SIMULATOR_ROUTES,
  ...CONSOLE_WEBHOOKS_ROUTES,
  ...CONSOLE_TRANSACTIONS_ROUTES,
  ...CONSOLE_HOST_ROUTES,
  ...CONSOLE_CUSTOMERS_ROUTES,
  ...CONSOLE_REQUESTS_ROUTES,
  ...CONSOLE_SUPPORT_ROUTES,
  ...CONSOLE_STATEMENT_FILE_ROUTES,
  ...CONSOLE_FAULTS_ROUTES,
  ...CONSOLE_SANDBOXES_ROUTES,
  ...CONSOLE_API_VERSIONS_ROUTES,
  ...CONSOLE_SNAPSHOTS_ROUTES,
  ...CONSOLE_EVENTS_ROUTES,
  ...CONSOLE_TEAM_ROUTES,
  ...CONSOLE_RECONCILIATIONS_ROUTES,
  ...CONSOLE_NOTIFICATIONS_ROUTES,
  ...CONSOLE_PAYOUT_BATCHES_ROUTES,
  ...CONSOLE_UPSTREAM_ROUTES,
  ...CONSOLE_UPSTREAM_OUTBOX_ROUTES,
} satisfies Record<string, RouteSpec>

export type Routes = typeof ROUTES
export type RouteId = keyof Routes

type InputPart<S, K extends string> = S extends z.ZodType ? { [P in K]: z.input<S> } : { [P in K]?: undefined }

/** What a caller passes for a route: typed from the route's own schemas. */
export type RouteInput<Id extends RouteId> = InputPart<Routes[Id] extends { query: infer Q } ? Q : undefined, 'query'> &
  InputPart<Routes[Id] extends { body: infer B } ? B : undefined, 'body'> &
  InputPart<Routes[Id] extends { params: infer P } ? P : undefined, 'params'> & { idempotencyKey?: string }

/** The envelope's `data` for a route. */
export type RouteData<Id extends RouteId> = z.output<Routes[Id]['response']>

export function isRouteId(value: unknown): value is RouteId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ROUTES, value)
}
