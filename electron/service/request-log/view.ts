import type { RequestLogDetail, RequestLogEntry } from '../../../shared/schemas/request-log'
import type { ApiRequestRow } from '../db/api-requests-repo'
import type { Store } from '../db/store'

export function toRequestLogEntry(row: ApiRequestRow): RequestLogEntry {
  return {
    requestId: row.request_id,
    environment: row.environment,
    at: row.at,
    method: row.method,
    path: row.path,
    query: row.query,
    status: row.status,
    durationMs: row.duration_ms,
    keyPrefix: row.key_prefix,
    idempotencyKey: row.idempotency_key,
    replayed: row.replayed === 1,
    warnings: row.warnings,
    faults: row.faults,
    transactionId: row.transaction_id,
  }
}

/** The full record, with the webhook events of its transaction (so a request links to what it caused). */
export function toRequestLogDetail(store: Store, row: ApiRequestRow, organizationId: string): RequestLogDetail {
  const transaction = row.transaction_id ? store.transactions.getByPublicId(organizationId, row.environment, row.transaction_id) : undefined
  const events = transaction ? store.webhooks.eventsOfTransaction(transaction.id) : []
  return {
    ...toRequestLogEntry(row),
    requestHeaders: row.request_headers,
    requestBody: row.request_body,
    responseHeaders: row.response_headers,
    responseBody: row.response_body,
    webhookEvents: events.map((event) => ({ id: event.id, type: event.type, createdAt: event.created_at })),
  }
}
