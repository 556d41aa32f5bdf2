import type { Environment } from '../../../shared/schemas/common'
import type { EndpointEventType, WebhookEnvelope, WebhookEventType } from '../../../shared/schemas/webhooks'
import type { Db } from './connection'
import type { TableWatch } from './cache/table-watch'

export interface WebhookEndpointRow {
  organization_id: string
  environment: string
  default_url: string | null
  /** The event types the default endpoint takes (decoded from the JSON column); null for every event. */
  events: readonly EndpointEventType[] | null
  secret: string
  previous_secret: string | null
  /** Wall-clock ms: the overlap of a secret rotation is the merchant's real time. */
  previous_secret_expires_at: number | null
}

/** The row as stored: `events` is JSON text. */
type StoredEndpointRow = Omit<WebhookEndpointRow, 'events'> & { events: string | null }

export interface WebhookEventRow {
  id: string
  organization_id: string
  environment: Environment
  type: WebhookEventType
  transaction_id: number | null
  payload: string
  created_at: number
}

export interface WebhookDeliveryRow {
  id: string
  event_id: string
  url: string
  /** The URL's origin (scheme, host and port): the endpoint whose slots the dispatcher counts. */
  origin: string
  target: 'request' | 'default' | 'test' | 'resend'
  status: 'pending' | 'succeeded' | 'failed'
  attempt_count: number
  next_attempt_at: number | null
  last_response_status: number | null
  created_at: number
  updated_at: number
  /** Why it stopped before it succeeded or ran out of attempts (its endpoint stopped taking its event type); null otherwise. */
  stop_reason: string | null
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
  /** The fault lab's faults applied to this attempt (faults/webhook-faults.ts), or null (stored as JSON text). */
  faults: string[] | null
  /** What was sent (stored as JSON text), or null: dropped by a fault, or logged before migration 017. */
  sent: SentRequest | null
}

/** What one attempt sent: its headers (signatures included), the ids of the secrets that signed, and the body when a fault altered it. */
export interface SentRequest {
  headers: Record<string, string>
  secretIds: string[]
  body?: string
}
type StoredAttemptRow = Omit<WebhookAttemptRow, 'faults' | 'sent'> & { faults: string | null; sent: string | null }
const jsonOrNull = (value: unknown): string | null => (value === null ? null : JSON.stringify(value))
const decodeAttempt = (row: StoredAttemptRow): WebhookAttemptRow => ({
  ...row,
  faults: row.faults === null ? null : (JSON.parse(row.faults) as string[]),
  sent: row.sent === null ? null : (JSON.parse(row.sent) as SentRequest),
})

/** An event as the console reads it: its payload's exact bytes, and the envelope they hold. */
export interface WebhookEventRecord extends WebhookEventRow {
  envelope: WebhookEnvelope
}
const withEnvelope = (row: WebhookEventRow): WebhookEventRecord => ({ ...row, envelope: JSON.parse(row.payload) as WebhookEnvelope })

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

/** The dispatcher's claim: exported so a test can check its query plan (an index seek, never a scan). */
export const DUE_OF_ORIGIN_SQL =
  "SELECT id FROM webhook_deliveries WHERE origin = ? AND status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, rowid LIMIT ?"

