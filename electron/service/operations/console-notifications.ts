import { ApiError } from '../../../shared/errors'
import { floatDesk } from '../notifications/float-desk'
import { toNotification } from '../notifications/raise'
import { saveRules } from '../notifications/rules'
import { mirroredAccounts } from './support/mirrored-accounts'
import type { PartialOperationTable } from './types'

const PAGE = 50

/** Operations of the notification routes and the float desk (shared/api/routes/console-notifications.ts). */
export const CONSOLE_NOTIFICATIONS_OPERATIONS: PartialOperationTable<
  | 'console.notificationRules.get' | 'console.notificationRules.update' | 'console.notifications.list' | 'console.notifications.read'
  | 'console.notifications.readAll' | 'console.floatDesk.get'
> = {
  'console.notificationRules.get': (ctx) => ctx.store.notifications.rules(ctx.principal.organizationId, ctx.principal.environment),
  'console.notificationRules.update': (ctx, { body }) => saveRules(ctx, ctx.principal, body),
  'console.notifications.list': (ctx, { query }) => {
    const { organizationId, environment } = ctx.principal
    return {
      items: ctx.store.notifications.list(organizationId, environment, ctx.principal.actor.id, query.limit ?? PAGE).map(toNotification),
      unread: ctx.store.notifications.unread(organizationId, environment, ctx.principal.actor.id),
    }
  },
  'console.notifications.read': (ctx, { params }) => {
    const { organizationId, environment } = ctx.principal
    const row = ctx.store.notifications.get(organizationId, environment, ctx.principal.actor.id, params.id)
    if (!row) throw new ApiError('not_found', `No notification ${params.id} in the ${environment} environment.`, 'id')
    ctx.store.notifications.markRead(row.id, ctx.now)
    return toNotification(ctx.store.notifications.get(organizationId, environment, ctx.principal.actor.id, params.id)!)
  },
  'console.notifications.readAll': (ctx) => {
    const { organizationId, environment } = ctx.principal
    const marked = ctx.store.notifications.markAllRead(organizationId, environment, ctx.principal.actor.id, ctx.now)
    return { marked, unread: ctx.store.notifications.unread(organizationId, environment, ctx.principal.actor.id) }
  },
  'console.floatDesk.get': (ctx) => floatDesk(ctx.store, ctx.principal, mirroredAccounts(ctx)),
}
