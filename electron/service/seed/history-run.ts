import type { Environment, TransactionStatus, TransactionType } from '../../../shared/schemas/common'
import type { FeeTariff } from '../../../shared/schemas/fees'
import type { HistoryWriter } from '../db/history-writer'
import { newTransaction } from '../db/new-transaction'
import type { AccountRow, NewTransaction } from '../db/rows'
import type { Ids } from '../core/ids'
import type { SeededRandom } from '../core/seeded-random'
import type { createBook, HistoryAccounts } from './history-book'
import { ANSWER_DELAY_MS, type Customer, type HistoryKind } from './history-profile'

/** One entry of a history transaction's timeline: the status it reached, its message, when. */
export type TimelineStep = [TransactionStatus, string | null, number]

export const KES = 100
export const REVERSIBLE_POOL_SIZE = 5_000

/** A charge whose net reached `available` (or will at `settleAt`): the pool reversals pick from. */
export interface SettledCharge {
  id: number
  publicId: string
  amount: number
  fees: number
  customer: Customer
  settleAt: number
}

/** Everything one history run shares: its sources of ids and chance, the book of balances, the counts. */
export interface HistoryRun {
  organizationId: string
  environment: Environment
  random: SeededRandom
  ids: Ids
  /** The history's own clock: ids take their timestamps from it. */
  clock: { ms: number }
  accounts: HistoryAccounts
  tariff: FeeTariff
  customers: Customer[]
  writer: HistoryWriter
  book: ReturnType<typeof createBook>
  /** Where the history ends: charges settling after it stay `completed`. */
  toMs: number
  unsettled: SettledCharge[]
  unsettledHead: number
  reversible: SettledCharge[]
  sequence: number
  byType: Record<string, number>
  byStatus: Record<string, number>
}

/** A new row of `type` on `account` at `t`, completed until the kind says otherwise. */
export function baseRow(run: HistoryRun, t: number, type: TransactionType, account: AccountRow): NewTransaction {
  run.clock.ms = t
  return newTransaction({
    public_id: run.ids.transaction(), organization_id: run.organizationId, environment: run.environment, type, status: 'completed', account_id: account.id,
    account_type: account.kind === 'payouts' ? 'payouts' : 'collections', amount: 0, shortcode: account.shortcode, created_at: t,
  })
}

/** Inserts the row and its timeline: each [status, message, at] in order; the last one is the row's state. */
export function insertRow(run: HistoryRun, row: NewTransaction, timeline: readonly TimelineStep[]): number {
  const last = timeline[timeline.length - 1]!
  row.status = last[0]
  row.message = last[1]
  row.updated_at = last[2]
  const id = run.writer.insertTransaction(row, timeline)
  run.byType[row.type] = (run.byType[row.type] ?? 0) + 1
  run.byStatus[row.status] = (run.byStatus[row.status] ?? 0) + 1
  return id
}

export const answerAt = (run: HistoryRun, t: number, kind: HistoryKind) => t + run.random.between(...ANSWER_DELAY_MS[kind])
export const reference = (run: HistoryRun, prefix: string) => `${prefix}-H${String(++run.sequence).padStart(7, '0')}`

/** Charges whose settlement time has come: their net becomes spendable and they may be reversed. */
export function settleDue(run: HistoryRun, t: number): void {
  const { unsettled, reversible } = run
  while (run.unsettledHead < unsettled.length && unsettled[run.unsettledHead]!.settleAt <= t) {
    const settled = unsettled[run.unsettledHead++]!
    run.book.adjustSpendable(run.accounts.collections.id, settled.amount - settled.fees)
    if (reversible.length < REVERSIBLE_POOL_SIZE) reversible.push(settled)
    else reversible[run.random.int(REVERSIBLE_POOL_SIZE)] = settled
  }
  if (run.unsettledHead > 100_000) {
    unsettled.splice(0, run.unsettledHead)
    run.unsettledHead = 0
  }
}
