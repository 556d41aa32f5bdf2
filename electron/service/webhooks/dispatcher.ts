import { performance } from 'node:perf_hooks'
import type { SendableDeliveryRow, WebhookDeliveryRow, WebhookEndpointRow } from '../db/webhooks-repo'
import type { WebhookFaults } from '../../../shared/schemas/faults'
import type { Engine } from '../engine'
import { faultAttempt, holdUntil, webhookFaultsOf } from '../faults/webhook-faults'
import { createHttpTransport, RESPONSE_PREFIX_BYTES } from './http-transport'
import { retryDelayMs } from './schedule'
import { activeSecrets } from './signing'
import type { WebhookTransport } from './transport'
import { newUnit } from '../unit'

/** A 2xx within this long acknowledges (DECISIONS "Webhooks"). */
export const DELIVERY_TIMEOUT_MS = 10_000

export interface DispatcherLimits {
  /** Attempts in flight at once, all endpoints together. */
  maxInFlight: number
  /** Attempts in flight at once to one endpoint (scheme, host and port), so a slow one cannot take every slot. */
  maxPerEndpoint: number
}

/**
 * Sized for a local sandbox. 8 per endpoint (about what a browser opens to one host) lets a local receiver
 * answering in a millisecond or two take hundreds to thousands of webhooks a second, while an endpoint that
 * hangs holds at most 8 sockets for at most one timeout each. 32 in all leaves 24 slots to the other endpoints
 * when a hanging one takes its 8, and keeps sockets and buffers small: signing and recording are CPU work in
 * this one process, so more attempts in parallel would not deliver faster on a two-core laptop.
 */
export const DEFAULT_LIMITS: DispatcherLimits = { maxInFlight: 32, maxPerEndpoint: 8 }

/**
 * After an attempt that could not be made or recorded (our error, not the endpoint's answer: no signing
 * secret, a database error), its endpoint rests this long (simulated time) instead of being retried at once.
 */
const ERROR_PAUSE_MS = 1_000

/** The result of an attempt the `drop` fault did not send. */
const DROPPED: AttemptResult = { responseStatus: null, responseBody: null, error: 'not sent: dropped by the fault lab (drop)' }

interface Claim {
  deliveryId: string
  origin: string
  /** The bookkeeping generation it was claimed in; a snapshot restore starts a new one. */
  generation: number
  /** What to send, read in the claim's own transaction (`readyToSend`), or why that failed. */
  ready?: { ok: true; value: Ready | null } | { ok: false; error: unknown }
}

/** A claimed delivery as it will be sent: its row, its endpoint's secrets, the fault rule that applies. */
interface Ready {
  delivery: SendableDeliveryRow
  endpoint: WebhookEndpointRow
  faults: WebhookFaults | null
}

/** The attempts one tick started, refills chained from them included; the tick resolves when none is left. */
interface Group {
  live: number
  done: () => void
}

interface AttemptResult {
  responseStatus: number | null
  responseBody: string | null
  error: string | null
}

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
 * Sends due webhook deliveries (outbox rows), signs them, records attempts and schedules retries.
 *
 * Nothing is written before a send: the in-memory in-flight set is what stops overlapping ticks and refills
 * from sending one delivery twice at once. After a crash mid-attempt the delivery is still `pending` and
 * due, so it is simply sent again (at least once). Each attempt's result is recorded in its own SQLite
 * transaction after the HTTP exchange, never around it.
 *
 * Claiming never reads the backlog: the dispatcher knows which endpoints (origins) have pending deliveries
 * (loaded once, then new rows are noticed by rowid) and, for each endpoint with free slots, reads only the
 * few oldest due deliveries of that endpoint from the (origin, next_attempt_at) index. A slot freed by a
 * finished attempt is refilled at once, so a healthy endpoint is kept busy between ticks.
 */
