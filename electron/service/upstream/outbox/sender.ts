import { runUnit, type Unit, type UnitRunner } from '../../core/unit'
import { raise } from '../../notifications/raise'
import type { OutboxRecord } from '../../db/upstream-outbox-repo'
import { BREAKER_DEFAULTS, createBreaker, type BreakerOptions, type BreakerState } from './breaker'
import type { OutboxScope } from './enqueue'
import { answerText, statusOf } from './protocol'
import { linkMirroredReversal } from './reversal'
import { lookupRow, sendRow, type Commit, type ProviderPort, type Steps } from './steps'

/**
 * The outbox's sender (docs/upstream.md "Sending money"): sends each queued row under its fixed key with its
 * fixed bytes, settles every unclear outcome by looking the reference up, and never makes a second key or
 * reference for one intent. Each state change is committed before the next request leaves (`sent` before
 * the POST), so a crash at any point leaves a row the next start settles (`recover`).
 */

export type { ProviderPort } from './steps'

export interface OutboxSenderOptions {
  runner: UnitRunner
  scope: OutboxScope
  provider: ProviderPort
  /** The real clock (never the simulated one): how long the provider has had. */
  now: () => number
  /** How long after an unclear outcome the reference is looked up: at least the client's timeout + 5 s. */
  graceMs: number
  /** Rows in flight at once (the client's pacer spaces them). */
  maxInFlight?: number
  breaker?: Partial<BreakerOptions>
  /** An outcome still unclear this long after it first was needs review (default 24 hours). */
  reviewAfterMs?: number
  /** A row just became needs_review (after its COMMIT). */
  onNeedsReview?: (row: OutboxRecord) => void
}

export interface OutboxSenderStatus {
  breaker: BreakerState
  keyRefusedAt: number | null
  inFlight: number
  /** Rows left `sent` by the last stop, still to settle before anything new is sent. */
  recovering: number
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The bell (and the desktop's notification) when the outbox gives up on a row: a person must look. */
function raiseNeedsReview(unit: Unit, row: OutboxRecord, why: string | null): void {
  raise(unit, {
    organizationId: row.organization_id, environment: row.environment, kind: 'outbox_needs_review', source: row.id,
    title: 'A payment to the provider needs review',
    body: `${row.route} ${row.merchant_transaction_id}: the outbox could not settle whether the provider ran it${why ? ` (${why.slice(0, 200)})` : ''}. Check it at the provider, then look it up again or close it.`,
    link: '/provider/outbox',
  })
}

/** Commits one change of a row with the attempt that caused it (one unit); answers the row as it is now. */
function committer(options: OutboxSenderOptions, recovering: Set<string>): Commit {
  const { runner, scope, now } = options
  return (row, change, attempt) => {
    const at = now()
    const saved = runUnit(runner, at, (unit: Unit) => {
      unit.store.upstreamOutbox.change(row.id, at, change)
      if (change.state === 'needs_review' && row.state !== 'needs_review') raiseNeedsReview(unit, row, change.last_error ?? row.last_error)
      if (attempt) {
        unit.store.upstreamOutbox.addAttempt({
          outbox_id: row.id, at, kind: attempt.kind, status: statusOf(attempt.exchange), outcome: attempt.outcome, answer: answerText(attempt.exchange),
        })
      }
      const saved = unit.store.upstreamOutbox.get(scope.organizationId, scope.environment, row.id)!
      // A reversal the mirror already holds is linked to its charge now; else when the sync brings it (mirror.ts).
      if (change.state === 'accepted') linkMirroredReversal(unit, saved)
      return saved
    })
    if (saved.state !== 'unknown') recovering.delete(row.id)
    if (saved.state === 'needs_review' && row.state !== 'needs_review') options.onNeedsReview?.(saved)
    return saved
  }
}

export function createOutboxSender(options: OutboxSenderOptions) {
  const { runner, scope, provider, now, graceMs } = options
  const maxInFlight = options.maxInFlight ?? 8
  const reviewAfterMs = options.reviewAfterMs ?? DAY_MS
  const breaker = createBreaker({ ...BREAKER_DEFAULTS, ...options.breaker }, now)
  const inFlight = new Map<string, Promise<void>>()
  const recovering = new Set<string>()
  const failures: unknown[] = []
  const repo = () => runner.store.upstreamOutbox

  const commit = committer(options, recovering)
  const steps: Steps = { commit, breaker, provider, now, graceMs, reviewAfterMs, ids: runner.ids }

  /** The next row to start: unclear ones first; nothing new while rows of the last stop are unsettled. */
  function nextRow(): OutboxRecord | undefined {
    const due = repo().due(scope.organizationId, scope.environment, now(), inFlight.size + maxInFlight + 1)
    return due.find((row) => !inFlight.has(row.id) && (row.state === 'unknown' || recovering.size === 0))
  }

  function start(row: OutboxRecord): void {
    breaker.started()
    // A step that throws (the database closed under it) is reported by pump, never left unhandled.
    const work = (row.state === 'unknown' ? lookupRow(steps, row) : sendRow(steps, row))
      .catch((error: unknown) => void failures.push(error))
      .finally(() => inFlight.delete(row.id))
    inFlight.set(row.id, work)
  }

  return {
    /** At start, before anything is sent: rows left `sent` by the last stop become unknown, settled first. */
    recover(): number {
      const ids = runUnit(runner, now(), (unit) => unit.store.upstreamOutbox.sentToUnknown(scope.organizationId, scope.environment, now(), now() + graceMs))
      for (const id of ids) recovering.add(id)
      return ids.length
    },
    /** Works every due row (paced by the client, at most maxInFlight at once) until none is due and none in flight. */
    async pump(): Promise<void> {
      for (;;) {
        while (provider.keyRefusedAt() === null && inFlight.size < breaker.slots(maxInFlight)) {
          const row = nextRow()
          if (!row) break
          start(row)
        }
        if (inFlight.size === 0) {
          if (failures.length > 0) throw failures.splice(0)[0]
          return
        }
        await Promise.race(inFlight.values())
      }
    },
    /** When a row is next due (a grace or backoff ends, the breaker's probe), or null when none waits. */
    nextDueAt(): number | null {
      const due = repo().nextDueAt(scope.organizationId, scope.environment, recovering.size > 0)
      const probe = breaker.nextProbeAt()
      if (due === null) return null
      return probe === null ? due : Math.max(due, probe)
    },
    status: (): OutboxSenderStatus => ({ breaker: breaker.state(), keyRefusedAt: provider.keyRefusedAt(), inFlight: inFlight.size, recovering: recovering.size }),
  }
}
export type OutboxSender = ReturnType<typeof createOutboxSender>
