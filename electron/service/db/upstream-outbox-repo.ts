import type { Db } from './connection'

/** docs/upstream.md "Sending money": queued -> sent -> accepted | rejected; unclear -> unknown -> ... -> needs_review. */
export type OutboxState = 'queued' | 'sent' | 'unknown' | 'accepted' | 'rejected' | 'needs_review' | 'closed'
export const OUTBOX_STATES: readonly OutboxState[] = ['queued', 'sent', 'unknown', 'accepted', 'rejected', 'needs_review', 'closed']

export interface OutboxRecord {
  id: string
  organization_id: string
  environment: 'test' | 'live'
  merchant_transaction_id: string
  idempotency_key: string
  /** The public route id it is sent to (`mobile.b2c`, …). */
  route: string
  /** The exact bytes sent on every attempt (JSON text). */
  body: string
  body_sha256: string
  state: OutboxState
  attempts: number
  next_at: number
  last_error: string | null
  /** The provider's transaction id, once known. */
  transaction_id: string | null
  unknown_since: number | null
  /** Closed by hand: the operator's note and who (user id, or `automation`). */
  closed_note: string | null
  closed_by: string | null
  created_at: number
  updated_at: number
}

export type NewOutboxRecord = Omit<OutboxRecord, 'attempts' | 'last_error' | 'transaction_id' | 'unknown_since' | 'closed_note' | 'closed_by' | 'updated_at'>

export interface OutboxAttemptRecord {
  id: number
  outbox_id: string
  at: number
  kind: 'send' | 'lookup'
  /** The provider's HTTP status; null when no answer came (timeout, reset). */
  status: number | null
  /** What the outbox made of it: accepted, rejected, unknown, not_found, … */
  outcome: string
  /** The provider's answer (its body, or why there was none). */
  answer: string | null
}

/** The fields a state change sets (the rest stay). */
export interface OutboxChange {
  state: OutboxState
  next_at?: number
  last_error?: string | null
  transaction_id?: string | null
  unknown_since?: number | null
  /** Count an attempt to send. */
  sending?: boolean
}

type Scope = [organizationId: string, environment: string]

/** Rows to act on: unclear outcomes first (they settle before anything new is sent), then the queue in order. */
const DUE = `SELECT * FROM upstream_outbox WHERE organization_id = ? AND environment = ? AND state IN ('unknown', 'queued') AND next_at <= ?
  ORDER BY CASE state WHEN 'unknown' THEN 0 ELSE 1 END, next_at, created_at, rowid LIMIT ?`

function statements(db: Db) {
  return {
    insert: db.prepare(`INSERT INTO upstream_outbox (id, organization_id, environment, merchant_transaction_id, idempotency_key, route, body, body_sha256, state, next_at, created_at, updated_at)
      VALUES (@id, @organization_id, @environment, @merchant_transaction_id, @idempotency_key, @route, @body, @body_sha256, @state, @next_at, @created_at, @created_at)`),
    get: db.prepare<[string, string, string], OutboxRecord>('SELECT * FROM upstream_outbox WHERE id = ? AND organization_id = ? AND environment = ?'),
    byReference: db.prepare<[string, string, string], OutboxRecord>('SELECT * FROM upstream_outbox WHERE organization_id = ? AND environment = ? AND merchant_transaction_id = ?'),
    // Reversal rows' references share a prefix (upstream/outbox/reversal.ts): a range of the UNIQUE index, few rows.
    reversalByTransactionId: db.prepare<[string, string, string], OutboxRecord>(`SELECT * FROM upstream_outbox WHERE organization_id = ? AND environment = ?
      AND merchant_transaction_id >= 'reversal:' AND merchant_transaction_id < 'reversal;' AND route = 'mobile.reverse' AND transaction_id = ?`),
    due: db.prepare<[...Scope, number, number], OutboxRecord>(DUE),
    nextDue: db.prepare<Scope, { at: number | null }>("SELECT MIN(next_at) AS at FROM upstream_outbox WHERE organization_id = ? AND environment = ? AND state IN ('unknown', 'queued')"),
    nextUnknown: db.prepare<Scope, { at: number | null }>("SELECT MIN(next_at) AS at FROM upstream_outbox WHERE organization_id = ? AND environment = ? AND state = 'unknown'"),
    list: db.prepare<[...Scope, string | null, string | null, number], OutboxRecord>(`SELECT * FROM upstream_outbox WHERE organization_id = ? AND environment = ? AND (? IS NULL OR state = ?)
      ORDER BY CASE state WHEN 'needs_review' THEN 0 WHEN 'unknown' THEN 1 WHEN 'sent' THEN 2 WHEN 'queued' THEN 3 ELSE 4 END, created_at DESC, rowid DESC LIMIT ?`),
    counts: db.prepare<Scope, { state: OutboxState; n: number }>('SELECT state, COUNT(*) AS n FROM upstream_outbox WHERE organization_id = ? AND environment = ? GROUP BY state'),
    change: db.prepare(`UPDATE upstream_outbox SET state = @state, next_at = COALESCE(@next_at, next_at), last_error = CASE WHEN @set_error THEN @last_error ELSE last_error END,
      transaction_id = COALESCE(@transaction_id, transaction_id), unknown_since = CASE WHEN @set_unknown THEN @unknown_since ELSE unknown_since END,
      attempts = attempts + @sending, updated_at = @now WHERE id = @id`),
    sentToUnknown: db.prepare(`UPDATE upstream_outbox SET state = 'unknown', unknown_since = COALESCE(unknown_since, @now), next_at = @next_at, updated_at = @now
      WHERE organization_id = @organization_id AND environment = @environment AND state = 'sent' RETURNING id`),
    close: db.prepare("UPDATE upstream_outbox SET state = 'closed', closed_note = @note, closed_by = @by, updated_at = @now WHERE id = @id"),
    addAttempt: db.prepare('INSERT INTO upstream_outbox_attempts (outbox_id, at, kind, status, outcome, answer) VALUES (@outbox_id, @at, @kind, @status, @outcome, @answer)'),
    attempts: db.prepare<[string], OutboxAttemptRecord>('SELECT * FROM upstream_outbox_attempts WHERE outbox_id = ? ORDER BY id'),
  }
}

