import { ROUTES } from '../../../../shared/api/routes'
import type { Ids } from '../../core/ids'
import type { OutboxChange, OutboxRecord } from '../../db/upstream-outbox-repo'
import type { Breaker } from './breaker'
import { judgeLookup, judgeSend, type Exchange, type ProviderAnswer } from './protocol'
import { isReversal, lookupOf } from './reversal'

/**
 * The two things the sender does with a row: send it (its fixed bytes under its fixed key), and settle an
 * unclear outcome by looking its reference up. Every state change is committed before the next request.
 */

export interface AttemptNote {
  kind: 'send' | 'lookup'
  exchange: Exchange
  outcome: string
}

/** Commits one change of a row (with the attempt that caused it); answers the row as it is now. */
export type Commit = (row: OutboxRecord, change: OutboxChange, attempt?: AttemptNote) => OutboxRecord

/** What the outbox needs of the provider client (upstream/client.ts satisfies it). */
export interface ProviderPort {
  request(cls: 'money', method: string, path: string, init?: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> }): Promise<ProviderAnswer>
  /** Paused since (ms) because the provider refused the key, or null. */
  keyRefusedAt(): number | null
}

export interface Steps {
  commit: Commit
  breaker: Breaker
  provider: ProviderPort
  now: () => number
  graceMs: number
  reviewAfterMs: number
  ids: Ids
}

const MAX_LOOKUP_BACKOFF_MS = 5 * 60 * 1000

/** The path of a money route, as the client takes it. */
const pathOf = (route: string): string => (ROUTES as Record<string, { path: string }>)[route]!.path

async function exchange(work: () => Promise<ProviderAnswer>): Promise<Exchange> {
  try {
    return { answer: await work() }
  } catch (error) {
    const kind = (error as { kind?: unknown }).kind
    return { failure: typeof kind === 'string' ? kind : 'other', message: error instanceof Error ? error.message : String(error) }
  }
}

const unclear = (now: number, row: OutboxRecord, error: string, delayMs: number): OutboxChange =>
  ({ state: 'unknown', unknown_since: row.unknown_since ?? now, next_at: now + delayMs, last_error: error })

/** POSTs the row's body under its key (`sent` committed first) and commits what the answer means. */
export async function sendRow(steps: Steps, row: OutboxRecord): Promise<void> {
  const { commit, breaker, provider, now, graceMs } = steps
  const from = row.state
  const body = JSON.parse(row.body) as unknown
  if (JSON.stringify(body) !== row.body) {
    // The client serialises what it is given: only bytes that survive the round trip may leave.
    breaker.skipped()
    commit(row, { state: 'needs_review', last_error: 'the stored body does not serialise to the same bytes; not sent' })
    return
  }
  const sent = commit(row, { state: 'sent', sending: true })
  const answer = await exchange(() => provider.request('money', 'POST', pathOf(row.route), { body, headers: { 'Idempotency-Key': row.idempotency_key } }))
  const verdict = judgeSend(answer)
  const attempt: AttemptNote = { kind: 'send', exchange: answer, outcome: verdict.kind }
  switch (verdict.kind) {
    case 'accepted':
      breaker.settled()
      return void commit(sent, { state: 'accepted', transaction_id: verdict.transactionId, last_error: null }, attempt)
    case 'rejected':
      breaker.settled()
      return void commit(sent, { state: 'rejected', last_error: verdict.error }, attempt)
    case 'needs_review':
      breaker.settled()
      return void commit(sent, { state: 'needs_review', last_error: verdict.error }, attempt)
    case 'duplicate':
      breaker.settled()
      // A reversal's 409: the charge has a reversal already (ours, from a send whose key the provider no longer
      // keeps, or one made elsewhere): the intent holds; the provider's words name it.
      if (isReversal(row)) return void commit(sent, { state: 'accepted', last_error: verdict.error }, attempt)
      // It exists: look it up at once and adopt it.
      return void commit(sent, unclear(now(), sent, verdict.error, 0), attempt)
    case 'unknown':
      breaker.failed()
      return void commit(sent, unclear(now(), sent, verdict.error, graceMs), attempt)
    case 'not_sent':
      breaker.skipped()
      return void commit(sent, { state: from, next_at: now(), last_error: verdict.error }, attempt)
  }
}

/**
 * Settles an unclear outcome: found -> adopt it; not found -> the same body again under the same key. A
 * reversal whose own id is unknown finds only its charge, which settles nothing: it is sent again (reversal.ts).
 */
export async function lookupRow(steps: Steps, row: OutboxRecord): Promise<void> {
  const { commit, breaker, provider, now, graceMs, reviewAfterMs } = steps
  if (row.unknown_since !== null && now() - row.unknown_since >= reviewAfterMs) {
    breaker.skipped()
    return void commit(row, { state: 'needs_review', last_error: `still unknown after ${Math.round(reviewAfterMs / 3_600_000)} hours; ${row.last_error ?? ''}`.trim() })
  }
  const lookup = lookupOf(row)
  const answer = await exchange(() => provider.request('money', 'GET', '/v1/transaction', { query: lookup.query }))
  const judged = judgeLookup(answer)
  // A reversal's charge found says nothing of the reversal: it goes the way of not found (sent again).
  const chargeOnly = judged.kind === 'found' && !lookup.ownId
  const verdict = chargeOnly ? { kind: 'not_found' as const } : judged
  const attempt: AttemptNote = { kind: 'lookup', exchange: answer, outcome: chargeOnly ? 'charge_found' : verdict.kind }
  if (verdict.kind === 'found') {
    breaker.settled()
    return void commit(row, { state: 'accepted', transaction_id: verdict.transactionId, last_error: null }, attempt)
  }
  if (verdict.kind === 'not_found') {
    // Not conclusive for the breaker: the send that follows says whether the provider takes money again.
    return sendRow(steps, commit(row, { state: 'unknown' }, attempt))
  }
  if (verdict.kind === 'not_sent') {
    breaker.skipped()
    return void commit(row, { state: 'unknown', next_at: now() }, attempt)
  }
  breaker.failed()
  const delay = Math.min(graceMs * 2, MAX_LOOKUP_BACKOFF_MS) + steps.ids.int(Math.max(1, Math.floor(graceMs / 2)))
  commit(row, unclear(now(), row, verdict.error, delay), attempt)
}
