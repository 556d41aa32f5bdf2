import type { PushEvent } from '../../../shared/api/push-events'
import type { Environment } from '../../../shared/schemas/common'
import type { NewApiRequestRow } from '../db/api-requests-repo'
import type { Store } from '../db/store'
import type { Unit } from '../core/unit'
import { ANONYMOUS_REQUEST_BODY_LIMIT_BYTES, REQUEST_BODY_LIMIT_BYTES, RESPONSE_BODY_LIMIT_BYTES } from '../../../shared/logged-body'
import { sha256Hex } from '../core/ids'
import type { ApiExchange } from './exchange'
import { createRedactor, redactHeaders, type Redact } from './redact'
import { SETTINGS } from '../db/settings-registry'
import { storedBody, storedBodyOfParts } from './stored-body'

/**
 * Exchanges queued at most between two writes. Every batch writes the queue first (the batcher's
 * `beforeUnits`) and hosts flush on every tick (20 ms); the bound holds the queue (an entry is at most
 * ~8 KiB of response body plus headers, so a few MB) even when neither runs (requests the adapter refuses
 * run no batch; an embedding without a ticker): the exchange that reaches it writes the queue itself,
 * after its answer was sent.
 */
export const REQUEST_LOG_QUEUE_LIMIT = 500

/** Newest requests kept per environment unless the `requestLog.limit` setting says otherwise. */
export const DEFAULT_REQUEST_LOG_LIMIT = SETTINGS.requestLogLimit.default

export function requestLogLimit(store: Store): number {
  return store.settings.get(SETTINGS.requestLogLimit)
}

export function setRequestLogLimit(unit: Unit, limit: number): void {
  unit.store.settings.set(SETTINGS.requestLogLimit, limit)
}

/** Bytes kept per environment unless the `requestLog.maxBytes` setting says otherwise. */
export function requestLogMaxBytes(store: Store): number {
  return store.settings.get(SETTINGS.requestLogMaxBytes)
}

export function setRequestLogMaxBytes(unit: Unit, maxBytes: number): void {
  unit.store.settings.set(SETTINGS.requestLogMaxBytes, maxBytes)
}

function environmentOf(exchange: ApiExchange): Environment {
  if (exchange.notes.environment) return exchange.notes.environment
  // Refused before authentication: the key's own prefix says where it was meant to go, else the header.
  if (exchange.bearer?.startsWith('sk_live_')) return 'live'
  if (exchange.bearer?.startsWith('sk_test_')) return 'test'
  return exchange.requestHeaders['paydesk-environment'] === 'live' ? 'live' : 'test'
}

/**
 * Who sent a request the engine never authenticated (refused by the adapter: 400 bad JSON, 413, 429; or
 * a 401 for a revoked key): a known API key, revoked or not, names its organization, environment and
 * prefix. Looked up here, off the request path, and only for those requests.
 */
function identify(store: Store, exchange: ApiExchange): ApiExchange['notes'] {
  const { notes, bearer } = exchange
  if (notes.organizationId !== undefined || !bearer || !/^sk_(test|live)_/.test(bearer)) return notes
  const key = store.apiKeys.findByHash(sha256Hex(bearer))
  return key ? { ...notes, organizationId: key.organization_id, environment: key.environment, keyPrefix: key.prefix } : notes
}

/**
 * What the log keeps of a response body: up to 8 KiB (request bodies: 64 KiB), a longer one cut with its
 * size (shared/logged-body.ts). Money routes answer ~1 KB and are kept whole; a list page answers ~60 KB,
 * and storing it whole cost more than building it. Done when the
 * exchange is queued, from the text the adapter sent, so the whole page is not kept until the flush.
 */
function storedResponseBody(exchange: ApiExchange, redact: Redact): string {
  // The size the adapter sent saves measuring the whole text again.
  const sentBytes = Number(exchange.responseHeaders['Content-Length'])
  const totalBytes = Number.isInteger(sentBytes) ? sentBytes : undefined
  const body = exchange.responseBody
  return typeof body === 'string' ? storedBody(body, RESPONSE_BODY_LIMIT_BYTES, totalBytes, redact) : storedBodyOfParts(body, RESPONSE_BODY_LIMIT_BYTES, totalBytes, redact)
}

