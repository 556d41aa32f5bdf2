import { useMutation } from '@tanstack/react-query'
import type { TransactionStatus } from '../../../../shared/schemas/common'
import type { TransactionsQuery } from '../../../../shared/schemas/requests'
import type { Transaction } from '../../../../shared/schemas/transaction'
import { useEnvironment } from '../../stores/environment-store'
import { ApiClientError, isApiClientError } from '../api-client-error'
import { useApiClient } from '../api-context'
import { MONEY_MOVEMENT_INVALIDATES, useApiMutation, useApiQuery } from '../use-api'

/** Statuses after which a transaction no longer changes by itself (settled is the charge's last step). */
export const FINAL_STATUSES: ReadonlySet<TransactionStatus> = new Set(['failed', 'settled', 'rejected'])
/** A completed charge still settles later; other completed transactions are final. */
export function isFinal(status: TransactionStatus, type: string): boolean {
  return FINAL_STATUSES.has(status) || (status === 'completed' && type !== 'charge')
}

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
      return tx && isFinal(tx.status, tx.type) ? false : IN_FLIGHT_POLL_MS
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
      const moving = !isFinal(detail.transaction.status, detail.transaction.type) || detail.related.some((tx) => !isFinal(tx.status, tx.type))
      return moving ? IN_FLIGHT_POLL_MS : false
    },
  })
}

/** POST /v1/mobile/reverse: the new reversal shows up in lists and in the charge's detail. */
export function useReverseCharge() {
  return useApiMutation('mobile.reverse', { invalidates: MONEY_MOVEMENT_INVALIDATES })
}

/** Transaction ids look like `txn_…`; anything else is more likely a merchant reference. */
const TRANSACTION_ID_PATTERN = /^txn_[0-9a-z]+$/i

/**
 * Free lookup by transaction id or merchant reference (GET /v1/transaction takes exactly one of them):
 * the likelier one is asked first, and on a 404 the other, so support staff can paste whichever the
 * customer or merchant quoted.
 */
export function useTransactionLookup() {
  const client = useApiClient()
  const environment = useEnvironment()
  return useMutation<Transaction, ApiClientError, string>({
    mutationFn: async (text) => {
      const value = text.trim()
      const byId = { query: { transactionId: value } }
      const byReference = { query: { merchantTransactionId: value } }
      const [first, second] = TRANSACTION_ID_PATTERN.test(value) ? [byId, byReference] : [byReference, byId]
      try {
        return await client.call('transactions.get', first, { environment })
      } catch (error) {
        if (!isApiClientError(error) || error.status !== 404) throw error
      }
      try {
        return await client.call('transactions.get', second, { environment })
      } catch (error) {
        if (!isApiClientError(error) || error.status !== 404) throw error
        throw new ApiClientError({
          type: error.type, code: error.code, status: error.status, requestId: error.requestId, param: null,
          message: `No transaction has the id or merchant reference "${value}" in the ${environment} environment.`,
        })
      }
    },
  })
}
