import type { PayoutBatchStatus } from '../../../../shared/schemas/payout-batches'
import { useApiMutation, useApiQuery } from '../use-api'

/** Statuses in which a batch still changes by itself (rows move as their payouts finish). */
export const LIVE_BATCH_STATUSES: readonly PayoutBatchStatus[] = ['scheduled', 'running']
const isLive = (status: PayoutBatchStatus | undefined) => status !== undefined && LIVE_BATCH_STATUSES.includes(status)

/** Refetched every second while a batch runs: its rows follow their payouts, which push no batch event of their own. */
const LIVE_REFETCH_MS = 1_000

/** The batches of this environment, newest first (the queue: scheduled and running ones). */
export function usePayoutBatches() {
  return useApiQuery('console.payoutBatches.list', {}, {
    select: (data) => data.items,
    refetchInterval: (query) => (query.state.data?.items.some((batch) => isLive(batch.status)) ? LIVE_REFETCH_MS : false),
  })
}

/** One batch with every row, live while it runs. */
export function usePayoutBatch(batchId: string) {
  return useApiQuery('console.payoutBatches.get', { params: { batchId } }, {
    refetchInterval: (query) => (isLive(query.state.data?.status) ? LIVE_REFETCH_MS : false),
  })
}

export function useCreatePayoutBatch() {
  return useApiMutation('console.payoutBatches.create', { invalidates: ['console.payoutBatches.'] })
}

export function useSubmitPayoutBatch() {
  return useApiMutation('console.payoutBatches.submit', { invalidates: ['console.payoutBatches.', 'accounts.list', 'balance.get', 'transactions.'] })
}

export function useRetryFailedRows() {
  return useApiMutation('console.payoutBatches.retryFailed', { invalidates: ['console.payoutBatches.', 'accounts.list', 'balance.get', 'transactions.'] })
}

/** GET …/results.csv: the results file's text (HTTP answers the file, IPC the text). */
export function useBatchResults() {
  return useApiMutation('console.payoutBatches.results')
}

/** A draft's row left out (DELETE …/rows/{line}) or corrected (PUT …/rows/{line}); the batch answers with its new totals. */
export function useDropBatchRow() {
  return useApiMutation('console.payoutBatches.dropRow', { invalidates: ['console.payoutBatches.'] })
}

export function useCorrectBatchRow() {
  return useApiMutation('console.payoutBatches.correctRow', { invalidates: ['console.payoutBatches.'] })
}

export function useDeletePayoutBatch() {
  return useApiMutation('console.payoutBatches.delete', { invalidates: ['console.payoutBatches.'] })
}