/** Endpoints, events, deliveries and attempts: what the outbox writes and the console reads. */
function outboxStatements(db: Db, watch: TableWatch) {
  const endpointStmt = db.prepare<[string, string], StoredEndpointRow>('SELECT * FROM webhook_endpoints WHERE organization_id = ? AND environment = ?')
  return {
    // Asked for every event written (and every balance change): remembered until an endpoint changes.
    endpointOf: watch.memo([{ table: 'webhook_endpoints' }], (key): WebhookEndpointRow | undefined => {
      const [organizationId, environment] = key.split('\u0000') as [string, string]
      const row = endpointStmt.get(organizationId, environment)
      return row && { ...row, events: row.events === null ? null : (JSON.parse(row.events) as EndpointEventType[]) }
    }),
    insertEndpoint: db.prepare(`INSERT INTO webhook_endpoints (organization_id, environment, default_url, events, secret, previous_secret, previous_secret_expires_at)
      VALUES (@organization_id, @environment, @default_url, @events, @secret, @previous_secret, @previous_secret_expires_at)
      ON CONFLICT(organization_id, environment) DO UPDATE SET default_url = excluded.default_url, events = excluded.events, secret = excluded.secret,
        previous_secret = excluded.previous_secret, previous_secret_expires_at = excluded.previous_secret_expires_at`),
    // Pending deliveries to the default endpoint of event types it no longer takes: a seek on the pending rows
    // (webhook_deliveries_due is partial on status = 'pending'), few at any time.
    stopUnchosen: db.prepare(`UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, stop_reason = @reason, updated_at = @now
      WHERE status = 'pending' AND target = 'default' AND event_id IN (SELECT e.id FROM webhook_events e
        WHERE e.organization_id = @organizationId AND e.environment = @environment AND e.type NOT IN (SELECT value FROM json_each(@kept)))`),
    insertEvent: db.prepare('INSERT INTO webhook_events (id, organization_id, environment, type, transaction_id, payload, created_at) VALUES (@id, @organization_id, @environment, @type, @transaction_id, @payload, @created_at)'),
    insertDelivery: db.prepare(`INSERT INTO webhook_deliveries (id, event_id, url, origin, target, status, attempt_count, next_attempt_at, last_response_status, created_at, updated_at, stop_reason)
      VALUES (@id, @event_id, @url, @origin, @target, @status, @attempt_count, @next_attempt_at, @last_response_status, @created_at, @updated_at, @stop_reason)`),
    eventsOfTx: db.prepare<[number], WebhookEventRow>('SELECT * FROM webhook_events WHERE transaction_id = ? ORDER BY created_at, id'),
    event: db.prepare<[string], WebhookEventRow>('SELECT * FROM webhook_events WHERE id = ?'),
    listEvents: db.prepare<[EventFilter], WebhookEventRow>(`SELECT e.* FROM webhook_events e
      WHERE e.organization_id = @organizationId AND e.environment = @environment
        AND (@transactionId IS NULL OR e.transaction_id = @transactionId)
        AND (@type IS NULL OR e.type = @type)
        AND (@url IS NULL OR EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.url = @url))
      -- rowid breaks ties in insertion order: ids are random within one millisecond.
      ORDER BY e.created_at DESC, e.rowid DESC LIMIT @limit`),
    delivery: db.prepare<[string], WebhookDeliveryRow>('SELECT * FROM webhook_deliveries WHERE id = ?'),
    deliveriesOfEvent: db.prepare<[string], WebhookDeliveryRow>('SELECT * FROM webhook_deliveries WHERE event_id = ? ORDER BY created_at, rowid'),
    insertAttempt: db.prepare(`INSERT INTO webhook_attempts (delivery_id, attempt_no, started_at, duration_ms, response_status, response_body, error, faults, sent)
      VALUES (@delivery_id, @attempt_no, @started_at, @duration_ms, @response_status, @response_body, @error, @faults, @sent)`),
    attempts: db.prepare<[string], StoredAttemptRow>('SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt_no, id'),
  }
}

function outboxRepo(db: Db, watch: TableWatch) {
  const stmt = outboxStatements(db, watch)
  return {
    endpoint(organizationId: string, environment: string): WebhookEndpointRow | undefined {
      return stmt.endpointOf(`${organizationId}\u0000${environment}`)
    },
    saveEndpoint(row: WebhookEndpointRow): void {
      stmt.insertEndpoint.run({ ...row, events: row.events === null ? null : JSON.stringify(row.events) })
    },
    /**
     * Stops the pending deliveries to the default endpoint of one organization and environment whose event
     * type is not in `kept`: failed, not due again, with `reason`. Answers how many stopped.
     */
    stopUnchosenDefaultDeliveries(scope: { organizationId: string; environment: string }, kept: readonly EndpointEventType[], reason: string, now: number): number {
      return stmt.stopUnchosen.run({ ...scope, kept: JSON.stringify(kept), reason, now }).changes
    },
    insertEvent(row: WebhookEventRow): void {
      stmt.insertEvent.run(row)
    },
    insertDelivery(row: WebhookDeliveryRow): void {
      stmt.insertDelivery.run(row)
    },
    eventsOfTransaction(transactionId: number): WebhookEventRecord[] {
      return stmt.eventsOfTx.all(transactionId).map(withEnvelope)
    },
    event(id: string): WebhookEventRecord | undefined {
      const row = stmt.event.get(id)
      return row && withEnvelope(row)
    },
    /** Newest first, in one organization and environment. */
    listEvents(filter: EventFilter): WebhookEventRecord[] {
      return stmt.listEvents.all(filter).map(withEnvelope)
    },
    delivery(id: string): WebhookDeliveryRow | undefined {
      return stmt.delivery.get(id)
    },
    deliveriesOfEvent(eventId: string): WebhookDeliveryRow[] {
      return stmt.deliveriesOfEvent.all(eventId)
    },
    insertAttempt(row: Omit<WebhookAttemptRow, 'id'>): void {
      stmt.insertAttempt.run({ ...row, faults: jsonOrNull(row.faults), sent: jsonOrNull(row.sent) })
    },
    attemptsOfDelivery(deliveryId: string): WebhookAttemptRow[] {
      return stmt.attempts.all(deliveryId).map(decodeAttempt)
    },
  }
}

