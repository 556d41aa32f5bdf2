import { useMutation, useQuery, useQueryClient, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query'
import type { RouteData, RouteId, RouteInput } from '../../../shared/api/routes'
import { useEnvironment } from '../stores/environment-store'
import type { ApiClientError } from './api-client-error'
import { useApiClient } from './api-context'
import { routeQueryKey, routeQueryPredicate, type RouteSelector } from './query-keys'

type ApiQueryOptions<Id extends RouteId, TSelected> = Omit<
  UseQueryOptions<RouteData<Id>, ApiClientError, TSelected, ReturnType<typeof routeQueryKey>>,
  'queryKey' | 'queryFn'
>

/**
 * A React Query query for one route in the current environment. The key is derived from the route id and
 * input, so push events and mutations can invalidate it by route (see push-invalidation.ts).
 */
export function useApiQuery<Id extends RouteId, TSelected = RouteData<Id>>(routeId: Id, input: RouteInput<Id>, options?: ApiQueryOptions<Id, TSelected>) {
  // call()'s rest-argument typing (input optional for some routes) cannot be resolved for a generic Id,
  // so it is called through its plain shape; the hook's own signature keeps callers typed.
  const client = useApiClient()
  const environment = useEnvironment()
  return useQuery({
    queryKey: routeQueryKey(environment, routeId, input),
    queryFn: ({ signal }) => (client.call as (id: Id, input: RouteInput<Id>, o: object) => Promise<RouteData<Id>>)(routeId, input, { environment, signal }),
    ...options,
  })
}

type ApiMutationOptions<Id extends RouteId> = Omit<UseMutationOptions<RouteData<Id>, ApiClientError, RouteInput<Id>>, 'mutationFn'> & {
  /** Routes whose cached answers this mutation makes stale (refetched on success). */
  invalidates?: readonly RouteSelector[]
}

/** Routes a money-moving call changes: the new transaction shows up, and balances move (reserve or credit). */
export const MONEY_MOVEMENT_INVALIDATES: readonly RouteSelector[] = ['transactions.', 'console.transactions.', 'console.reversals.', 'accounts.list', 'balance.get']

/** A React Query mutation for one route in the environment current at the time of the call. */
export function useApiMutation<Id extends RouteId>(routeId: Id, options: ApiMutationOptions<Id> = {}) {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const environment = useEnvironment()
  const { invalidates = [], onSuccess, ...rest } = options
  return useMutation({
    mutationFn: (input: RouteInput<Id>) => (client.call as (id: Id, input: RouteInput<Id>, o: object) => Promise<RouteData<Id>>)(routeId, input, { environment }),
    ...rest,
    onSuccess: async (...args) => {
      // Not awaited: the caller gets its answer at once while the lists refetch in the background.
      if (invalidates.length > 0) void queryClient.invalidateQueries({ predicate: routeQueryPredicate(environment, invalidates) })
      await onSuccess?.(...args)
    },
  })
}
