import type { Transaction } from '../../../shared/schemas/transaction'
import { runUnit } from '../core/unit'
import type { ProviderClient } from './client'
import { parseItems, upsertPage } from './mirror'
import type { Engine } from '../core/engine'
import type { MirrorScope } from './mirror'
import { providerAnswerError } from './window'

/**
 * At most this many targeted gets per cycle: at the default poll (60 s) a cycle's balances, re-scan and
 * these stay within the sync class's share of the pacer (20 % of 90 % of 600 a minute).
 */
export const TARGETED_PER_CYCLE = 50
/** A row this young may still be answered by the re-scan that follows its creation. */
const SETTLE_MS = 120_000

/** Where the last cycle's targeted gets stopped: the next one goes on from there, then wraps to the oldest. */
export interface TargetCursor {
  createdAt: number
  id: number
}
const START: TargetCursor = { createdAt: Number.NEGATIVE_INFINITY, id: 0 }

/** What the targeted gets need of a sync's context (sync.ts's SyncContext is one). */
export interface TargetedContext {
  engine: Engine
  client: ProviderClient
  scope: MirrorScope
  now: () => number
  /** The host's real clock, the provider's: the settle window is judged on it (SyncContext). */
  wallNow: () => number
  targetCursor?: TargetCursor
}

type OpenRow = { transaction_id: number; public_id: string; created_at: number }

/** The next rows to read: oldest first after the cursor, then from the oldest again, each once, at most `limit`. */
function pick(ctx: TargetedContext, beforeMs: number, cursor: TargetCursor, limit: number): OpenRow[] {
  const { organizationId, environment } = ctx.scope
  const picked = ctx.engine.store.upstream.openRows(organizationId, environment, beforeMs, cursor, limit)
  if (picked.length < limit && cursor !== START) {
    const seen = new Set(picked.map((row) => row.transaction_id))
    for (const row of ctx.engine.store.upstream.openRows(organizationId, environment, beforeMs, START, limit - picked.length)) {
      if (!seen.has(row.transaction_id)) picked.push(row)
    }
  }
  return picked
}

/** One `GET /v1/transaction`: the provider's row, or null when it no longer knows it (the re-scan flags a vanished row). */
export async function fetchOne(client: ProviderClient, publicId: string): Promise<Transaction | null> {
  const answer = await client.request('sync', 'GET', '/transaction', { query: { transactionId: publicId } })
  if (answer.status === 404) return null
  if (answer.status !== 200) throw providerAnswerError(answer, 'a transaction read')
  return parseItems([answer.json?.data]).rows[0] ?? null
}

/**
 * Targeted gets: each mirrored row that is not final, older than two minutes and created before `scannedFrom`
 * (the re-scan of this cycle just listed the younger ones) is read by id, oldest first, at most
 * TARGETED_PER_CYCLE a cycle; the cursor carries the rest to the next cycle, so none waits behind the same
 * oldest rows for ever. What changed is upserted as a re-scan would (changes feed, notifications once).
 */
export async function targetedGets(ctx: TargetedContext, scannedFrom: number, progress: { rows: number; requests: number }): Promise<void> {
  const beforeMs = Math.min(ctx.wallNow() - SETTLE_MS, scannedFrom - 1)
  const rows = pick(ctx, beforeMs, ctx.targetCursor ?? START, TARGETED_PER_CYCLE)
  const read: Transaction[] = []
  try {
    for (const row of rows) {
      const found = await fetchOne(ctx.client, row.public_id)
      progress.requests++
      if (found) read.push(found)
      ctx.targetCursor = { createdAt: row.created_at, id: row.transaction_id }
    }
  } finally {
    // What was read before a failure is kept.
    if (read.length > 0) runUnit(ctx.engine, ctx.now(), (unit) => upsertPage(unit, ctx.scope, read))
    progress.rows += read.length
  }
}
