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
  environment: string
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
  }
}
export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>
