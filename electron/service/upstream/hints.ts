import { ApiError } from '../../../shared/errors'
import type { Transaction } from '../../../shared/schemas/transaction'
import type { Engine } from '../core/engine'
import { runUnit } from '../core/unit'
import { SETTINGS, type UpstreamHintRecord } from '../db/settings-registry'
import { verifyProviderSignature } from '../webhooks/signing'
import type { ProviderClient } from './client'
import { upsertPage, type MirrorScope } from './mirror'
import { fetchOne } from './targeted'

/** Where `paydesk serve` takes the provider's webhooks (outside /v1 and /console: no API key, no console token). */
export const UPSTREAM_HINT_PATH = '/upstream/webhooks'
/** The key prefix (and Requests → Sent by source) the request log files received hints under. */
export const HINT_LOG_SOURCE = 'provider-webhook'
/** Hints kept: enough to know a redelivered event id again (a provider retries over a day, far fewer than this). */
export const HINTS_KEPT = 500
/** A hint whose read failed (the provider down) is tried again this long after, by the hosts' tick. */
const RETRY_MS = 30_000

/** The `--upstream-webhook-*` settings: where the provider reaches this server, and the secret it signs with. */
export interface UpstreamWebhookSettings {
  url: string
  secret: string
}

/** A hint as it arrived: the raw bytes the signature covers, and the headers that carry it. */
export interface HintDelivery {
  body: Buffer
  signature: string | undefined
  eventIdHeader: string | undefined
}

export interface HintReceipt {
  eventId: string
  duplicate: boolean
  /** A targeted get of this transaction is queued (false for a duplicate or an event naming none). */
  queued: boolean
  transactionId: string | null
}

/** The event's id, type and the transaction it names, from a body whose signature was verified (never its state). */
function eventOf(body: Buffer, eventIdHeader: string | undefined): { eventId: string; type: string; transactionId: string | null } {
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    throw new ApiError('invalid_parameter', 'The webhook body is not JSON.')
  }
  const event = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>
  const { id, type, data } = event
  if (typeof id !== 'string' || id === '' || id.length > 128) throw new ApiError('missing_parameter', 'The webhook names no event id.', 'id')
  if (typeof type !== 'string' || type === '' || type.length > 128) throw new ApiError('missing_parameter', 'The webhook names no event type.', 'type')
  if (eventIdHeader !== undefined && eventIdHeader !== id) throw new ApiError('invalid_parameter', 'X-Webhook-Event-Id does not name the event of the body.', 'X-Webhook-Event-Id')
  const named = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['id'] : undefined
  const aboutTransaction = /^(transaction|payout)\./.test(type) && typeof named === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(named)
  return { eventId: id, type, transactionId: aboutTransaction ? named : null }
}

/** The list with one more, bounded: the oldest done hints go first, then (a provider far ahead of us) the oldest. */
function bounded(hints: UpstreamHintRecord[]): UpstreamHintRecord[] {
  let over = hints.length - HINTS_KEPT
  const kept = over <= 0 ? hints : hints.filter((hint) => hint.doneAt === null || over-- <= 0)
  return kept.length > HINTS_KEPT ? kept.slice(kept.length - HINTS_KEPT) : kept
}

type HintsKey = ReturnType<typeof SETTINGS.upstreamHints>

/**
 * The reads queued hints ask for: one targeted get per transaction they name, in turn, through the paced
 * client; each answer is mirrored and its hints marked done in one unit. A provider that cannot be read
 * leaves them queued, tried again RETRY_MS later (the poll covers them anyway).
 */
