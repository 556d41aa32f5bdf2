import { performance } from 'node:perf_hooks'
import type { SendableDeliveryRow, WebhookDeliveryRow } from '../db/webhooks-repo'
import type { Engine } from '../engine'
import { createHttpTransport, RESPONSE_PREFIX_BYTES } from './http-transport'
import { retryDelayMs } from './schedule'
import { activeSecrets, signatureHeaders } from './signing'
import type { WebhookTransport } from './transport'

/** A 2xx within this long acknowledges (DECISIONS "Webhooks"). */
export const DELIVERY_TIMEOUT_MS = 10_000

export interface DispatcherLimits {
  /** Attempts in flight at once, all endpoints together. */
  maxInFlight: number
  /** Attempts in flight at once to one endpoint (scheme, host and port), so a slow one cannot take every slot. */
  maxPerEndpoint: number
}

export const DEFAULT_LIMITS: DispatcherLimits = { maxInFlight: 8, maxPerEndpoint: 2 }

interface Claim {
  deliveryId: string
  endpointKey: string
}

interface AttemptResult {
  responseStatus: number | null
  responseBody: string | null
  error: string | null
}

/** Deliveries to one server share a slot budget whatever their paths or query strings. */
function endpointKeyOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

async function send(transport: WebhookTransport, delivery: SendableDeliveryRow, headers: Record<string, string>, signal: AbortSignal): Promise<AttemptResult> {
  try {
    const response = await transport({ url: delivery.url, headers, body: delivery.payload, timeoutMs: DELIVERY_TIMEOUT_MS, signal })
    // Injected transports may return more than the prefix; the log keeps only the prefix.
    return { responseStatus: response.status, responseBody: response.bodyPrefix.slice(0, RESPONSE_PREFIX_BYTES), error: null }
  } catch (error) {
    return { responseStatus: null, responseBody: null, error: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * Sends due webhook deliveries (outbox rows), signs them, records attempts and schedules retries.
 *
 * Nothing is written before a send: the in-memory in-flight set is what stops overlapping ticks from
 * sending one delivery twice at once. After a crash mid-attempt the delivery is still `pending` and due,
 * so it is simply sent again (at least once). Each attempt's result is recorded in its own SQLite
 * transaction after the HTTP exchange, never around it.
 */
export function createWebhookDispatcher(engine: Engine, transport: WebhookTransport = createHttpTransport(), limits: DispatcherLimits = DEFAULT_LIMITS) {
  const inFlight = new Set<string>()
  const perEndpoint = new Map<string, number>()
  const closing = new AbortController()

  /** Claims due deliveries while slots are free, skipping busy endpoints so the others still move. */
  function claimDue(cutoff: number): Claim[] {
    const claims: Claim[] = []
    if (inFlight.size >= limits.maxInFlight) return claims
    for (const due of engine.store.webhooks.dueDeliveries(cutoff)) {
      if (inFlight.size >= limits.maxInFlight) break
      if (inFlight.has(due.id)) continue
      const endpointKey = endpointKeyOf(due.url)
      const busy = perEndpoint.get(endpointKey) ?? 0
      if (busy >= limits.maxPerEndpoint) continue
      inFlight.add(due.id)
      perEndpoint.set(endpointKey, busy + 1)
      claims.push({ deliveryId: due.id, endpointKey })
    }
    return claims
  }

  function release(claim: Claim): void {
    inFlight.delete(claim.deliveryId)
    const busy = (perEndpoint.get(claim.endpointKey) ?? 1) - 1
    if (busy <= 0) perEndpoint.delete(claim.endpointKey)
    else perEndpoint.set(claim.endpointKey, busy)
  }

  function record(delivery: SendableDeliveryRow, startedAt: number, durationMs: number, result: AttemptResult): void {
    const finishedAt = engine.now()
    const attemptNo = delivery.attempt_count + 1
    const acknowledged = result.responseStatus !== null && result.responseStatus >= 200 && result.responseStatus < 300
    const delay = acknowledged ? null : retryDelayMs(attemptNo, engine.simulatorMode())
    const status: WebhookDeliveryRow['status'] = acknowledged ? 'succeeded' : delay === null ? 'failed' : 'pending'
    const recorded = engine.store.transaction(() => {
      // A console sandbox reset may have erased the delivery while it was in flight: nothing left to log.
      if (!engine.store.webhooks.delivery(delivery.id)) return false
      engine.store.webhooks.insertAttempt({
        delivery_id: delivery.id, attempt_no: attemptNo, started_at: startedAt, duration_ms: durationMs,
        response_status: result.responseStatus, response_body: result.responseBody, error: result.error,
      })
      engine.store.webhooks.finishAttempt({
        id: delivery.id, status, attempt_count: attemptNo, next_attempt_at: delay === null ? null : finishedAt + delay,
        last_response_status: result.responseStatus, updated_at: finishedAt,
      })
      return true
    })
    if (!recorded) return
    engine.emit({
      type: 'webhook.attempted', environment: delivery.environment, eventId: delivery.event_id, deliveryId: delivery.id,
      outcome: status === 'pending' ? 'retrying' : status,
    })
  }

  /** One attempt of one claimed delivery. Never rejects: a failure to record is logged and retried later. */
  async function attempt(claim: Claim): Promise<void> {
    try {
      const delivery = engine.store.webhooks.sendableDelivery(claim.deliveryId)
      if (!delivery || delivery.status !== 'pending') return
      const endpoint = engine.store.webhooks.endpoint(delivery.organization_id, delivery.environment)
      if (!endpoint) throw new Error(`no webhook endpoint (signing secret) for ${delivery.organization_id}/${delivery.environment}`)
      const startedAt = engine.now()
      // A fresh timestamp and signature per attempt; the event id and body never change.
      const headers = signatureHeaders({
        eventId: delivery.event_id, timestampSeconds: Math.floor(startedAt / 1000), body: delivery.payload,
        secrets: activeSecrets(endpoint, startedAt),
      })
      // Latency is real elapsed time, not the simulated clock (which tests freeze).
      const sentAt = performance.now()
      const result = await send(transport, delivery, headers, closing.signal)
      if (closing.signal.aborted) return
      record(delivery, startedAt, Math.round(performance.now() - sentAt), result)
    } catch (error) {
      if (!closing.signal.aborted) console.error(`[paydesk] webhook delivery ${claim.deliveryId} could not be attempted:`, error)
    } finally {
      release(claim)
    }
  }

  return {
    /**
     * Starts the deliveries due now that fit in the free slots and resolves when those attempts finish.
     * It does not refill slots as they free up: the hosts wait for one tick before the next (and the
     * simulator runs in the same tick), so a tick must last at most one attempt's timeout however large
     * the backlog of a slow endpoint is. Later ticks take the rest; attempts still in flight from an
     * earlier tick keep their slots and are never started twice.
     */
    async tick(): Promise<void> {
      if (closing.signal.aborted) return
      let claims: Claim[]
      try {
        claims = claimDue(engine.now())
      } catch (error) {
        console.error('[paydesk] could not read due webhook deliveries:', error)
        return
      }
      await Promise.all(claims.map(attempt))
    },
    /** Cancels attempts in flight without recording them; they stay due and are retried on the next start. */
    close(): void {
      closing.abort()
    },
  }
}
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>
