import type { OutboxAttemptRecord, OutboxRecord } from '../db/upstream-outbox-repo'

/** An outbox row as the console reads it (shared/schemas/upstream-outbox.ts). */
export function toOutboxRow(row: OutboxRecord) {
  return {
    id: row.id, merchantTransactionId: row.merchant_transaction_id, idempotencyKey: row.idempotency_key, route: row.route,
    body: JSON.parse(row.body) as Record<string, unknown>, bodySha256: row.body_sha256, state: row.state, attempts: row.attempts,
    nextAt: row.next_at, lastError: row.last_error, transactionId: row.transaction_id, unknownSince: row.unknown_since,
    closedNote: row.closed_note, closedBy: row.closed_by, createdAt: row.created_at, updatedAt: row.updated_at,
  }
}

export function toOutboxAttempt(attempt: OutboxAttemptRecord) {
  return { at: attempt.at, kind: attempt.kind, status: attempt.status, outcome: attempt.outcome, answer: attempt.answer }
}
