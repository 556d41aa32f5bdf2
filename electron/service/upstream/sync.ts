import { AccountSchema, type Account } from '../../../shared/schemas/account'
import { runUnit } from '../core/unit'
import { agreesWithProvider, reconcileBroughtForward } from '../lifecycle/brought-forward'
import type { Engine } from '../core/engine'
import type { ProviderClient, PriorityClass } from './client'
import { targetedGets, type TargetCursor } from './targeted'
import { flagVanished, upsertPage, type MirrorScope } from './mirror'
import { dayEnd, dayStart, nextDay, previousDay, probeDateTimes, providerAnswerError, scanWindow, utcDay } from './window'

const DAY_MS = 86_400_000
/** Days 4-35 are read again once a day: late reversals and settlements land there. */
const DEEP_SCAN_DAYS: readonly [number, number] = [4, 35]

export interface SyncContext {
  engine: Engine
  client: ProviderClient
  scope: MirrorScope
  lookbackDays: number
  /** The simulated clock: what the mirror books locally (its units) is at simulated time, like the rest of Paydesk. */
  now: () => number
  /**
   * The host's real clock: the provider lives in real time, so every decision about its time (the days listed,
   * the dates sent, the deep scan's interval, the settle window, when it was last read) is taken on it.
   */
  wallNow: () => number
  /** Where the targeted gets go on next cycle (in memory: a restart begins again at the oldest). */
  targetCursor?: TargetCursor
}

/** What a sync read and wrote so far (a job's progress). */
export interface SyncProgress {
  rows: number
  requests: number
  /** Days a slice stayed full at the finest cut: never complete. */
  gaps: string[]
}

const connectionOf = (ctx: SyncContext) => ctx.engine.store.upstream.connection(ctx.scope.organizationId, ctx.scope.environment)!
const update = (ctx: SyncContext, fields: Parameters<Engine['store']['upstream']['updateConnection']>[2]) =>
  runUnit(ctx.engine, ctx.now(), (unit) => unit.store.upstream.updateConnection(ctx.scope.organizationId, ctx.scope.environment, fields))

/** Whether the provider takes date-times, probed once per connection and remembered. */
async function dateTimes(ctx: SyncContext, progress: SyncProgress): Promise<boolean> {
  const known = connectionOf(ctx).date_times
  if (known !== null) return known === 1
  const probed = await probeDateTimes(ctx.client, ctx.wallNow())
  progress.requests++
  update(ctx, { date_times: probed ? 1 : 0 })
  return probed
}

/** Reads the days [from, to] (UTC, inclusive) from the provider and upserts them in one unit; returns the rows read. */
export async function scanDays(ctx: SyncContext, cls: PriorityClass, from: string, to: string, progress: SyncProgress): Promise<number> {
  const window = { fromMs: dayStart(from), toMs: dayEnd(to) }
  const scan = await scanWindow(ctx.client, cls, window, await dateTimes(ctx, progress))
  progress.requests += scan.requests
  if (scan.gap) progress.gaps.push(from === to ? from : `${from}..${to}`)
  runUnit(ctx.engine, ctx.now(), (unit) => {
    upsertPage(unit, ctx.scope, scan.rows)
    // A slice that could not be read whole says nothing about what vanished from it.
    if (!scan.gap) flagVanished(unit, ctx.scope, window, new Set(scan.rows.map((row) => row.publicId)))
  })
  progress.rows += scan.rows.length
  return scan.rows.length
}

