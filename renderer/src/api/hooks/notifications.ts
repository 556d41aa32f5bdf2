import { MONEY_MOVEMENT_INVALIDATES, useApiMutation, useApiQuery } from '../use-api'

/** The newest notifications and the unread count (the bell); refreshed by `notification.raised`. */
export function useNotifications() {
  return useApiQuery('console.notifications.list', { query: { limit: '30' } })
}

export function useMarkNotificationRead() {
  return useApiMutation('console.notifications.read', { invalidates: ['console.notifications.'] })
}

export function useMarkAllNotificationsRead() {
  return useApiMutation('console.notifications.readAll', { invalidates: ['console.notifications.'] })
}

export function useNotificationRules() {
  return useApiQuery('console.notificationRules.get', {})
}

export function useUpdateNotificationRules() {
  return useApiMutation('console.notificationRules.update', { invalidates: ['console.notificationRules.', 'console.floatDesk.get'] })
}

/** The float desk; the provider's balances (a connected environment) are read again as the connection status is, every 5 s. */
export function useFloatDesk() {
  return useApiQuery('console.floatDesk.get', {}, { refetchInterval: (query) => (query.state.data?.source === 'provider' ? 5_000 : false) })
}

/** The existing sweep (collections -> payouts), with an amount and the account to fund. */
export function useMoveToPayouts() {
  return useApiMutation('console.funds.sweep', { invalidates: [...MONEY_MOVEMENT_INVALIDATES, 'console.floatDesk.get'] })
}
