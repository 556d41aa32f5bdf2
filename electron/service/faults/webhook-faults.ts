import { createHash } from 'node:crypto'
import type { WebhookFaultName, WebhookFaults } from '../../../shared/schemas/faults'
import type { SendableDeliveryRow } from '../db/webhooks-repo'
import type { Store } from '../db/store'

/** `stale`: the signature timestamp is this old (past the 5-minute tolerance receivers should keep). */
export const STALE_BY_SECONDS = 6 * 60
const DEFAULT_REORDER_WINDOW_MS = 10_000

/** The faults switched on for a delivery's URL in its organization and environment, or null when none. */
export function webhookFaultsOf(store: Store, delivery: Pick<SendableDeliveryRow, 'organization_id' | 'environment' | 'url'>): WebhookFaults | null {
  if (!store.faults.anyRule()) return null
  return store.faults.webhookRule(delivery.organization_id, delivery.environment, delivery.url)
}

/** A number in [min, max] fixed by the delivery id, so every look at one delivery agrees on its delay. */
function pick(deliveryId: string, minMs: number, maxMs: number | undefined): number {
  if (maxMs === undefined || maxMs <= minMs) return minMs
  const n = createHash('sha256').update(deliveryId).digest().readUInt32BE(0)
  return minMs + (n % (maxMs - minMs + 1))
}

/**
 * Until when a delivery's first attempt is held (delay, reorder), or null when it may go now. Holding
 * changes only when the delivery is sent, never the transaction or the ledger.
 */
export function holdUntil(store: Store, delivery: SendableDeliveryRow, faults: WebhookFaults, now: number): number | null {
  if (delivery.attempt_count > 0 || (!faults.delay && !faults.reorder)) return null
  const meta = store.faults.deliveryMeta(delivery.id)
  if (!meta) return null
  let until = 0
  if (faults.delay) until = Math.max(until, meta.created_at + pick(delivery.id, faults.delay.minMs, faults.delay.maxMs))
  if (faults.reorder) {
    const windowMs = typeof faults.reorder === 'object' ? (faults.reorder.windowMs ?? DEFAULT_REORDER_WINDOW_MS) : DEFAULT_REORDER_WINDOW_MS
    until = Math.max(until, meta.created_at + windowMs)
    // Newest first: an older event of the transaction waits until the newer one has gone.
    if (meta.transaction_id !== null && now >= until) {
      const newer = store.faults.newerOfTransaction(meta.url, meta.transaction_id, meta.rowid)
      if (newer !== null) until = Math.max(until, newer + 1, now + 1)
    }
  }
  return now < until ? until : null
}

/**
 * What the faults do to one attempt, for the dispatcher to apply: whether it is sent, how many copies,
 * and how each copy's signing is altered. The fault lab never signs (webhooks/ does).
 */
export interface FaultedAttempt {
  faults: WebhookFaultName[]
  /** Not sent at all (`drop`): the attempt is logged as failed and the retry schedule goes on. */
  dropped: boolean
  /** Send a second, separately signed copy after the first (`duplicate`). */
  duplicate: boolean
  /** Sign each copy this many seconds in the past (`stale`), else 0. */
  staleBySeconds: number
  /** Sign each copy with a secret the receiver does not know (`wrong-secret`): a fresh one per copy, else null. */
  otherSecret: (() => string) | null
  /** Change a byte of each copy's body after signing (`tamper`). */
  tamper: boolean
}

/** Changes one byte of the body after signing: the last digit of `created` (the JSON stays valid). */
export function tamperBody(body: string): string {
  const match = /"created":(\d+)/.exec(body)
  if (!match) return body.length > 1 ? `${body.slice(0, 1)}${body[1] === ' ' ? '\t' : ' '}${body.slice(2)}` : body
  const at = match.index + match[0].length - 1
  const digit = (Number(body[at]) + 1) % 10
  return `${body.slice(0, at)}${digit}${body.slice(at + 1)}`
}

/**
 * The faults one attempt gets. `delay` and `reorder` are named on the first attempt (which they held);
 * `drop` on each attempt it drops; the signing faults and `duplicate` on every attempt.
 */
export function faultAttempt(faults: WebhookFaults | null, attemptNo: number, otherSecret: () => string): FaultedAttempt {
  const names: WebhookFaultName[] = []
  if (faults?.delay && attemptNo === 1) names.push('delay')
  if (faults?.reorder && attemptNo === 1) names.push('reorder')
  const dropped = faults?.drop !== undefined && attemptNo <= faults.drop.attempts
  if (dropped) names.push('drop')
  const duplicate = !dropped && faults?.duplicate === true
  if (duplicate) names.push('duplicate')
  if (!dropped && faults?.tamper) names.push('tamper')
  if (!dropped && faults?.stale) names.push('stale')
  if (!dropped && faults?.wrongSecret) names.push('wrong-secret')
  return {
    faults: names,
    dropped,
    duplicate,
    staleBySeconds: names.includes('stale') ? STALE_BY_SECONDS : 0,
    otherSecret: names.includes('wrong-secret') ? otherSecret : null,
    tamper: names.includes('tamper'),
  }
}
