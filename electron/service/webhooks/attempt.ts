import { performance } from 'node:perf_hooks'
import type { WebhookFaults } from '../../../shared/schemas/faults'
import type { Engine } from '../core/engine'
import { newUnit } from '../core/unit'
import type { SendableDeliveryRow, SentRequest, WebhookDeliveryRow, WebhookEndpointRow } from '../db/webhooks-repo'
import { faultAttempt, holdUntil, webhookFaultsOf } from '../faults/webhook-faults'
import { simulatorModeOf } from '../lifecycle/simulator-settings'
import type { Claim, DeliverySlots } from './delivery-slots'
import { RESPONSE_PREFIX_BYTES } from './http-transport'
import { retryDelayMs } from './schedule'
import { activeSecrets, signCopy, type SignedCopy } from './signing'
import type { WebhookTransport } from './transport'

/** A 2xx within this long acknowledges (DECISIONS "Webhooks"). */
export const DELIVERY_TIMEOUT_MS = 10_000

/**
 * After an attempt that could not be made or recorded (our error, not the endpoint's answer: no signing
 * secret, a database error), its endpoint rests this long (simulated time) instead of being retried at once.
 */
const ERROR_PAUSE_MS = 1_000

/** A claimed delivery as it will be sent: its row, its endpoint's secrets, the fault rule that applies. */
export interface Ready {
  delivery: SendableDeliveryRow
  endpoint: WebhookEndpointRow
  faults: WebhookFaults | null
}

/** A claim with what to send, read in the claim's own transaction (`readyToSend`), or why that failed. */
export interface ReadClaim extends Claim {
  ready?: { ok: true; value: Ready | null } | { ok: false; error: unknown }
}

interface AttemptResult {
  responseStatus: number | null
  responseBody: string | null
  error: string | null
}

/** The result of an attempt the `drop` fault did not send. */
const DROPPED: AttemptResult = { responseStatus: null, responseBody: null, error: 'not sent: dropped by the fault lab (drop)' }