function toRow(store: Store, redact: Redact, exchange: ApiExchange, responseBody: string, at: number): NewApiRequestRow {
  const notes = identify(store, exchange)
  const keyPrefix = notes.keyPrefix ?? null
  const warnings = notes.warnings ?? []
  // No known key, revoked or not, behind it (none, or made up): only the start of its body is worth keeping.
  const bodyLimit = notes.organizationId === undefined ? ANONYMOUS_REQUEST_BODY_LIMIT_BYTES : REQUEST_BODY_LIMIT_BYTES
  return {
    request_id: exchange.requestId,
    environment: notes.environment ?? environmentOf(exchange),
    organization_id: notes.organizationId ?? null,
    at,
    method: exchange.method,
    path: redact(exchange.path),
    query: redact(exchange.query),
    status: exchange.status,
    duration_ms: Math.round(exchange.durationMs * 100) / 100,
    key_prefix: keyPrefix,
    idempotency_key: exchange.idempotencyKey === undefined ? null : redact(exchange.idempotencyKey),
    replayed: notes.replayed ? 1 : 0,
    request_headers: redactHeaders(exchange.requestHeaders, keyPrefix, redact),
    request_body: exchange.requestBody === null || exchange.requestBody.length === 0
      ? null
      : storedBody(exchange.requestBody.toString('utf8'), bodyLimit, exchange.requestBody.length, redact),
    response_headers: exchange.responseHeaders,
    response_body: responseBody,
    warnings,
    transaction_id: notes.transactionId ?? null,
    faults: exchange.faults ?? [],
  }
}

/**
 * Drops an environment's oldest rows past the bounds (rows, then bytes), once a bound is passed by more than
 * 1%. The repository's tallies are exact (db/api-requests-bounds.ts): nothing is counted here.
 */
function trim(store: Store, environment: Environment): void {
  const limit = requestLogLimit(store)
  const maxBytes = requestLogMaxBytes(store)
  const { rows } = store.apiRequests.tally(environment)
  if (rows > limit + Math.max(1, Math.ceil(limit / 100))) store.apiRequests.dropOldest(environment, rows - limit)
  const { bytes } = store.apiRequests.tally(environment)
  if (bytes > maxBytes + Math.ceil(maxBytes / 100)) store.apiRequests.dropOldestBytes(environment, bytes - maxBytes)
}

/**
 * The API request log's writer. `record` queues the exchange with its response body as stored (no SQLite
 * on the request path; see storedResponseBody); `flush` writes the queue in one transaction, then drops the oldest rows of an environment in one
 * statement once it holds more than either bound (rows, `requestLog.limit`; bytes, `requestLog.maxBytes`) plus 1%. Every batch flushes first, inside its own
 * transaction (the batcher's `beforeUnits`), hosts flush on every tick, readers flush before reading (so a
 * reader sees every request answered so far), and the service flushes on close.
 */
export function createRequestLog(store: Store, now: () => number, emit: (event: PushEvent) => void) {
  let redact: Redact = createRedactor()
  let queue: { exchange: ApiExchange; responseBody: string; at: number }[] = []

  const log = {
    /** The console token, keys and webhook secret the host knows in clear (known once the database is seeded), redacted by value (redact.ts). */
    knowHostSecrets(hostSecrets: readonly string[]): void {
      redact = createRedactor(hostSecrets)
    },
    /** Text redacted as the log redacts what it stores (documents handed out from other tables use it). */
    redact(text: string): string {
      return redact(text)
    },
    /** Takes the exchange over (each is built for its one call to here): it keeps it without the sent text. */
    record(exchange: ApiExchange): void {
      const responseBody = storedResponseBody(exchange, redact)
      // The sent text, which a list page makes ~60 KB, may be collected now.
      exchange.responseBody = ''
      queue.push({ exchange, responseBody, at: now() })
      if (queue.length >= REQUEST_LOG_QUEUE_LIMIT) log.flush()
    },
    /** `announce`: a reader flushing inside its unit passes `unit.emit`, so the push event waits for its COMMIT. */
    flush(announce: (event: PushEvent) => void = emit): void {
      if (queue.length === 0) return
      const batch = queue
      queue = []
      const touched = new Set<Environment>()
      try {
        store.transaction(() => {
          for (const { exchange, responseBody, at } of batch) {
            const row = toRow(store, redact, exchange, responseBody, at)
            store.apiRequests.insert(row)
            touched.add(row.environment)
          }
          for (const environment of touched) trim(store, environment)
        })
      } catch (error) {
        // Never the request data (it may hold secrets): the log is a convenience, the answers were already sent.
        console.error(`[paydesk] could not write ${batch.length} request log entries:`, error instanceof Error ? error.message : error)
        return
      }
      for (const environment of touched) announce({ type: 'requests.logged', environment })
    },
  }
  return log
}
export type RequestLog = ReturnType<typeof createRequestLog>
