import type { WebhookEventsQuery } from '../../../../shared/schemas/webhooks'
import { useApiMutation, useApiQuery } from '../use-api'

/** Every webhook route; a webhook.attempted push event refetches them all (push-invalidation.ts). */
const WEBHOOKS = ['console.webhooks.'] as const

/**
 * Webhook events, newest first, each with its deliveries and every attempt. New attempts arrive by push
 * event; `transactionId` narrows it to one transaction (the transaction detail screen).
 */
export function useWebhookEvents(query: WebhookEventsQuery, options: { enabled?: boolean } = {}) {
  return useApiQuery('console.webhooks.events.list', { query }, { enabled: options.enabled, select: (data) => data.items })
}

/** The default endpoint and signing secret of the current environment. */
export function useWebhookEndpoint() {
  return useApiQuery('console.webhooks.endpoint.get', {})
}

/** Set (a URL) or clear (null) the default endpoint. */
export function useUpdateWebhookEndpoint() {
  return useApiMutation('console.webhooks.endpoint.update', { invalidates: WEBHOOKS })
}

/** New signing secret; the previous one keeps signing until the overlap ends. */
export function useRotateWebhookSecret() {
  return useApiMutation('console.webhooks.secret.rotate', { invalidates: WEBHOOKS })
}

/** A test.event to the default endpoint or the given URL. */
export function useSendTestWebhook() {
  return useApiMutation('console.webhooks.test', { invalidates: WEBHOOKS })
}

/** Send an event again (same id and body) to its original URL or another one. */
export function useResendWebhook() {
  return useApiMutation('console.webhooks.events.resend', { invalidates: WEBHOOKS })
}

/** One event with its deliveries and attempts (the event log's selected event). */
export function useWebhookEvent(eventId: string | null) {
  return useApiQuery('console.webhooks.events.get', { params: { eventId: eventId ?? '' } }, { enabled: eventId !== null })
}
