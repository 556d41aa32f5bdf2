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

/** The outbox of the current environment: money sent (or to be sent) to the provider, needs_review first (polled: the sender works on its own). */
export function useOutbox(options: { enabled?: boolean } = {}) {
  return useApiQuery('console.upstream.outbox.list', { query: {} }, { refetchInterval: 3_000, ...options })
}

/** One outbox row with its attempts (what was sent, what the provider answered). */
export function useOutboxRow(id: string, options: { enabled?: boolean } = {}) {
  return useApiQuery('console.upstream.outbox.get', { params: { id } }, { refetchInterval: 3_000, ...options })
}

/** Looks a row's reference up at the provider now. */
export function useResolveOutboxRow() {
  return useApiMutation('console.upstream.outbox.resolve', { invalidates: ['console.upstream.outbox.'] })
}

/** Closes an unknown or needs_review row by hand, with a note. */
export function useCloseOutboxRow() {
  return useApiMutation('console.upstream.outbox.close', { invalidates: ['console.upstream.outbox.'] })
}

/**
 * Whether the sidebar lists the Outbox: the environment sends to a provider account (operate mode), or its
 * outbox holds rows from an earlier run.
 */
export function useOutboxShown(): boolean {
  const sends = useSendsToProvider()
  const rows = useApiQuery('console.upstream.outbox.list', { query: { limit: '1' } }, { refetchInterval: 30_000 }).data
  return sends || (rows !== undefined && rows.items.length > 0)
}

/**
 * The current environment sends its money requests to a provider account (operate mode, approved where it
 * must be: a live key with a team): nothing moves locally.
 */
export function useSendsToProvider(): boolean {
  const status = useUpstreamStatus().data
  const operate = status?.operate?.state
  return status?.connected === true && status.mode === 'operate' && (operate === undefined || operate === 'approved' || operate === 'not_required')
}

/** Asks for the approval a live operate connection waits for (with a team): the answer names it. */
export function useRequestOperateApproval() {
  return useApiMutation('console.upstream.operate', { invalidates: ['console.upstream.', 'console.approvals.'] })
}