async function send(transport: WebhookTransport, url: string, request: { headers: Record<string, string>; body: string }, signal: AbortSignal): Promise<AttemptResult> {
  try {
    const response = await transport({ url, headers: request.headers, body: request.body, timeoutMs: DELIVERY_TIMEOUT_MS, signal })
    // Injected transports may return more than the prefix; the log keeps only the prefix.
    return { responseStatus: response.status, responseBody: response.bodyPrefix.slice(0, RESPONSE_PREFIX_BYTES), error: null }
  } catch (error) {
    return { responseStatus: null, responseBody: null, error: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * What an attempt's record keeps of the copy it sent (db `webhook_attempts.sent`): the headers as sent,
 * the ids of the secrets that signed it, and the body only when a fault made it differ from the event's
 * payload. Null when nothing was sent (`drop`).
 */
function sentRecord(signed: SignedCopy | null, payload: string): SentRequest | null {
  if (signed === null) return null
  const headers = { 'content-type': 'application/json', ...signed.headers }
  return signed.body === payload ? { headers, secretIds: signed.secretIds } : { headers, secretIds: signed.secretIds, body: signed.body }
}

/** What an attempt needs around it: the engine, the wire, the slots, and the dispatcher's close signal. */
export interface AttemptDeps {
  engine: Engine
  transport: WebhookTransport
  slots: DeliverySlots
  signal: AbortSignal
  /**
   * One controller per attempt in flight, each aborted when the dispatcher closes. The transport listens on
   * the signal it is given until the attempt ends; one signal shared by every attempt collected a listener
   * per attempt in flight (up to 64), past Node's limit of 10 (MaxListenersExceededWarning under client load).
   */
  attempting: Set<AbortController>
}

/**
 * What an attempt of a claimed delivery sends (call inside a transaction: the claim's); null when there is
 * nothing to send now: the delivery is no longer pending, or a fault holds its first attempt (the hold is
 * written in that transaction).
 */
export function readyToSend(deps: AttemptDeps, claim: Claim): Ready | null {
  const { store } = deps.engine
  const delivery = store.webhooks.sendableDelivery(claim.deliveryId)
  if (!delivery || delivery.status !== 'pending') return null
  const endpoint = store.webhooks.endpoint(delivery.organization_id, delivery.environment)
  if (!endpoint) throw new Error(`no webhook endpoint (signing secret) for ${delivery.organization_id}/${delivery.environment}`)
  // Fault lab (faults/webhook-faults.ts): delay and reorder hold a first attempt without sending it.
  const faults = webhookFaultsOf(store, delivery)
  const heldUntil = faults && holdUntil(store, delivery, faults, deps.engine.now())
  if (heldUntil) {
    // Due again at `until`, nothing sent or logged.
    store.faults.postponeDelivery(delivery.id, heldUntil, deps.engine.now())
    deps.slots.wake(claim.origin, heldUntil)
    return null
  }
  return { delivery, endpoint, faults }
}

/** What one attempt did: when, how long, the endpoint's answer, the faults applied and the copy sent. */
interface SentAttempt {
  startedAt: number
  durationMs: number
  result: AttemptResult
  faults: readonly string[]
  request: SentRequest | null
}

/**
 * Records one attempt as a unit, grouped with the records of attempts that finish in the same turn: the
 * attempt, the delivery's new state and the console's push event, published after the batch's COMMIT.
 */
async function record(deps: AttemptDeps, claim: Claim, delivery: SendableDeliveryRow, sent: SentAttempt): Promise<void> {
  const { engine } = deps
  const finishedAt = engine.now()
  const attemptNo = delivery.attempt_count + 1
  const { result } = sent
  const acknowledged = result.responseStatus !== null && result.responseStatus >= 200 && result.responseStatus < 300
  const delay = acknowledged ? null : retryDelayMs(attemptNo, simulatorModeOf(engine.store))
  let status: WebhookDeliveryRow['status'] = acknowledged ? 'succeeded' : delay === null ? 'failed' : 'pending'
  const recorded = await engine.units.submit((queued) => {
    const unit = newUnit(engine, finishedAt, queued)
    const current = unit.store.webhooks.delivery(delivery.id)
    // A console sandbox reset may have erased the delivery while it was in flight: nothing left to log.
    if (!current) return false
    // Stopped while in flight (its endpoint stopped taking the event type): this attempt is logged, no retry.
    if (current.stop_reason !== null && status === 'pending') status = 'failed'
    unit.store.webhooks.insertAttempt({
      delivery_id: delivery.id, attempt_no: attemptNo, started_at: sent.startedAt, duration_ms: sent.durationMs,
      response_status: result.responseStatus, response_body: result.responseBody, error: result.error, faults: sent.faults.length > 0 ? [...sent.faults] : null, sent: sent.request,
    })
    unit.store.webhooks.finishAttempt({
      id: delivery.id, status, attempt_count: attemptNo, next_attempt_at: status === 'pending' ? finishedAt + delay! : null,
      last_response_status: result.responseStatus, updated_at: finishedAt,
    })
    unit.emit({ type: 'webhook.attempted', environment: delivery.environment, eventId: delivery.event_id, deliveryId: delivery.id, outcome: status === 'pending' ? 'retrying' : status })
    return true
  })
  if (recorded && status === 'pending') deps.slots.wake(claim.origin, finishedAt + delay!)
}

/**
 * Sends a ready delivery (and its duplicate, when faulted so), signed here, then records the attempt.
 * `wire` is the attempt's own abort signal (AttemptDeps.attempting); `deps.signal` says the dispatcher closed.
 */
async function sendReady(deps: AttemptDeps, claim: Claim, ready: Ready, wire: AbortSignal): Promise<void> {
  const { engine, transport, signal } = deps
  const { delivery, endpoint, faults } = ready
  const startedAt = engine.now()
  const faulted = faultAttempt(faults, delivery.attempt_count + 1, engine.ids.webhookSecret)
  // A fresh timestamp and signature per attempt; the event id and body never change. The timestamp is
  // the real clock's: receivers compare it with their own clock (|now - t| <= 300 s), and an advanced
  // simulated clock would make them refuse every event (DECISIONS "Webhooks"). A rotation's overlap
  // ends on the real clock too: it is the merchant's time to deploy the new secret.
  const wallNow = engine.wallNow()
  const signing = { eventId: delivery.event_id, timestampSeconds: Math.floor(wallNow / 1000), body: delivery.payload, secrets: activeSecrets(endpoint, wallNow) }
  // Latency is real elapsed time, not the simulated clock (which tests freeze).
  const sentAt = performance.now()
  const signed = faulted.dropped ? null : signCopy(signing, faulted)
  const result = signed === null ? DROPPED : await send(transport, delivery.url, signed, wire)
  const durationMs = Math.round(performance.now() - sentAt)
  // duplicate: the same event id and body again, signed on its own; the first copy's answer is the attempt's.
  if (faulted.duplicate && !signal.aborted) await send(transport, delivery.url, signCopy(signing, faulted), wire)
  // Aborted, or the sandbox was restored meanwhile: the delivery's row is the snapshot's now, pending as it was then.
  if (signal.aborted || !deps.slots.current(claim)) return
  await record(deps, claim, delivery, { startedAt, durationMs, result, faults: faulted.faults, request: sentRecord(signed, delivery.payload) })
}

/** One attempt of one claimed delivery. Never rejects: a failure to record is logged and retried later. */
export async function attempt(deps: AttemptDeps, claim: ReadClaim): Promise<void> {
  const cancel = new AbortController()
  deps.attempting.add(cancel)
  try {
    const read = claim.ready ?? { ok: true, value: deps.engine.store.transaction(() => readyToSend(deps, claim)) }
    if (!read.ok) throw read.error
    if (read.value) await sendReady(deps, claim, read.value, cancel.signal)
  } catch (error) {
    if (deps.signal.aborted) return
    console.error(`[paydesk] webhook delivery ${claim.deliveryId} could not be attempted:`, error)
    // Still pending and due: try again after a pause rather than in a tight loop of refills.
    deps.slots.rest(claim.origin, deps.engine.now() + ERROR_PAUSE_MS)
  } finally {
    deps.attempting.delete(cancel)
    deps.slots.release(claim)
  }
}