/** The upstream outbox (migration 027) and each row's attempts. */
export function createUpstreamOutboxRepo(db: Db) {
  const s = statements(db)
  return {
    insert(row: NewOutboxRecord): void {
      s.insert.run(row)
    },
    get: (organizationId: string, environment: string, id: string): OutboxRecord | undefined => s.get.get(id, organizationId, environment),
    byReference: (organizationId: string, environment: string, reference: string): OutboxRecord | undefined => s.byReference.get(organizationId, environment, reference),
    /** The reversal row whose provider transaction is `transactionId`, if any. */
    reversalByTransactionId: (organizationId: string, environment: string, transactionId: string): OutboxRecord | undefined =>
      s.reversalByTransactionId.get(organizationId, environment, transactionId),
    /** Up to `limit` rows due at `now`: unknown first, then queued in order. */
    due: (organizationId: string, environment: string, now: number, limit: number): OutboxRecord[] => s.due.all(organizationId, environment, now, limit),
    /** When the next unknown or queued row (only unknown ones: `unknownOnly`) is due, or null when none waits. */
    nextDueAt: (organizationId: string, environment: string, unknownOnly = false): number | null =>
      (unknownOnly ? s.nextUnknown : s.nextDue).get(organizationId, environment)?.at ?? null,
    list: (organizationId: string, environment: string, state: OutboxState | null, limit: number): OutboxRecord[] =>
      s.list.all(organizationId, environment, state, state, limit),
    counts(organizationId: string, environment: string): Record<OutboxState, number> {
      const counts = Object.fromEntries(OUTBOX_STATES.map((state) => [state, 0])) as Record<OutboxState, number>
      for (const { state, n } of s.counts.all(organizationId, environment)) counts[state] = n
      return counts
    },
    change(id: string, now: number, change: OutboxChange): void {
      s.change.run({
        id, now, state: change.state, next_at: change.next_at ?? null, transaction_id: change.transaction_id ?? null,
        set_error: change.last_error === undefined ? 0 : 1, last_error: change.last_error ?? null,
        set_unknown: change.unknown_since === undefined ? 0 : 1, unknown_since: change.unknown_since ?? null,
        sending: change.sending ? 1 : 0,
      })
    },
    /** At start: rows left `sent` by a process that stopped mid-request; their outcome is unknown. Answers their ids. */
    sentToUnknown(organizationId: string, environment: string, now: number, nextAt: number): string[] {
      return (s.sentToUnknown.all({ organization_id: organizationId, environment, now, next_at: nextAt }) as { id: string }[]).map((row) => row.id)
    },
    /** Resolved by hand: no more sends or look-ups. */
    close(id: string, now: number, note: string, by: string): void {
      s.close.run({ id, now, note, by })
    },
    addAttempt(attempt: Omit<OutboxAttemptRecord, 'id'>): void {
      s.addAttempt.run(attempt)
    },
    attempts: (outboxId: string): OutboxAttemptRecord[] => s.attempts.all(outboxId),
  }
}
export type UpstreamOutboxRepo = ReturnType<typeof createUpstreamOutboxRepo>
