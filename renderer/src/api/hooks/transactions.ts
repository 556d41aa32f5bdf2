import type { TransactionsQuery } from '../../../../shared/schemas/requests'
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
export function useTransactionDetail(transactionId: string) {
  return useApiQuery('console.transactions.detail', { params: { transactionId } }, {
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
