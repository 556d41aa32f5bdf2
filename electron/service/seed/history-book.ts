import type { AccountRow } from '../db/rows'
import type { HistoryWriter } from '../db/history-writer'
import type { Posting } from '../ledger/postings'

/** The merchant's accounts the history moves money between (history.ts). */
export interface HistoryAccounts {
  collections: AccountRow
  payouts: AccountRow
  shortcodePayouts: AccountRow | null
  external: AccountRow
  fees: AccountRow
}

/** Money state while walking through time: what each account could spend at that moment, and the postings' totals. */
export function createBook(writer: HistoryWriter, accounts: HistoryAccounts) {
  const spendable = new Map<number, number>()
  for (const account of Object.values(accounts) as (AccountRow | null)[]) if (account) spendable.set(account.id, account.available)
  const totals = new Map<number, { available: number; pending: number }>()
  return {
    spendable: (accountId: number) => spendable.get(accountId) ?? 0,
    adjustSpendable(accountId: number, amount: number) {
      spendable.set(accountId, (spendable.get(accountId) ?? 0) + amount)
    },
    /**
     * Writes the transaction's postings netted per account bucket; they must sum to zero. `step`: the index
     * of the timeline entry that moved them (default: the newest).
     */
    post(transactionId: number, postings: readonly Posting[], at: number, step?: number) {
      const net = new Map<string, Posting>()
      let sum = 0
      for (const p of postings) {
        sum += p.amount
        const key = `${p.accountId}:${p.bucket}`
        const current = net.get(key)
        net.set(key, { ...p, amount: (current?.amount ?? 0) + p.amount })
      }
      if (sum !== 0) throw new Error(`historical postings of transaction ${transactionId} sum to ${sum}, not 0`)
      for (const p of net.values()) {
        if (p.amount === 0) continue
        writer.insertPosting(transactionId, p.accountId, p.bucket, p.amount, at, step)
        const total = totals.get(p.accountId) ?? { available: 0, pending: 0 }
        total[p.bucket] += p.amount
        totals.set(p.accountId, total)
      }
    },
    /** Applies the postings' totals to the cached balances, once per account. */
    close(at: number) {
      for (const [accountId, total] of totals) writer.addToBalance(accountId, total.available, total.pending, at)
    },
  }
}

