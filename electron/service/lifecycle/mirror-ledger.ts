import type { Posting, TransactionRow } from '../db/rows'
import type { Store } from '../db/store'
import { atTime, type Unit } from '../core/unit'
import { moveMoney } from '../ledger/move-money'
import {
  completeCharge, completePayout, completeReversal, releasePayout, releaseReversal, reserveReversal, reservePayout, settleCharge, sweep, topUp,
} from '../ledger/postings'
import { systemAccounts } from './result'

/**
 * The ledger of an environment that mirrors a provider account (docs/upstream.md, "What is mirrored"). The
 * provider says where each transaction stands, never which postings it made; the mirror posts what the local
 * lifecycle would have posted to reach that state (the same builders as accept.ts, finalize-*.ts, settle.ts,
 * funds.ts), less what the row already posted. So a row that arrives final posts its final effect once, a
 * change seen later posts only the difference, and a re-scan posts nothing: idempotent by construction.
 */

const PAYOUTS = new Set(['transfer', 'payment', 'bank_withdrawal'])
/** What a reversal made by the provider is narrated unless its caller said otherwise (operations/mobile-reverse.ts). */
const REVERSAL_OF = /^Reversal of (\S+)$/

/** The charge a mirrored reversal undoes, when the mirror holds it (the API names it only in the default narration). */
export function reversedCharge(store: Store, row: TransactionRow): TransactionRow | undefined {
  if (row.related_id !== null) return store.transactions.get(row.related_id)
  const named = REVERSAL_OF.exec(row.narration ?? '')?.[1]
  const charge = named ? store.transactions.getByPublicId(row.organization_id, row.environment, named) : undefined
  return charge?.type === 'charge' ? charge : undefined
}

function reversalPostings(store: Store, row: TransactionRow, external: number, fees: number): Posting[] {
  // Without its charge, the reversal's own amount stands for the charge's net (its fee refund is unknown; the
  // balance brought forward absorbs it at the next reconciliation).
  const charge = reversedCharge(store, row) ?? { amount: row.amount, fees: 0 }
  const net = charge.amount - charge.fees
  const reserved = reserveReversal(row.account_id, net)
  if (row.status === 'pending') return reserved
  if (row.status === 'completed' || row.status === 'settled') return [...reserved, ...completeReversal(row.account_id, external, fees, charge.amount, charge.fees)]
  if (row.status === 'failed') return [...reserved, ...releaseReversal(row.account_id, net)]
  return []
}

/** Every posting the local lifecycle makes for a transaction of this type from its creation to its status. */
export function lifecyclePostings(store: Store, row: TransactionRow): Posting[] {
  const { external, fees } = systemAccounts(store, row)
  const { account_id: account, amount, status } = row
  if (row.type === 'charge') {
    const completed = completeCharge(account, external, fees, amount, row.fees)
    if (status === 'completed') return completed
    return status === 'settled' ? [...completed, ...settleCharge(account, amount - row.fees)] : []
  }
  if (PAYOUTS.has(row.type)) {
    const reserved = reservePayout(account, amount, row.fees)
    if (status === 'pending') return reserved
    if (status === 'completed' || status === 'settled') return [...reserved, ...completePayout(account, external, fees, amount, row.fees)]
    return status === 'failed' ? [...reserved, ...releasePayout(account, amount, row.fees)] : []
  }
  if (row.type === 'reversal') return reversalPostings(store, row, external, fees)
  const done = status === 'completed' || status === 'settled'
  if (row.type === 'bank_deposit' && done) return topUp(account, external, amount)
  if (row.type === 'settlement' && done && row.account_type === 'collections') {
    return sweep(account, store.accounts.resolveId(row.organization_id, row.environment, 'payouts'), amount)
  }
  return []
}

const keyOf = (p: Pick<Posting, 'accountId' | 'bucket'>) => `${p.accountId}:${p.bucket}`

/** What is still to post so that the row's postings are its lifecycle's: one posting per account bucket. */
export function missingPostings(store: Store, row: TransactionRow): Posting[] {
  const owed = new Map<string, Posting>()
  for (const p of lifecyclePostings(store, row)) {
    const entry = owed.get(keyOf(p)) ?? { accountId: p.accountId, bucket: p.bucket, amount: 0 }
    entry.amount += p.amount
    owed.set(keyOf(entry), entry)
  }
  for (const p of store.ledger.postingsOf(row.id)) {
    const posting = { accountId: p.account_id, bucket: p.bucket, amount: 0 }
    const entry = owed.get(keyOf(posting)) ?? posting
    entry.amount -= p.amount
    owed.set(keyOf(entry), entry)
  }
  return [...owed.values()].filter((p) => p.amount !== 0)
}

/** The part of `postings` no account bucket could pay for: what it would go below zero by (system accounts may). */
export function shortfalls(store: Store, postings: readonly Posting[]): Posting[] {
  const short: Posting[] = []
  for (const p of postings) {
    if (p.amount >= 0) continue
    const account = store.accounts.get(p.accountId)!
    if (account.kind === 'external' || account.kind === 'fees') continue
    const after = account[p.bucket] + p.amount
    if (after < 0) short.push({ accountId: p.accountId, bucket: p.bucket, amount: -after })
  }
  return short
}

/**
 * Posts what a mirrored row still owes the ledger, at the provider's time of its last change (never after our
 * now), in the caller's unit. `cover` is given what the ledger cannot pay for yet (history before the mirror
 * began): it brings that much forward first, so no bucket goes below zero. `news`: the movement is seen as
 * it happens (the console and the low-float rule hear of it), not history found by the backfill.
 */
export function postMirrored(unit: Unit, row: TransactionRow, news: boolean, cover: (needs: Posting[]) => void): void {
  const { store } = unit
  if (row.type === 'reversal' && row.related_id === null) {
    const charge = reversedCharge(store, row)
    if (charge) row = store.transactions.patch(row, row.updated_at, { related_id: charge.id })
  }
  const postings = missingPostings(store, row)
  if (postings.length === 0) return
  const needs = shortfalls(store, postings)
  if (needs.length > 0) cover(needs)
  moveMoney(atTime(unit, Math.min(unit.now, row.updated_at)), row, postings, { webhooks: false, news })
}
