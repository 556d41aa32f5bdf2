import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { usePushStatusStore } from '../stores/push-status-store'
import { useApiClient } from './api-context'
import { createInvalidationBatcher } from './invalidation-batcher'
import { isLargeList } from './large-lists'
import { useListActivityStore } from '../stores/list-activity-store'
import { PUSH_INVALIDATES } from './push-invalidation'
import { dispatchPushEvent } from './push-listeners'
import { API_QUERY_ROOT, routeQueryPredicate, type RouteSelector } from './query-keys'

/**
 * Subscribes once (in the app's providers) to the engine's push events and turns them into query
 * invalidations. After a dropped stream reconnects, everything is refetched: events sent while
 * disconnected are lost, so the cache cannot be trusted.
 */
export function usePushEventSubscription(): void {
  const client = useApiClient()
  const queryClient = useQueryClient()
  const setStatus = usePushStatusStore((state) => state.set)
  const wasDisconnected = useRef(false)

  useEffect(() => {
    const batcher = createInvalidationBatcher<RouteSelector>((environment, selectors) => {
      const matches = routeQueryPredicate(environment, selectors)
      void queryClient.invalidateQueries({ predicate: (query) => matches(query) && !isLargeList(query) })
      const large = queryClient.getQueryCache().findAll({ predicate: (query) => matches(query) && isLargeList(query) })
      if (large.length === 0) return
      void queryClient.invalidateQueries({ predicate: (query) => large.includes(query), refetchType: 'none' })
      useListActivityStore.getState().mark(Date.now())
    })
    const unsubscribe = client.transport.subscribe({
      onEvent(event) {
        batcher.add(event.environment, PUSH_INVALIDATES[event.type])
        dispatchPushEvent(event)
      },
      onSessionEnded() {
        void queryClient.invalidateQueries({ predicate: routeQueryPredicate(null, ['console.info']) })
      },
      onConnectionChange(state) {
        setStatus(state)
        if (state === 'reconnecting') wasDisconnected.current = true
        if (state === 'connected' && wasDisconnected.current) {
          wasDisconnected.current = false
          void queryClient.invalidateQueries({ queryKey: [API_QUERY_ROOT] })
        }
      },
    })
    return () => {
      unsubscribe()
      batcher.dispose()
    }
  }, [client, queryClient, setStatus])
}
