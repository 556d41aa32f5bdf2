import { useMemo } from 'react'
import type { ReversalLink } from '../../../../shared/schemas/console-transactions'
import type { TransactionsQuery } from '../../../../shared/schemas/requests'
import type { Transaction } from '../../../../shared/schemas/transaction'
import { isFinal } from '../../../../shared/transaction-states'
import { MONEY_MOVEMENT_INVALIDATES, useApiMutation, useApiQuery } from '../use-api'

/** While push events are the main path, a slow poll covers a dropped event stream for in-flight transactions. */
const IN_FLIGHT_POLL_MS = 5_000

/**
 * One transaction by id, kept fresh until final: push events refetch it at once (transaction.changed),
 * and a slow poll runs as a safety net while it is still moving.
 */
export function useTransaction(transactionId: string | undefined) {
  return useApiQuery('transactions.get', { query: { transactionId } }, {
    enabled: transactionId !== undefined,
    refetchInterval: (query) => {
      const tx = query.state.data
      return tx && isFinal(tx) ? false : IN_FLIGHT_POLL_MS
    },
  })
}

/** GET /v1/transactions (newest first) for a date range and filters. */
export function useTransactions(query: TransactionsQuery, options: { enabled?: boolean } = {}) {
  return useApiQuery('transactions.list', { query }, { enabled: options.enabled })
}

/**
 * The console's full view of one transaction (account, counterparty, timeline, postings, linked reversal
 * or charge). Push events refetch it (console.transactions.* on transaction.changed); the slow poll covers
 * a dropped event stream while it, or a linked reversal, is still moving.
 */
export function useTransactionDetail(transactionId: string, options: { enabled?: boolean } = {}) {
  return useApiQuery('console.transactions.detail', { params: { transactionId } }, {
    enabled: options.enabled,
    refetchInterval: (query) => {
      const detail = query.state.data
      if (!detail) return false
      const moving = !isFinal(detail.transaction) || detail.related.some((tx) => !isFinal(tx))
      return moving ? IN_FLIGHT_POLL_MS : false
    },
  })
}

/** POST /v1/mobile/reverse: the new reversal shows up in lists and in the charge's detail. */
export function useReverseCharge() {
  return useApiMutation('mobile.reverse', { invalidates: MONEY_MOVEMENT_INVALIDATES })
}

const REVERSAL_WINDOW_MS = 366 * 24 * 60 * 60 * 1000

/**
 * The latest reversal of each settled charge among `rows`, by charge id (console.reversals.list over their
 * creation times: a reversed charge stays `settled` in the API, which has no `reversed` status). Empty
 * until known, and when no row could have been reversed.
 */
export function useReversals(rows: readonly Transaction[] | undefined): ReadonlyMap<string, ReversalLink> {
  const range = useMemo(() => {
    let from = Number.POSITIVE_INFINITY
    let to = Number.NEGATIVE_INFINITY
    for (const tx of rows ?? []) {
      if (tx.type !== 'charge' || tx.status !== 'settled') continue
      from = Math.min(from, tx.createdAt)
      to = Math.max(to, tx.createdAt)
    }
    return to < from ? null : { from: String(Math.max(from, to - REVERSAL_WINDOW_MS)), to: String(to) }
  }, [rows])
  const query = useApiQuery('console.reversals.list', { query: range ?? { from: '0', to: '0' } }, { enabled: range !== null })
  return useMemo(() => new Map((range ? query.data?.items ?? [] : []).map((item) => [item.transactionId, item.reversal])), [range, query.data])
}

/** `rows` with each reversed charge's reversal attached (the same objects where nothing changes). */
export function useWithReversals<Row extends Transaction>(rows: readonly Row[] | undefined): (Row & ReversalField)[] | undefined {
  const reversals = useReversals(rows)
  return useMemo(() => {
    if (!rows || reversals.size === 0) return rows as (Row & ReversalField)[] | undefined
    return rows.map((tx) => {
      const reversal = reversals.get(tx.publicId)
      return reversal ? { ...tx, reversal } : tx
    })
  }, [rows, reversals])
}

/** A charge's reversal, when the console knows of one (lists add it; console routes answer with it). */
export interface ReversalField {
  reversal?: ReversalLink | null
}
