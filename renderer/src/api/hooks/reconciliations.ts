import { useCallback } from 'react'
import type { ReconciliationItemKind } from '../../../../shared/schemas/reconciliations'
import { downloadCsv } from '../../lib/download'
import { useEnvironment } from '../../stores/environment-store'
import { useApiClient } from '../api-context'
import { useApiMutation, useApiQuery } from '../use-api'

/** Items shown at once on the reconciliation screen (the table virtualizes them). */
export const ITEMS_PAGE = 2_000

export type ItemFilter = 'exceptions' | 'all' | ReconciliationItemKind

export function useReconciliations() {
  return useApiQuery('console.reconciliations.list', {}, { select: (data) => data.items })
}

/** One reconciliation with the items of a filter: its exceptions (the default), every item, or one kind. */
export function useReconciliation(id: string, filter: ItemFilter) {
  const query = filter === 'exceptions' ? { exceptions: 'true' as const } : filter === 'all' ? {} : { kind: filter }
  return useApiQuery('console.reconciliations.get', { params: { id }, query: { ...query, limit: String(ITEMS_PAGE) } }, { placeholderData: (previous) => previous })
}

/** The mapping for a file header (remembered, else guessed); asked once the file's first line is known. */
export function useMappingSuggestion(header: string | null) {
  return useApiQuery('console.reconciliations.mapping', { query: { header: header ?? '' } }, { enabled: header !== null && header !== '', staleTime: Infinity })
}

export function useCreateReconciliation() {
  return useApiMutation('console.reconciliations.create', { invalidates: ['console.reconciliations.', 'console.notifications.'] })
}

export function useMatchByHand() {
  return useApiMutation('console.reconciliations.match', { invalidates: ['console.reconciliations.'] })
}

export function useUndoMatch() {
  return useApiMutation('console.reconciliations.unmatch', { invalidates: ['console.reconciliations.'] })
}

/** Downloads the reconciliation as CSV (every row with its outcome), over whichever transport the console uses. */
export function useExportReconciliation() {
  const client = useApiClient()
  const environment = useEnvironment()
  return useCallback(async (id: string, name: string) => {
    const text = await client.call('console.reconciliations.export', { params: { id } }, { environment })
    downloadCsv(text, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}-${id}.csv`)
  }, [client, environment])
}
