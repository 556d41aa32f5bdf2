import type { Environment } from '../../../shared/schemas/common'
import type { WebhookEventType } from '../../../shared/schemas/webhooks'
import type { TransactionRow } from '../db/rows'
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/webhooks-repo'
import { toTransactionAlt } from '../views/transaction'
import type { Unit } from '../core/unit'
import { deliveryOrigin } from './origin'

export interface OutboxEvent {
  organizationId: string
  environment: Environment
  type: WebhookEventType
  transaction: TransactionRow | null
  /** `data` of the envelope; defaults to the transaction in the alternative shape. */
  data?: unknown
  error?: { code: string; message: string }
  /** Deliver to the transaction's webhookUrl too (not for balance.updated). */
  toRequestUrl: boolean
}

/**
 * The exact bytes of an event (DECISIONS "Webhooks"): `created` in unix seconds, `error` only on failures.
 * The receiver doctor and `paydesk events sample` build their events with it too.
 */
export function eventEnvelope(id: string, type: string, now: number, data: unknown, error?: { code: string; message: string }): string {
  return JSON.stringify({ id, type, created: Math.floor(now / 1000), data, ...(error ? { error } : {}) })
}

/** Stores the event with its envelope serialised once: every attempt sends (and signs) these exact bytes. */
function insertEvent(unit: Unit, event: OutboxEvent): string {
  const { store, now } = unit
  const id = unit.ids.event()
  const data = event.data ?? (event.transaction ? toTransactionAlt(event.transaction) : null)
  store.webhooks.insertEvent({
    id, organization_id: event.organizationId, environment: event.environment, type: event.type,
    transaction_id: event.transaction?.id ?? null, payload: eventEnvelope(id, event.type, now, data, event.error), created_at: now,
  })
  return id
}

/** A delivery due now, keyed by its endpoint (origin); the dispatcher notices it at its next claim. */
export function insertDelivery(unit: Unit, eventId: string, url: string, target: WebhookDeliveryRow['target']): WebhookDeliveryRow {
  const { store, ids, now } = unit
  const row: WebhookDeliveryRow = {
    id: ids.delivery(), event_id: eventId, url, origin: deliveryOrigin(url), target, status: 'pending', attempt_count: 0, next_attempt_at: now,
    last_response_status: null, created_at: now, updated_at: now, stop_reason: null,
  }
  store.webhooks.insertDelivery(row)
  return row
}

/** Whether the default endpoint takes events of `type`: every type when it chose none. */
export function takesEvent(endpoint: Pick<WebhookEndpointRow, 'events'>, type: WebhookEventType): boolean {
  return endpoint.events === null || (endpoint.events as readonly WebhookEventType[]).includes(type)
}

/**
 * Writes a webhook event and one delivery per target URL. Call it in the unit of the
 * state change that causes the event, so a crash can delay the event but never lose it.
 * The payload is stored as the exact bytes every attempt sends.
 */
export function enqueueWebhookEvent(unit: Unit, event: OutboxEvent): string {
  const id = insertEvent(unit, event)
  const urls = new Map<string, 'request' | 'default'>()
  if (event.toRequestUrl && event.transaction?.webhook_url) urls.set(event.transaction.webhook_url, 'request')
  // The default endpoint gets the event types it chose (every one when it chose none); a request's own URL
  // gets its transaction's events whatever the default endpoint chose.
  const endpoint = unit.store.webhooks.endpoint(event.organizationId, event.environment)
  const defaultUrl = endpoint?.default_url
  if (defaultUrl && !urls.has(defaultUrl) && takesEvent(endpoint, event.type)) urls.set(defaultUrl, 'default')
  for (const [url, target] of urls) insertDelivery(unit, id, url, target)
  return id
}

/** The console's "send a test event": a `test.event` delivered to one URL only. */
export function enqueueTestEvent(unit: Unit, scope: { organizationId: string; environment: Environment }, url: string): string {
  const id = insertEvent(unit, {
    ...scope, type: 'test.event', transaction: null, toRequestUrl: false,
    data: { message: 'A test event sent from the Paydesk console.', organizationId: scope.organizationId, environment: scope.environment },
  })
  insertDelivery(unit, id, url, 'test')
  return id
}
