import type { Environment } from '../../../shared/schemas/common'
import type { Db } from './connection'

export interface WebhookEndpointRow {
  organization_id: string
  environment: string
  default_url: string | null
  secret: string
  previous_secret: string | null
  previous_secret_expires_at: number | null
}

export interface WebhookEventRow {
  id: string
  organization_id: string
  environment: Environment
  type: string
  transaction_id: number | null
  payload: string
  created_at: number
}

export interface WebhookDeliveryRow {
  id: string
  event_id: string
  url: string
  target: 'request' | 'default' | 'test' | 'resend'
  status: 'pending' | 'succeeded' | 'failed'
  attempt_count: number
  next_attempt_at: number | null
  last_response_status: number | null
  created_at: number
  updated_at: number
}

export interface WebhookAttemptRow {
  id: number
  delivery_id: string
  attempt_no: number
  started_at: number
  duration_ms: number
  response_status: number | null
  response_body: string | null
  error: string | null
}

/** What one attempt needs: the delivery joined with its event. */
export interface SendableDeliveryRow {
  id: string
  url: string
  status: WebhookDeliveryRow['status']
  attempt_count: number
  event_id: string
  organization_id: string
  environment: Environment
  payload: string
}

export interface EventFilter {
  organizationId: string
  environment: string
  transactionId: number | null
  url: string | null
  type: string | null
  limit: number
}

/** Webhook endpoints, the outbox of events and their deliveries. Dispatch logic lives in webhooks/. */
export function createWebhooksRepo(db: Db) {
  const endpointStmt = db.prepare<[string, string], WebhookEndpointRow>('SELECT * FROM webhook_endpoints WHERE organization_id = ? AND environment = ?')
  const insertEndpointStmt = db.prepare(`INSERT INTO webhook_endpoints (organization_id, environment, default_url, secret, previous_secret, previous_secret_expires_at)
    VALUES (@organization_id, @environment, @default_url, @secret, @previous_secret, @previous_secret_expires_at)
    ON CONFLICT(organization_id, environment) DO UPDATE SET default_url = excluded.default_url, secret = excluded.secret,
      previous_secret = excluded.previous_secret, previous_secret_expires_at = excluded.previous_secret_expires_at`)
  const insertEventStmt = db.prepare('INSERT INTO webhook_events (id, organization_id, environment, type, transaction_id, payload, created_at) VALUES (@id, @organization_id, @environment, @type, @transaction_id, @payload, @created_at)')
  const insertDeliveryStmt = db.prepare(`INSERT INTO webhook_deliveries (id, event_id, url, target, status, attempt_count, next_attempt_at, last_response_status, created_at, updated_at)
    VALUES (@id, @event_id, @url, @target, @status, @attempt_count, @next_attempt_at, @last_response_status, @created_at, @updated_at)`)
  const eventsOfTxStmt = db.prepare<[number], WebhookEventRow>('SELECT * FROM webhook_events WHERE transaction_id = ? ORDER BY created_at, id')
  const eventStmt = db.prepare<[string], WebhookEventRow>('SELECT * FROM webhook_events WHERE id = ?')
  const listEventsStmt = db.prepare<[EventFilter], WebhookEventRow>(`SELECT e.* FROM webhook_events e
    WHERE e.organization_id = @organizationId AND e.environment = @environment
      AND (@transactionId IS NULL OR e.transaction_id = @transactionId)
      AND (@type IS NULL OR e.type = @type)
      AND (@url IS NULL OR EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.url = @url))
    -- rowid breaks ties in insertion order: ids are random within one millisecond.
    ORDER BY e.created_at DESC, e.rowid DESC LIMIT @limit`)
  const deliveryStmt = db.prepare<[string], WebhookDeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = ?')
  const deliveriesOfEventStmt = db.prepare<[string], WebhookDeliveryRow>('SELECT * FROM webhook_deliveries WHERE event_id = ? ORDER BY created_at, rowid')
  const dueStmt = db.prepare<[number], { id: string; url: string }>(
    "SELECT id, url FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, rowid",
  )
  const sendableStmt = db.prepare<[string], SendableDeliveryRow>(`SELECT d.id, d.url, d.status, d.attempt_count, e.id AS event_id,
      e.organization_id, e.environment, e.payload
    FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.id = ?`)
  const insertAttemptStmt = db.prepare(`INSERT INTO webhook_attempts (delivery_id, attempt_no, started_at, duration_ms, response_status, response_body, error)
    VALUES (@delivery_id, @attempt_no, @started_at, @duration_ms, @response_status, @response_body, @error)`)
  const attemptsStmt = db.prepare<[string], WebhookAttemptRow>('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt_no, id')
  const finishAttemptStmt = db.prepare(`UPDATE webhook_deliveries SET status = @status, attempt_count = @attempt_count,
    next_attempt_at = @next_attempt_at, last_response_status = @last_response_status, updated_at = @updated_at WHERE id = @id`)
  return {
    endpoint(organizationId: string, environment: string): WebhookEndpointRow | undefined {
      return endpointStmt.get(organizationId, environment)
    },
    saveEndpoint(row: WebhookEndpointRow): void {
      insertEndpointStmt.run(row)
    },
    insertEvent(row: WebhookEventRow): void {
      insertEventStmt.run(row)
    },
    insertDelivery(row: WebhookDeliveryRow): void {
      insertDeliveryStmt.run(row)
    },
    eventsOfTransaction(transactionId: number): WebhookEventRow[] {
      return eventsOfTxStmt.all(transactionId)
    },
    event(id: string): WebhookEventRow | undefined {
      return eventStmt.get(id)
    },
    /** Newest first, in one organization and environment. */
    listEvents(filter: EventFilter): WebhookEventRow[] {
      return listEventsStmt.all(filter)
    },
    delivery(id: string): WebhookDeliveryRow | undefined {
      return deliveryStmt.get(id)
    },
    deliveriesOfEvent(eventId: string): WebhookDeliveryRow[] {
      return deliveriesOfEventStmt.all(eventId)
    },
    /** Pending deliveries due at `now`, oldest due first. Lazy, so the dispatcher stops reading once it is full. */
    dueDeliveries(now: number): IterableIterator<{ id: string; url: string }> {
      return dueStmt.iterate(now)
    },
    sendableDelivery(id: string): SendableDeliveryRow | undefined {
      return sendableStmt.get(id)
    },
    insertAttempt(row: Omit<WebhookAttemptRow, 'id'>): void {
      insertAttemptStmt.run(row)
    },
    attemptsOfDelivery(deliveryId: string): WebhookAttemptRow[] {
      return attemptsStmt.all(deliveryId)
    },
    /** Records where a delivery stands after an attempt (next attempt time, or final status). */
    finishAttempt(row: Pick<WebhookDeliveryRow, 'id' | 'status' | 'attempt_count' | 'next_attempt_at' | 'last_response_status' | 'updated_at'>): void {
      finishAttemptStmt.run(row)
    },
  }
}
export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>
