import type { RequestLogQuery } from '../../../../shared/schemas/request-log'
import { useQueryClient } from '@tanstack/react-query'
import { useEnvironment } from '../../stores/environment-store'
import { routeQueryKey } from '../query-keys'
import { useApiMutation, useApiQuery } from '../use-api'

/** A page of the API request log, newest first; a requests.logged push event refetches it (push-invalidation.ts). */
export function useRequestLog(query: RequestLogQuery, options: { enabled?: boolean } = {}) {
  return useApiQuery('console.requests.list', { query }, { enabled: options.enabled })
}

/** One logged request with headers, bodies, warnings and the webhook events of its transaction. */
export function useLoggedRequest(requestId: string) {
  return useApiQuery('console.requests.get', { params: { requestId } })
}

/** Strict request checks (per organization) and the request log bound. */
export function useDeveloperSettings() {
  return useApiQuery('console.developer.settings.get', {})
}

/** The answer is the new settings: stored at once, so a toggle never shows the old value while a refetch runs. */
export function useUpdateDeveloperSettings() {
  const queryClient = useQueryClient()
  const environment = useEnvironment()
  return useApiMutation('console.developer.settings.update', {
    onSuccess: (settings) => queryClient.setQueryData(routeQueryKey(environment, 'console.developer.settings.get', {}), settings),
  })
}
