import { useApiMutation, useApiQuery } from '../use-api'

/** The provider connection of the current environment and how fresh its mirror is (polled: it syncs on its own). */
export function useUpstreamStatus() {
  return useApiQuery('console.upstream.get', {}, { refetchInterval: 5_000 })
}

/** Changes the provider made to mirrored transactions, newest first. */
export function useUpstreamChanges() {
  return useApiQuery('console.upstream.changes', { query: {} }, { refetchInterval: 10_000 })
}

/** Starts a sync (a whole cycle): the answer is its job id. */
export function useStartUpstreamSync() {
  return useApiMutation('console.upstream.sync', { invalidates: ['console.upstream.'] })
}

/** One sync job, polled until it ends. */
export function useUpstreamSyncJob(jobId: string | null) {
  return useApiQuery('console.upstream.syncJob', { params: { jobId: jobId ?? '' } }, {
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : 300),
  })
}
