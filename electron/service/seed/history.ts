import type { Environment } from '../../../shared/schemas/common'
import type { FeeTariff } from '../../../shared/schemas/fees'
import { createHistoryWriter } from '../db/history-writer'
import type { AccountRow } from '../db/rows'
import type { Store } from '../db/store'
import { DEFAULT_TARIFF } from '../domain/fees'
import { createIds } from '../core/ids'
import { createSeededRandom } from '../core/seeded-random'
import { createBook, type HistoryAccounts } from './history-book'
import { charge, payout, reversal, sweepCollections } from './history-kinds'
import { ANSWER_DELAY_MS, createCustomers, pickKind } from './history-profile'
import { KES, settleDue, type HistoryRun } from './history-run'

/**
 * Fills a FRESH database with realistic history: `count` transactions spread evenly over the past
 * `days` days (charges, B2C, B2B, bank transfers, reversals, plus the float top-ups and collections
 * sweeps that keep the merchant's balances funded), in one SQLite transaction.
 *
 * Ledger choice: every historical money-moving transaction gets REAL postings, built with the same
 * ledger/postings.ts functions its live life would use (e.g. completeCharge, then settleCharge at its own
 * time) and netted per account bucket within each state change, so each transaction's postings sum to
 * zero and no money appears from nowhere. Failed, refused and failed-then-released transactions net to
 * nothing and get no postings. The cached account
 * balances are updated once per account at the end with the sum of the postings written (guarantee 3).
 * A running balance per account, kept in time order, decides when the merchant must top up its float
 * or may not reverse, so no balance is ever negative (guarantee 2). Every transaction is in a final
 * state except charges completed within the last settlement delay, which stay `completed` with their
 * net in collections `pending` and a `settle_due_at`, exactly as guarantee 5 expects.
 *
 * Only for a database that has no history of its own yet: merchant references are `…-H<seq>` and would
 * collide on a second run.
 */
export interface SeedHistoryOptions {
  count: number
  organizationId: string
  environment?: Environment
  /** Simulated now; the history ends a minute before it. */
  now: number
  days?: number
  /** PRNG seed: the same seed gives the same history. */
  seed?: number
}

export interface SeedHistoryResult {
  inserted: number
  fromMs: number
  toMs: number
  byType: Record<string, number>
  byStatus: Record<string, number>
}

const DAY_MS = 24 * 60 * 60 * 1000
/** The history stops this long before now, so every processor answer is already in the past. */
const QUIET_TAIL_MS = 60_000 + ANSWER_DELAY_MS.bank_withdrawal[1]
const SWEEP_MINIMUM_MINOR = 1_000 * KES

function accountsOf(store: Store, organizationId: string, environment: Environment): HistoryAccounts {
  const resolve = (kind: AccountRow['kind']) => store.accounts.resolve(organizationId, environment, kind)
  const shortcodePayouts = store.accounts.list(organizationId, environment).find((a) => a.kind === 'payouts' && a.shortcode !== null) ?? null
  return { collections: resolve('collections'), payouts: resolve('payouts'), shortcodePayouts, external: resolve('external'), fees: resolve('fees') }
}

function tariffOf(store: Store, organizationId: string): FeeTariff {
  const organization = store.organizations.get(organizationId)
  if (!organization) throw new Error(`no organization ${organizationId}`)
  return organization.fee_tariff ?? DEFAULT_TARIFF
}

/** Spreads `count` transactions over the period, sweeping collections once a day, as a merchant would. */
function fillHistory(run: HistoryRun, count: number, fromMs: number, stepMs: number): void {
  const { random, book, accounts } = run
  let lastSweepDay = Math.floor(fromMs / DAY_MS)
  for (let slot = 0; slot < count; slot++) {
    const t = Math.floor(fromMs + (slot + random.next()) * stepMs)
    settleDue(run, t)
    const day = Math.floor(t / DAY_MS)
    const collected = book.spendable(accounts.collections.id)
    if (day > lastSweepDay && collected >= SWEEP_MINIMUM_MINOR) {
      lastSweepDay = day
      sweepCollections(run, t, Math.floor((collected * 0.9) / KES) * KES)
      continue
    }
    const kind = pickKind(random)
    if (kind === 'reversal' && reversal(run, t)) continue
    if (kind === 'charge' || kind === 'reversal') charge(run, t)
    else payout(run, t, kind)
  }
}

export function seedHistory(store: Store, options: SeedHistoryOptions): SeedHistoryResult {
  const environment = options.environment ?? 'test'
  const { organizationId, count } = options
  const random = createSeededRandom(options.seed ?? 1)
  const clock = { ms: 0 }
  // The engine's own id formats, with the history's timestamps and a replayable random source.
  const ids = createIds(() => clock.ms, random.bytes)
  const accounts = accountsOf(store, organizationId, environment)
  const tariff = tariffOf(store, organizationId)
  const customers = createCustomers(random, Math.max(50, Math.min(50_000, Math.ceil(count / 20))))
  const toMs = options.now - QUIET_TAIL_MS
  const fromMs = toMs - (options.days ?? 90) * DAY_MS
  const byType: Record<string, number> = {}
  const byStatus: Record<string, number> = {}
  const writer = createHistoryWriter(store.db)
  writer.bulk(() => {
    const run: HistoryRun = {
      organizationId, environment, random, ids, clock, accounts, tariff, customers, writer, book: createBook(writer, accounts), toMs,
      unsettled: [], unsettledHead: 0, reversible: [], sequence: 0, byType, byStatus,
    }
    fillHistory(run, count, fromMs, (toMs - fromMs) / Math.max(count, 1))
    run.book.close(toMs)
  })
  return { inserted: count, fromMs, toMs, byType, byStatus }
}
