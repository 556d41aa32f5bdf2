import { CURRENCY } from '../../../shared/money'
import type { FeeTariff } from '../../../shared/schemas/fees'
import type { Environment, TransactionStatus, TransactionType } from '../../../shared/schemas/common'
import { createHistoryWriter } from '../db/history-writer'
import type { AccountRow } from '../db/rows'
import type { Store } from '../db/store'
import { newTransaction } from '../db/new-transaction'
import type { NewTransaction } from '../db/transactions-repo'
import { computeFee, DEFAULT_TARIFF } from '../domain/fees'
import {
  completeCharge, completePayout, completeReversal, reservePayout, reserveReversal, settleCharge, sweep, topUp,
} from '../ledger/postings'
import { createIds } from '../core/ids'
import { createBook, type HistoryAccounts } from './history-book'
import {
  ANSWER_DELAY_MS, CHARGE_FAILURE_RATE, PAYOUT_FAILURE_RATE, REVERSAL_FAILURE_RATE, SETTLEMENT_DELAY_MS, createCustomers, pickAmount,
  pickBankCounterparty, pickChargeFailure, pickKind, pickMetadata, pickNarration, pickTillOrPaybill, type Customer, type HistoryKind,
} from './history-profile'
import { createSeededRandom, type SeededRandom } from '../core/seeded-random'
import { OUTCOMES } from '../lifecycle/plan'

/** One entry of a history transaction's timeline: the status it reached, its message, when. */
type TimelineStep = [TransactionStatus, string | null, number]

/**
 * Fills a FRESH database with realistic history: `count` transactions spread evenly over the past
 * `days` days (charges, B2C, B2B, bank transfers, reversals, plus the float top-ups and collections
 * sweeps that keep the merchant's balances funded), in one SQLite transaction.
 *
 * Ledger choice: every historical money-moving transaction gets REAL postings, built with the same
 * ledger/postings.ts functions its live life would use (e.g. completeCharge + settleCharge) and netted per
 * account bucket, so each transaction's postings sum to zero and no money appears from nowhere. Failed,
 * refused and failed-then-released transactions net to nothing and get no postings. The cached account
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
const KES = 100
/** The history stops this long before now, so every processor answer is already in the past. */
const QUIET_TAIL_MS = 60_000 + ANSWER_DELAY_MS.bank_withdrawal[1]
/** When a payout finds the float short, the merchant tops up (else the payout is refused at creation). */
const TOP_UP_PROBABILITY = 0.75
const SWEEP_MINIMUM_MINOR = 1_000 * KES
const REVERSIBLE_POOL_SIZE = 5_000


interface SettledCharge {
  id: number
  publicId: string
  amount: number
  fees: number
  customer: Customer
  settleAt: number
}

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

