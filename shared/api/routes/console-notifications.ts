import { FloatDeskSchema } from '../../schemas/float-desk'
import {
  NotificationListQuerySchema, NotificationListSchema, NotificationPathSchema, NotificationRulesSchema, NotificationSchema,
  ReadAllResultSchema,
} from '../../schemas/notifications'
import { defineRoutes } from '../route'

/** Console routes of notifications (the bell, its rules) and of the float desk on Home (docs/notifications.md). */
export const CONSOLE_NOTIFICATIONS_ROUTES = defineRoutes({
  'console.notificationRules.get': {
    method: 'GET', path: '/console/notification-rules', surface: 'console', permission: 'transactions.read', tag: 'Notifications',
    summary: 'What raises a notification in this organization and environment (defaults until changed)',
    description: 'Amounts are cents. Until the rules are saved these are the defaults: everything on except the per-payment notification, and no low-float thresholds.',
    response: NotificationRulesSchema, successStatus: 200, message: 'Notification rules retrieved successfully', idempotency: 'none',
  },
  'console.notificationRules.update': {
    method: 'PUT', path: '/console/notification-rules', surface: 'console', permission: 'settings.manage', tag: 'Notifications',
    summary: 'Replace the notification rules; low-float thresholds name collections or payouts accounts of the environment',
    description: 'The whole document is replaced. 400 invalid_parameter on lowFloat.N.accountNo for an account that is not a collections or payouts account of the environment, or one named twice.',
    body: NotificationRulesSchema, response: NotificationRulesSchema, successStatus: 200, message: 'Notification rules updated', idempotency: 'none',
  },
  'console.notifications.list': {
    method: 'GET', path: '/console/notifications', surface: 'console', permission: 'transactions.read', tag: 'Notifications',
    summary: 'Notifications, newest first, and how many are unread',
    description: 'Raised from what the engine committed (a completed charge, a failed payout, a balance movement, a webhook attempt, '
      + 'a saved reconciliation), after the commit and once each: never for something that was rolled back.',
    query: NotificationListQuerySchema, response: NotificationListSchema, successStatus: 200, message: 'Notifications retrieved successfully', idempotency: 'none',
  },
  'console.notifications.read': {
    method: 'POST', path: '/console/notifications/{id}/read', surface: 'console', permission: 'transactions.read', tag: 'Notifications',
    summary: 'Mark one notification read',
    description: 'Answers the notification, now read. 404 for a notification of another organization or environment.',
    params: NotificationPathSchema, response: NotificationSchema, successStatus: 200, message: 'Notification marked read', idempotency: 'none',
  },
  'console.notifications.readAll': {
    method: 'POST', path: '/console/notifications/read-all', surface: 'console', permission: 'transactions.read', tag: 'Notifications',
    summary: 'Mark every notification of the organization and environment read',
    description: 'Answers how many were marked and how many remain unread (0, unless new ones were raised meanwhile).',
    response: ReadAllResultSchema, successStatus: 200, message: 'Notifications marked read', idempotency: 'none',
  },
  'console.floatDesk.get': {
    method: 'GET', path: '/console/float-desk', surface: 'console', permission: 'transactions.read', tag: 'Notifications',
    summary: 'Each payouts account\'s available float against what it must cover, and what a sweep from collections could add',
    description: 'Per payouts account: available, what pending payouts hold, its low-float threshold, the shortfall and the suggested move from the default collections account (at most what that account has settled). Amounts are cents. On an environment connected to a provider account (source provider): the provider\'s balances as last read (readAt), and no suggested move.',
    response: FloatDeskSchema, successStatus: 200, message: 'Float desk retrieved successfully', idempotency: 'none',
  },
})
