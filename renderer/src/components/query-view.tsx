import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorNotice } from './error-notice'
import { LoadingState } from './loading-state'

export interface QueryViewProps<T> {
  query: Pick<UseQueryResult<T, unknown>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch'>
  loadingLabel?: string
  /** When the data counts as empty (default: an empty array). */
  isEmpty?(data: T): boolean
  /** What to show when empty; usually an <EmptyState/>. */
  empty?: ReactNode
  children(data: T): ReactNode
}

/**
 * The three states every screen needs, in one place: loading, error (with the API's message and a retry)
 * and empty; `children` renders only real data. Background refetches keep showing the current data.
 */
export function QueryView<T>({ query, loadingLabel, isEmpty, empty, children }: QueryViewProps<T>) {
  if (query.isPending) return <LoadingState label={loadingLabel} />
  if (query.isError || query.data === undefined) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
  const data = query.data
  const blank = isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0
  if (blank && empty !== undefined) return <>{empty}</>
  return <>{children(data)}</>
}
