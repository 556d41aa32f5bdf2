import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../../shared/schemas/webhooks'
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow, WebhookEventRecord } from '../db/webhooks-repo'

/** A delivery with every attempt, as the console's log shows it. */
export function toWebhookDelivery(row: WebhookDeliveryRow, attempts: readonly WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: row.id, url: row.url, target: row.target, status: row.status, attemptCount: row.attempt_count,
    nextAttemptAt: row.next_attempt_at, lastResponseStatus: row.last_response_status, stopReason: row.stop_reason,
    attempts: attempts.map((attempt) => ({
      attemptNo: attempt.attempt_no, startedAt: attempt.started_at, durationMs: attempt.duration_ms,
      responseStatus: attempt.response_status, responseBody: attempt.response_body, error: attempt.error,
      faults: attempt.faults ?? [],
    })),
  }
}

/** `transactionId`: the public id of the event's transaction, if it has one. */
export function toWebhookEvent(row: WebhookEventRecord, transactionId: string | null, deliveries: WebhookDelivery[]): WebhookEvent {
  return {
    id: row.id,
    type: row.type,
    created: row.created_at,
    transactionId,
    payload: row.envelope,
    deliveries,
  }
}

/**
 * The previous secret's expiry is shown only while it still signs. It is a wall-clock time (`clocks.wall`);
 * the simulated clock's reading at that moment is `clocks.simulated` plus the time left.
 */
export function toWebhookEndpoint(row: WebhookEndpointRow, clocks: { wall: number; simulated: number }): WebhookEndpoint {
  const expiresAt = row.previous_secret !== null && row.previous_secret_expires_at !== null && row.previous_secret_expires_at > clocks.wall
    ? row.previous_secret_expires_at
    : null
  return {
    defaultUrl: row.default_url, events: row.events === null ? null : [...row.events], secret: row.secret, previousSecretExpiresAt: expiresAt,
    previousSecretExpiresAtSimulated: expiresAt === null ? null : clocks.simulated + (expiresAt - clocks.wall),
  }
}