/**
 * The dispatcher's queries: each one a seek in webhook_deliveries_origin_due (migration 002) or on the
 * rowid, so their cost does not grow with the backlog of pending deliveries.
 */
function dispatchRepo(db: Db) {
  const dueOfOriginStmt = db.prepare<[string, number, number], { id: string }>(DUE_OF_ORIGIN_SQL)
  const nextDueOfOriginStmt = db.prepare<[string, number], { next_attempt_at: number }>(
    "SELECT next_attempt_at FROM webhook_deliveries WHERE origin = ? AND status = 'pending' AND next_attempt_at > ? ORDER BY next_attempt_at LIMIT 1",
  )
  const pendingOriginAfterStmt = db.prepare<[string], { origin: string }>("SELECT origin FROM webhook_deliveries WHERE status = 'pending' AND origin > ? ORDER BY origin LIMIT 1")
  const deliveriesFromRowidStmt = db.prepare<[number], { rowid: number; id: string; origin: string }>('SELECT rowid, id, origin FROM webhook_deliveries WHERE rowid >= ? ORDER BY rowid')
  const lastDeliveryStmt = db.prepare<[], { rowid: number; id: string }>('SELECT rowid, id FROM webhook_deliveries ORDER BY rowid DESC LIMIT 1')
  const sendableStmt = db.prepare<[string], SendableDeliveryRow>(`SELECT d.id, d.url, d.status, d.attempt_count, e.id AS event_id,
      e.organization_id, e.environment, e.payload
    FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.id = ?`)
  const finishAttemptStmt = db.prepare(`UPDATE webhook_deliveries SET status = @status, attempt_count = @attempt_count,
    next_attempt_at = @next_attempt_at, last_response_status = @last_response_status, updated_at = @updated_at WHERE id = @id`)
  return {
    /** Ids of up to `limit` pending deliveries to one origin due at `now`, oldest due first. */
    dueDeliveriesOfOrigin(origin: string, now: number, limit: number): string[] {
      return dueOfOriginStmt.all(origin, now, limit).map((row) => row.id)
    },
    /** When the next pending delivery to `origin` due after `now` is due, or null when none is. */
    nextDueOfOrigin(origin: string, now: number): number | null {
      return nextDueOfOriginStmt.get(origin, now)?.next_attempt_at ?? null
    },
    /** Every origin with a pending delivery, one index seek per origin (not a read of every pending row). */
    pendingOrigins(): string[] {
      const origins: string[] = []
      for (let row = pendingOriginAfterStmt.get(''); row; row = pendingOriginAfterStmt.get(row.origin)) origins.push(row.origin)
      return origins
    },
    /** Deliveries from `rowid` on (inclusive), in insertion order: how the dispatcher notices new ones. */
    deliveriesFromRowid(rowid: number): { rowid: number; id: string; origin: string }[] {
      return deliveriesFromRowidStmt.all(rowid)
    },
    /** The most recently inserted delivery still stored, or undefined when there is none. */
    lastDelivery(): { rowid: number; id: string } | undefined {
      return lastDeliveryStmt.get()
    },
    sendableDelivery(id: string): SendableDeliveryRow | undefined {
      return sendableStmt.get(id)
    },
    /** Records where a delivery stands after an attempt (next attempt time, or final status). */
    finishAttempt(row: Pick<WebhookDeliveryRow, 'id' | 'status' | 'attempt_count' | 'next_attempt_at' | 'last_response_status' | 'updated_at'>): void {
      finishAttemptStmt.run(row)
    },
  }
}

/** Webhook endpoints, the outbox of events and their deliveries. Dispatch logic lives in webhooks/. */
export function createWebhooksRepo(db: Db, watch: TableWatch) {
  return { ...outboxRepo(db, watch), ...dispatchRepo(db) }
}
export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>