export function createWebhookDispatcher(engine: Engine, transport: WebhookTransport = createHttpTransport(), limits: DispatcherLimits = DEFAULT_LIMITS) {
  const webhooks = engine.store.webhooks
  const inFlight = new Set<string>()
  /** Attempts in flight per origin. */
  const busy = new Map<string, number>()
  /**
   * Origins that have pending deliveries, each with the time before which none of its deliveries that is
   * not in flight is due (0: look now; Infinity: all of them are in flight). A hint only ever errs early
   * (which costs one indexed query), never late: every change to a pending delivery lowers it (a new row,
   * a failed attempt's retry time, an attempt that could not be made).
   */
  const known = new Map<string, number>()
  /** The newest delivery row seen, by rowid; null before the first load or while the table was empty. */
  let lastSeen: { rowid: number; id: string } | null = null
  let loaded = false
  /** Where the next claim starts among the known origins, so each gets its turn when slots are scarce. */
  let cursor = 0
  const closing = new AbortController()
  /** Bumped by reset(): attempts claimed before it are neither recorded nor counted against the slots. */
  let generation = 0

  /** Reads the set of origins with pending deliveries afresh (at start, and after a sandbox reset deleted rows). */
  function load(): void {
    known.clear()
    lastSeen = webhooks.lastDelivery() ?? null
    for (const origin of webhooks.pendingOrigins()) known.set(origin, 0)
    loaded = true
  }

  /** A delivery of `origin` may be due from `at` on. */
  function wake(origin: string, at: number): void {
    const idleUntil = known.get(origin)
    if (idleUntil === undefined || at < idleUntil) known.set(origin, at)
  }

  /**
   * Notices deliveries inserted since the last look (their origins may be new). The row seen last is read
   * again as a sentinel: rowids are reused only after the newest rows were deleted (a sandbox reset), and
   * then the sentinel is gone or has another id, so the origins are reloaded rather than missed.
   */
  function discover(): void {
    if (!loaded) return load()
    const rows = webhooks.deliveriesFromRowid(lastSeen?.rowid ?? 1)
    let from = 0
    if (lastSeen) {
      if (rows[0]?.rowid !== lastSeen.rowid || rows[0].id !== lastSeen.id) return load()
      from = 1
    }
    for (let i = from; i < rows.length; i++) wake(rows[i]!.origin, 0)
    const newest = rows[rows.length - 1]
    if (newest) lastSeen = { rowid: newest.rowid, id: newest.id }
  }

  /**
   * Claims due deliveries for the free slots, endpoint by endpoint from the rotating cursor, oldest due
   * first within an endpoint. Each endpoint costs one index seek reading at most maxPerEndpoint rows,
   * however large its backlog. Never throws: what was claimed before an error is returned (and attempted).
   */
  function claim(): Claim[] {
    const claims: Claim[] = []
    if (closing.signal.aborted) return claims
    try {
      engine.store.transaction(() => claimInto(claims))
    } catch (error) {
      console.error('[paydesk] could not read due webhook deliveries:', error)
    }
    return claims
  }

  /**
   * claim()'s reads, in one transaction: SQLite takes its WAL read lock once for all of them instead of once
   * per statement (~10-30 us each on the hosts' machines), and the remembered reads (db/table-watch.ts)
   * answer inside it. Each claimed delivery's row is read here too, for the attempt that starts in this
   * same turn. Pushes as it claims, so what was claimed before an error is still attempted.
   */
  function claimInto(claims: Claim[]): void {
    const first = claims.length
    claimDue(claims)
    for (let i = first; i < claims.length; i++) {
      const claim = claims[i]!
      try {
        claim.ready = { ok: true, value: readyToSend(claim) }
      } catch (error) {
        claim.ready = { ok: false, error }
      }
    }
  }

  function claimDue(claims: Claim[]): void {
    discover()
    if (inFlight.size >= limits.maxInFlight || known.size === 0) return
    const now = engine.now()
    const origins = [...known.keys()]
    const start = cursor % origins.length
    for (let i = 0; i < origins.length && inFlight.size < limits.maxInFlight; i++) {
      const origin = origins[(start + i) % origins.length]!
      if (now < known.get(origin)!) continue
      const taken = busy.get(origin) ?? 0
      const free = Math.min(limits.maxPerEndpoint - taken, limits.maxInFlight - inFlight.size)
      if (free <= 0) continue
      // Deliveries in flight are still pending and due (nothing is written before a send): read past them.
      let claimed = 0
      for (const deliveryId of webhooks.dueDeliveriesOfOrigin(origin, now, free + taken)) {
        if (claimed === free) break
        if (inFlight.has(deliveryId)) continue
        inFlight.add(deliveryId)
        claims.push({ deliveryId, origin, generation })
        claimed += 1
      }
      if (claimed > 0) {
        busy.set(origin, taken + claimed)
        cursor = start + i + 1
      }
      if (claimed < free) {
        // Every due delivery of this origin is in flight now: skip it until its next one comes due.
        const next = webhooks.nextDueOfOrigin(origin, now)
        if (next !== null) known.set(origin, next)
        else if (taken + claimed > 0) known.set(origin, Number.POSITIVE_INFINITY)
        else known.delete(origin) // no pending delivery at all
      }
    }
  }

  function release(claim: Claim): void {
    if (claim.generation !== generation) return
    inFlight.delete(claim.deliveryId)
    const taken = (busy.get(claim.origin) ?? 1) - 1
    if (taken > 0) {
      busy.set(claim.origin, taken)
      return
    }
    busy.delete(claim.origin)
    // Its last attempt in flight ended and nothing else of it was pending.
    if (known.get(claim.origin) === Number.POSITIVE_INFINITY) known.delete(claim.origin)
  }

  async function record(origin: string, delivery: SendableDeliveryRow, startedAt: number, durationMs: number, result: AttemptResult, faults: readonly string[]): Promise<void> {
    const finishedAt = engine.now()
    const attemptNo = delivery.attempt_count + 1
    const acknowledged = result.responseStatus !== null && result.responseStatus >= 200 && result.responseStatus < 300
    const delay = acknowledged ? null : retryDelayMs(attemptNo, engine.simulatorMode())
    const status: WebhookDeliveryRow['status'] = acknowledged ? 'succeeded' : delay === null ? 'failed' : 'pending'
    // One unit, grouped with the records of attempts that finish in the same turn: the attempt, the
    // delivery's new state and the console's push event, published after the batch's COMMIT.
    const recorded = await engine.units.submit((queued) => {
      const unit = newUnit(engine, finishedAt, queued)
      // A console sandbox reset may have erased the delivery while it was in flight: nothing left to log.
      if (!unit.store.webhooks.delivery(delivery.id)) return false
      unit.store.webhooks.insertAttempt({
        delivery_id: delivery.id, attempt_no: attemptNo, started_at: startedAt, duration_ms: durationMs,
        response_status: result.responseStatus, response_body: result.responseBody, error: result.error,
        faults: faults.length > 0 ? JSON.stringify(faults) : null,
      })
      unit.store.webhooks.finishAttempt({
        id: delivery.id, status, attempt_count: attemptNo, next_attempt_at: delay === null ? null : finishedAt + delay,
        last_response_status: result.responseStatus, updated_at: finishedAt,
      })
      unit.emit({
        type: 'webhook.attempted', environment: delivery.environment, eventId: delivery.event_id, deliveryId: delivery.id,
        outcome: status === 'pending' ? 'retrying' : status,
      })
      return true
    })
    if (!recorded) return
    if (status === 'pending') wake(origin, finishedAt + delay!)
  }

  /** A first attempt held back by a fault (delay, reorder): due again at `until`, nothing sent or logged. */
  function hold(origin: string, deliveryId: string, until: number): void {
    engine.store.faults.postponeDelivery(deliveryId, until, engine.now())
    wake(origin, until)
  }

  /**
   * What an attempt of a claimed delivery sends (call inside a transaction: the claim's); null when there is
   * nothing to send now: the delivery is no longer pending, or a fault holds its first attempt (the hold is
   * written in that transaction).
   */
  function readyToSend(claim: Claim): Ready | null {
    const delivery = engine.store.webhooks.sendableDelivery(claim.deliveryId)
    if (!delivery || delivery.status !== 'pending') return null
    const endpoint = engine.store.webhooks.endpoint(delivery.organization_id, delivery.environment)
    if (!endpoint) throw new Error(`no webhook endpoint (signing secret) for ${delivery.organization_id}/${delivery.environment}`)
    // Fault lab (faults/webhook-faults.ts): delay and reorder hold a first attempt without sending it.
    const faults = webhookFaultsOf(engine.store, delivery)
    const heldUntil = faults && holdUntil(engine.store, delivery, faults, engine.now())
    if (heldUntil) {
      hold(claim.origin, delivery.id, heldUntil)
      return null
    }
    return { delivery, endpoint, faults }
  }

  /** One attempt of one claimed delivery. Never rejects: a failure to record is logged and retried later. */
  async function attempt(claim: Claim): Promise<void> {
    try {
      const read = claim.ready ?? { ok: true, value: engine.store.transaction(() => readyToSend(claim)) }
      if (!read.ok) throw read.error
      const ready = read.value
      if (!ready) return
      const { delivery, endpoint, faults } = ready
      const startedAt = engine.now()
      const faulted = faultAttempt(faults, delivery.attempt_count + 1, engine.ids.webhookSecret)
      // A fresh timestamp and signature per attempt; the event id and body never change. The timestamp is
      // the real clock's: receivers compare it with their own clock (|now - t| <= 300 s), and an advanced
      // simulated clock would make them refuse every event (DECISIONS "Webhooks").
      const signing = {
        eventId: delivery.event_id, timestampSeconds: Math.floor(engine.wallNow() / 1000), body: delivery.payload,
        secrets: activeSecrets(endpoint, startedAt),
      }
      // Latency is real elapsed time, not the simulated clock (which tests freeze).
      const sentAt = performance.now()
      const result = faulted.dropped ? DROPPED : await send(transport, delivery.url, faulted.sign(signing), closing.signal)
      const durationMs = Math.round(performance.now() - sentAt)
      // duplicate: the same event id and body again, signed on its own; the first copy's answer is the attempt's.
      if (faulted.duplicate && !closing.signal.aborted) await send(transport, delivery.url, faulted.sign(signing), closing.signal)
      // Aborted, or the sandbox was restored meanwhile: the delivery's row is the snapshot's now, pending as it was then.
      if (closing.signal.aborted || claim.generation !== generation) return
      await record(claim.origin, delivery, startedAt, durationMs, result, faulted.faults)
    } catch (error) {
      if (closing.signal.aborted) return
      console.error(`[paydesk] webhook delivery ${claim.deliveryId} could not be attempted:`, error)
      // Still pending and due: try again after a pause rather than in a tight loop of refills.
      known.set(claim.origin, engine.now() + ERROR_PAUSE_MS)
    } finally {
      release(claim)
    }
  }

  function spawn(first: Claim, group: Group): void {
    group.live += 1
    void work(first, group).finally(() => {
      group.live -= 1
      if (group.live === 0) group.done()
    })
  }

  /** Holds one slot: attempts its delivery, then refills the slot at once (and any other free one). */
  async function work(first: Claim, group: Group): Promise<void> {
    let next: Claim | undefined = first
    while (next) {
      await attempt(next)
      const claims = claim()
      next = claims.shift()
      for (const other of claims) spawn(other, group)
    }
  }

  return {
    /**
     * Starts the deliveries due now that fit in the free slots and resolves when those attempts, and the
     * attempts chained from them as slots freed up, have finished: when it resolves, everything that was
     * due when it started has been attempted (a failed attempt's retry is due later). Ticks may overlap
     * (the hosts overlap them on purpose): a delivery in flight is never claimed again, and a tick that
     * finds every slot busy resolves at once. Live attempts are at most maxInFlight, so however long a
     * busy endpoint keeps its slots refilled, pending ticks stay few.
     */
    tick(): Promise<void> {
      const claims = claim()
      if (claims.length === 0) return Promise.resolve()
      return new Promise<void>((done) => {
        const group: Group = { live: 0, done }
        for (const first of claims) spawn(first, group)
      })
    },
    /**
     * Forgets all in-memory bookkeeping after the database was replaced (a snapshot restore): attempts in
     * flight finish unrecorded (the restored rows say what is pending), and the endpoints are read afresh.
     */
    reset(): void {
      generation += 1
      inFlight.clear()
      busy.clear()
      known.clear()
      lastSeen = null
      loaded = false
      cursor = 0
    },
    /** Cancels attempts in flight without recording them; they stay due and are retried on the next start. */
    close(): void {
      closing.abort()
    },
  }
}
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>
