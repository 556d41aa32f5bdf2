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
    response: NotificationRulesSchema, successStatus: 200, message: 'Notification rules retrieved successfully', idempotency: 'none',
  },
  'console.notificationRules.update': {
    method: 'PUT', path: '/console/notification-rules', surface: 'console', permission: 'settings.manage', tag: 'Notifications',
    summary: 'Replace the notification rules; low-float thresholds name collections or payouts accounts of the environment',
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
    params: NotificationPathSchema, response: NotificationSchema, successStatus: 200, message: 'Notification marked read', idempotency: 'none',
  },
  'console.notifications.readAll': {
    method: 'POST', path: '/console/notifications/read-all', surface: 'console', permission: 'transactions.read', tag: 'Notifications',
    summary: 'Mark every notification of the organization and environment read',
    response: ReadAllResultSchema, successStatus: 200, message: 'Notifications marked read', idempotency: 'none',
  },
  'console.floatDesk.get': {
    method: 'GET', path: '/console/float-desk', surface: 'console', permission: 'transactions.read', tag: 'Notifications',
    summary: 'Each payouts account\'s available float against what it must cover, and what a sweep from collections could add',
    response: FloatDeskSchema, successStatus: 200, message: 'Float desk retrieved successfully', idempotency: 'none',
  },
})