function hintReader(engine: Engine, scope: MirrorScope, client: ProviderClient, key: HintsKey) {
  let draining: Promise<void> | null = null
  let retryAt = 0
  let closed = false
  /** Hints may wait (true at start: a restart may have left some); cleared once a drain found none left. */
  let waiting = true
  /** Hints stored while a drain reads: it goes round again for them. */
  let again = false

  async function drainOnce(): Promise<void> {
    const ids = [...new Set(engine.store.settings.get(key).filter((hint) => hint.doneAt === null).map((hint) => hint.transactionId!))]
    for (const transactionId of ids) {
      if (closed) return
      let found: Transaction | null
      try {
        found = await fetchOne(client, transactionId)
      } catch {
        retryAt = engine.wallNow() + RETRY_MS
        return
      }
      if (closed) return
      runUnit(engine, engine.now(), (unit) => {
        if (found) upsertPage(unit, scope, [found])
        const at = engine.wallNow()
        unit.store.settings.set(key, unit.store.settings.get(key).map((hint) => (hint.doneAt === null && hint.transactionId === transactionId ? { ...hint, doneAt: at } : hint)))
      })
    }
    if (!again) waiting = false
  }
  async function drainAll(): Promise<void> {
    do {
      again = false
      await drainOnce()
    } while (again && !closed && engine.wallNow() >= retryAt)
  }
  const drain = (): void => {
    again = true
    waiting = true
    draining ??= drainAll().catch((error: unknown) => {
      if (!closed) console.error(`[paydesk] a provider webhook hint could not be acted on: ${error instanceof Error ? error.message : String(error)}`)
    }).finally(() => {
      draining = null
    })
  }
  return {
    drain,
    tick(): void {
      if (waiting && !closed && !draining && engine.wallNow() >= retryAt && client.keyRefusedAt() === null) drain()
    },
    settled: async (): Promise<void> => {
      while (draining) await draining
    },
    close(): void {
      closed = true
    },
  }
}

/**
 * The provider's webhooks as hints (docs/upstream.md "Webhook hints"): polling stays the source of truth;
 * a hint only says "read this transaction now". Its signature is checked on the raw bytes, it is stored
 * (deduplicated by event id) in its own COMMIT before it is answered, and the transaction it names is
 * read by id through the paced client. Queued hints survive a restart: the hosts' tick reads them.
 */
export function createHintDesk(engine: Engine, parts: { scope: MirrorScope; client: ProviderClient; secret: string }) {
  const { scope, client, secret } = parts
  const key = SETTINGS.upstreamHints(`${scope.organizationId}.${scope.environment}`)
  const reader = hintReader(engine, scope, client, key)

  const store = (event: ReturnType<typeof eventOf>): HintReceipt => runUnit(engine, engine.now(), (unit) => {
    const hints = unit.store.settings.get(key)
    if (hints.some((hint) => hint.eventId === event.eventId)) return { ...event, duplicate: true, queued: false }
    const at = engine.wallNow()
    unit.store.settings.set(key, bounded([...hints, { ...event, receivedAt: at, doneAt: event.transactionId === null ? at : null }]))
    return { eventId: event.eventId, transactionId: event.transactionId, duplicate: false, queued: event.transactionId !== null }
  })

  return {
    /** Verifies, stores (deduplicated) and queues one hint; throws the ApiError to answer when it is refused. Nothing is stored or queued then. */
    receive(delivery: HintDelivery): HintReceipt {
      const verdict = verifyProviderSignature(delivery.signature, delivery.body, secret, Math.floor(engine.wallNow() / 1000))
      if (verdict === 'bad') throw new ApiError('unauthorized', 'The webhook signature (X-Webhook-Signature) does not verify with the provider webhook secret.')
      if (verdict === 'stale') throw new ApiError('unauthorized', "The webhook signature's timestamp is more than 5 minutes away from this server's clock (an old delivery replayed?).")
      const receipt = store(eventOf(delivery.body, delivery.eventIdHeader))
      if (receipt.queued) reader.drain()
      return receipt
    },
    /** Hosts' tick: hints still queued (a restart, a provider that could not be read) are read again. */
    tick: reader.tick,
    /** The reads queued so far have ended (tests). */
    settled: reader.settled,
    close: reader.close,
  }
}
export type HintDesk = ReturnType<typeof createHintDesk>