/** The provider's accounts and balances, as one list read (`GET /v1/accounts` carries available and pending); kept and answered. */
async function syncBalances(ctx: SyncContext, progress: SyncProgress): Promise<Account[]> {
  const answer = await ctx.client.request('other', 'GET', '/accounts')
  progress.requests++
  if (answer.status !== 200) throw providerAnswerError(answer, 'the accounts list')
  // Kept as the provider gave them (those that read as accounts): /v1/accounts in the mirror answers them.
  const balances = (Array.isArray(answer.json?.data?.items) ? (answer.json.data.items as unknown[]) : []).flatMap((item) => {
    const parsed = AccountSchema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
  runUnit(ctx.engine, ctx.now(), (unit) => {
    const before = new Map((connectionOf(ctx).balances ?? []).map((item) => [item.accountNo, item.available]))
    unit.store.upstream.updateConnection(ctx.scope.organizationId, ctx.scope.environment, { balances })
    // A balance that moved is announced as the ledger's are: the float desk refreshes, and the low-float rule reads the provider's figure.
    for (const item of balances) {
      if (before.get(item.accountNo) !== item.available) unit.emit({ type: 'balance.changed', environment: ctx.scope.environment, accountNo: item.accountNo })
    }
  })
  return balances
}

const money = (accounts: readonly Account[]) => JSON.stringify(accounts.map((a) => [a.accountNo, a.type, a.available, a.pending]))

/**
 * The provider's balances are the truth: when the mirror's ledger does not hold the balances read at the
 * cycle's start, they are read again, and only if nothing moved meanwhile (the same balances after the
 * cycle's scans as before them, so the rows as scanned are what they hold) is the balance brought forward
 * adjusted to them. Money moving during a cycle waits for a quieter one: a reconciliation never chases a
 * moment the scans did not see, so it cannot swing back and forth.
 */
export async function reconcileBalances(ctx: SyncContext, progress: SyncProgress, before: readonly Account[]): Promise<void> {
  if (before.length === 0 || agreesWithProvider(ctx.engine, ctx.scope, before)) return
  const after = await syncBalances(ctx, progress)
  if (money(after) !== money(before)) return
  runUnit(ctx.engine, ctx.now(), (unit) => reconcileBroughtForward(unit, ctx.scope, after))
}

/** The backfill: one UTC day at a time down to `since`, each committed with the day it reached (resumable). */
async function backfill(ctx: SyncContext, progress: SyncProgress): Promise<void> {
  for (;;) {
    const connection = connectionOf(ctx)
    const day = connection.backfill_next
    if (day === null) return
    if (day < connection.since) {
      update(ctx, { backfill_next: null, deep_scan_at: ctx.wallNow() })
      return
    }
    const rows = await scanDays(ctx, 'sync', day, day, progress)
    const next = previousDay(day)
    update(ctx, next < connection.since ? { backfill_next: null, backfill_rows: connection.backfill_rows + rows, deep_scan_at: ctx.wallNow() } : { backfill_next: next, backfill_rows: connection.backfill_rows + rows })
  }
}

/**
 * One sync cycle (its days are the host's real ones, the provider's): balances, each UTC day of [today - lookback, today] again (today's window reaches to the end
 * of tomorrow, for a provider clock ahead of ours), the backfill down to `since`, once a day days 4-35, and
 * the targeted gets of rows not final yet that the re-scan no longer covers (targeted.ts), then the balance
 * brought forward reconciled with the provider's balances (reconcileBalances).
 */
export async function runCycle(ctx: SyncContext, progress: SyncProgress): Promise<void> {
  const balances = await syncBalances(ctx, progress)
  const today = utcDay(ctx.wallNow())
  await scanDays(ctx, 'sync', today, nextDay(today), progress)
  for (let back = 1; back <= ctx.lookbackDays; back++) {
    const day = utcDay(dayStart(today) - back * DAY_MS)
    await scanDays(ctx, 'sync', day, day, progress)
  }
  await backfill(ctx, progress)
  const connection = connectionOf(ctx)
  if (connection.backfill_next === null && (connection.deep_scan_at === null || ctx.wallNow() - connection.deep_scan_at >= DAY_MS)) {
    for (let back = DEEP_SCAN_DAYS[0]; back <= DEEP_SCAN_DAYS[1]; back++) {
      const day = utcDay(dayStart(today) - back * DAY_MS)
      if (day >= connection.since) await scanDays(ctx, 'sync', day, day, progress)
    }
    update(ctx, { deep_scan_at: ctx.wallNow() })
  }
  await targetedGets(ctx, dayStart(today) - ctx.lookbackDays * DAY_MS, progress)
  await reconcileBalances(ctx, progress, balances)
  update(ctx, { last_sync_at: ctx.wallNow(), last_error: null })
}