export function seedHistory(store: Store, options: SeedHistoryOptions): SeedHistoryResult {
  const environment = options.environment ?? 'test'
  const { organizationId, count } = options
  const random = createSeededRandom(options.seed ?? 1)
  let clockMs = 0
  // The engine's own id formats, with the history's timestamps and a replayable random source.
  const ids = createIds(() => clockMs, random.bytes)
  const accounts = accountsOf(store, organizationId, environment)
  const tariff = tariffOf(store, organizationId)
  const customers = createCustomers(random, Math.max(50, Math.min(50_000, Math.ceil(count / 20))))
  const toMs = options.now - QUIET_TAIL_MS
  const fromMs = toMs - (options.days ?? 90) * DAY_MS
  const stepMs = (toMs - fromMs) / Math.max(count, 1)
  const byType: Record<string, number> = {}
  const byStatus: Record<string, number> = {}
  const writer = createHistoryWriter(store.db)

  writer.bulk(() => {
    const book = createBook(writer, accounts)
    const unsettled: SettledCharge[] = []
    let unsettledHead = 0
    const reversible: SettledCharge[] = []
    let lastSweepDay = Math.floor(fromMs / DAY_MS)
    let sequence = 0

    const base = (t: number, type: TransactionType, account: AccountRow): NewTransaction => {
      clockMs = t
      return newTransaction({
        public_id: ids.transaction(), organization_id: organizationId, environment, type, status: 'completed', account_id: account.id,
        account_type: account.kind === 'payouts' ? 'payouts' : 'collections', amount: 0, shortcode: account.shortcode, created_at: t,
      })
    }
    /** Inserts the row and its timeline: each [status, message, at] in order; the last one is the row's state. */
    const insert = (row: NewTransaction, timeline: readonly TimelineStep[]): number => {
      const last = timeline[timeline.length - 1]!
      row.status = last[0]
      row.message = last[1]
      row.updated_at = last[2]
      const id = writer.insertTransaction(row, timeline)
      byType[row.type] = (byType[row.type] ?? 0) + 1
      byStatus[row.status] = (byStatus[row.status] ?? 0) + 1
      return id
    }
    const answerAt = (t: number, kind: HistoryKind) => t + random.between(...ANSWER_DELAY_MS[kind])
    const reference = (prefix: string) => `${prefix}-H${String(++sequence).padStart(7, '0')}`

    const fund = (t: number, target: AccountRow, need: number) => {
      const amount = Math.ceil((need + random.between(500_000, 5_000_000) * KES) / (100_000 * KES)) * 100_000 * KES
      const row = base(t, 'bank_deposit', target)
      Object.assign(row, { amount, charged_amount: amount, payment_method: 'bank', processor: 'partnerbank', narration: 'Float top-up', result_code: '0' })
      const id = insert(row, [['completed', 'Float top-up completed', t]])
      book.post(id, topUp(target.id, accounts.external.id, amount), t)
      book.adjustSpendable(target.id, amount)
    }

    const sweepCollections = (t: number, amount: number) => {
      const row = base(t, 'settlement', accounts.collections)
      Object.assign(row, { amount, charged_amount: amount, payment_method: 'bank', processor: 'partnerbank', narration: 'Collections sweep to payouts', result_code: '0' })
      const id = insert(row, [['completed', 'Sweep completed', t]])
      book.post(id, sweep(accounts.collections.id, accounts.payouts.id, amount), t)
      book.adjustSpendable(accounts.collections.id, -amount)
      book.adjustSpendable(accounts.payouts.id, amount)
    }

    const charge = (t: number) => {
      const amount = pickAmount(random, 'charge')
      const fees = computeFee(tariff, 'charge', amount)
      const customer = random.pick(customers)
      const merchantTransactionId = reference('INV')
      const row = base(t, 'charge', accounts.collections)
      Object.assign(row, {
        merchant_transaction_id: merchantTransactionId, amount, charged_amount: amount, fees, phone_number: customer.phoneNumber,
        customer_id: customer.customerId, narration: pickNarration(random, 'charge'), metadata: pickMetadata(random, merchantTransactionId),
      })
      const answeredAt = answerAt(t, 'charge')
      const prompt: TimelineStep = ['pending', 'Push prompt sent to the customer', t]
      if (random.chance(CHARGE_FAILURE_RATE)) {
        const outcome = OUTCOMES[pickChargeFailure(random)]
        row.result_code = outcome.resultCode
        insert(row, [prompt, ['failed', outcome.message, answeredAt]])
        return
      }
      row.result_code = '0'
      row.processor_reference = ids.receipt(answeredAt)
      const settleAt = answeredAt + SETTLEMENT_DELAY_MS
      const completed: TimelineStep = ['completed', OUTCOMES.success.message, answeredAt]
      const postings = completeCharge(accounts.collections.id, accounts.external.id, accounts.fees.id, amount, fees)
      if (settleAt > toMs) {
        row.settle_due_at = settleAt
        const id = insert(row, [prompt, completed])
        book.post(id, postings, answeredAt)
        return
      }
      const id = insert(row, [prompt, completed, ['settled', 'Funds settled to the collections account', settleAt]])
      book.post(id, [...postings, ...settleCharge(accounts.collections.id, amount - fees)], settleAt)
      unsettled.push({ id, publicId: row.public_id, amount, fees, customer, settleAt })
    }

    const payout = (t: number, kind: 'transfer' | 'payment' | 'bank_withdrawal') => {
      const account = kind !== 'bank_withdrawal' && accounts.shortcodePayouts && random.chance(0.12) ? accounts.shortcodePayouts : accounts.payouts
      const amount = pickAmount(random, kind)
      const fees = computeFee(tariff, kind === 'transfer' ? 'b2c' : kind === 'payment' ? 'b2b' : 'bankTransfer', amount)
      const short = book.spendable(account.id) < amount + fees
      if (short && random.chance(TOP_UP_PROBABILITY)) return fund(t, account, amount + fees)
      const row = base(t, kind, account)
      const customer = kind === 'transfer' ? random.pick(customers) : null
      const counterparty = kind === 'payment' ? pickTillOrPaybill(random) : kind === 'bank_withdrawal' ? pickBankCounterparty(random) : null
      Object.assign(row, {
        merchant_transaction_id: reference(kind === 'transfer' ? 'PAY' : kind === 'payment' ? 'BIZ' : 'BNK'), amount, charged_amount: amount + fees,
        fees, phone_number: customer?.phoneNumber ?? null, customer_id: customer?.customerId ?? null, narration: pickNarration(random, kind),
        counterparty,
        payment_method: kind === 'bank_withdrawal' ? 'bank' : 'mobile_money', processor: kind === 'bank_withdrawal' ? 'partnerbank' : 'mobile',
      })
      if (short) {
        row.result_code = 'insufficient_float'
        insert(row, [['rejected', `Insufficient balance in payouts account ${account.account_no} for amount plus fees.`, t]])
        return
      }
      const answeredAt = answerAt(t, kind)
      const accepted: TimelineStep = ['pending', 'Disbursement accepted for processing', t]
      // Reserved at acceptance either way; a failure releases it, so only success leaves postings behind.
      book.adjustSpendable(account.id, -(amount + fees))
      if (random.chance(PAYOUT_FAILURE_RATE)) {
        row.result_code = OUTCOMES.failed.resultCode
        insert(row, [accepted, ['failed', OUTCOMES.failed.message, answeredAt]])
        book.adjustSpendable(account.id, amount + fees)
        return
      }
      row.result_code = '0'
      if (kind !== 'bank_withdrawal') row.processor_reference = ids.receipt(answeredAt)
      const id = insert(row, [accepted, ['completed', OUTCOMES.success.message, answeredAt]])
      book.post(id, [...reservePayout(account.id, amount, fees), ...completePayout(account.id, accounts.external.id, accounts.fees.id, amount, fees)], answeredAt)
    }

    /** Reverses a settled charge if one is available and collections can cover its net; otherwise false. */
    const reversal = (t: number): boolean => {
      if (reversible.length === 0) return false
      const index = random.int(reversible.length)
      const original = reversible[index]!
      const net = original.amount - original.fees
      if (book.spendable(accounts.collections.id) < net) return false
      reversible[index] = reversible[reversible.length - 1]!
      reversible.pop()
      const row = base(t, 'reversal', accounts.collections)
      Object.assign(row, {
        amount: original.amount, charged_amount: original.amount, phone_number: original.customer.phoneNumber,
        customer_id: original.customer.customerId, narration: `Reversal of ${original.publicId}`, related_id: original.id,
      })
      const answeredAt = answerAt(t, 'reversal')
      const accepted: TimelineStep = ['pending', 'Reversal accepted for processing', t]
      const failed = random.chance(REVERSAL_FAILURE_RATE)
      row.result_code = failed ? OUTCOMES.failed.resultCode : '0'
      if (!failed) row.processor_reference = ids.receipt(answeredAt)
      const id = insert(row, failed ? [accepted, ['failed', OUTCOMES.failed.message, answeredAt]] : [accepted, ['completed', OUTCOMES.success.message, answeredAt]])
      writer.relate(original.id, id)
      if (!failed) {
        book.post(id, [...reserveReversal(accounts.collections.id, net), ...completeReversal(accounts.collections.id, accounts.external.id, accounts.fees.id, original.amount, original.fees)], answeredAt)
        book.adjustSpendable(accounts.collections.id, -net)
      }
      return true
    }

    /** Charges whose settlement time has come: their net becomes spendable and they may be reversed. */
    const settleDue = (t: number) => {
      while (unsettledHead < unsettled.length && unsettled[unsettledHead]!.settleAt <= t) {
        const settled = unsettled[unsettledHead++]!
        book.adjustSpendable(accounts.collections.id, settled.amount - settled.fees)
        if (reversible.length < REVERSIBLE_POOL_SIZE) reversible.push(settled)
        else reversible[random.int(REVERSIBLE_POOL_SIZE)] = settled
      }
      if (unsettledHead > 100_000) {
        unsettled.splice(0, unsettledHead)
        unsettledHead = 0
      }
    }

    for (let slot = 0; slot < count; slot++) {
      const t = Math.floor(fromMs + (slot + random.next()) * stepMs)
      settleDue(t)
      const day = Math.floor(t / DAY_MS)
      const collected = book.spendable(accounts.collections.id)
      if (day > lastSweepDay && collected >= SWEEP_MINIMUM_MINOR) {
        lastSweepDay = day
        sweepCollections(t, Math.floor((collected * 0.9) / KES) * KES)
        continue
      }
      const kind = pickKind(random)
      if (kind === 'reversal' && reversal(t)) continue
      if (kind === 'charge' || kind === 'reversal') charge(t)
      else payout(t, kind)
    }
    book.close(toMs)
  })
  return { inserted: count, fromMs, toMs, byType, byStatus }
}
