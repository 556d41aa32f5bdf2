import type { EvidenceBundle } from '../../../../shared/schemas/evidence'
import type { WebhookAttemptRow, WebhookEventRow } from '../../db/webhooks-repo'
import type { OperationContext } from '../types'
import { activeSecrets, secretId } from '../../webhooks/signing'

type EvidenceEvent = EvidenceBundle['webhooks']['events'][number]
type EvidenceAttempt = EvidenceEvent['deliveries'][number]['attempts'][number]

function attemptOf(row: WebhookAttemptRow, payload: string): EvidenceAttempt {
  const { sent } = row
  return {
    attemptNo: row.attempt_no, startedAt: row.started_at, durationMs: row.duration_ms,
    sent: sent === null ? null : { headers: sent.headers, body: sent.body ?? payload, secretIds: sent.secretIds },
    responseStatus: row.response_status, responseBody: row.response_body, error: row.error,
    faults: row.faults ?? [],
  }
}

function eventOf(ctx: OperationContext, row: WebhookEventRow, transactionId: string): EvidenceEvent {
  return {
    id: row.id, type: row.type, created: row.created_at, transactionId, body: row.payload,
    deliveries: ctx.store.webhooks.deliveriesOfEvent(row.id).map((delivery) => ({
      id: delivery.id, url: delivery.url, target: delivery.target, status: delivery.status,
      attempts: ctx.store.webhooks.attemptsOfDelivery(delivery.id).map((attempt) => attemptOf(attempt, row.payload)),
    })),
  }
}

/**
 * Every webhook event of the given transactions (row id -> public id), oldest first, with every delivery and
 * attempt as sent, and the ids of the secrets that sign now. Secrets themselves never leave this function.
 * "Now" is the host's real clock, as for the dispatcher that signs: a rotation's overlap ends on it, so a
 * simulated clock advanced past that end must not name the previous secret as stopped while it still signs.
 */
export function webhookEvidence(ctx: OperationContext, transactions: ReadonlyMap<number, string>): EvidenceBundle['webhooks'] {
  const events: EvidenceEvent[] = []
  for (const [rowId, publicId] of transactions) {
    for (const row of ctx.store.webhooks.eventsOfTransaction(rowId)) events.push(eventOf(ctx, row, publicId))
  }
  events.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id))
  const endpoint = ctx.store.webhooks.endpoint(ctx.principal.organizationId, ctx.principal.environment)
  const signing = endpoint ? activeSecrets(endpoint, ctx.host.wallNow()) : []
  const current = endpoint ? secretId(endpoint.secret) : ''
  const previous = signing.length > 1 ? secretId(signing[0]!) : null
  return { signingSecretIds: { current, previous }, events }
}
