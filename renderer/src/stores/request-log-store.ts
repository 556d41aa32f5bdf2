import { create } from 'zustand'

/**
 * The request log's filters as typed ('' = any); applied as they change. `from`/`to` are datetime-local
 * values in the organization's zone. `source`: by default what the integration sent, not the console's own calls.
 */
export type RequestLogFilters = {
  source: '' | 'integration' | 'console'
  status: '' | '2xx' | '3xx' | '4xx' | '5xx'
  path: string
  key: string
  idempotencyKey: string
  requestId: string
  transactionId: string
  from: string
  to: string
}

export const DEFAULT_REQUEST_LOG_FILTERS: RequestLogFilters = { source: 'integration', status: '', path: '', key: '', idempotencyKey: '', requestId: '', transactionId: '', from: '', to: '' }

interface RequestLogState {
  filters: RequestLogFilters
  /** Cursors of the pages shown before the current one ([] = the newest page). */
  cursors: string[]
  setFilters(filters: RequestLogFilters): void
  older(cursor: string): void
  newer(): void
}

/** UI state of Developers → Requests, kept in memory so the list is as it was after opening a request. */
export const useRequestLogStore = create<RequestLogState>()((set) => ({
  filters: DEFAULT_REQUEST_LOG_FILTERS,
  cursors: [],
  setFilters: (filters) => set({ filters, cursors: [] }),
  older: (cursor) => set((state) => ({ cursors: [...state.cursors, cursor] })),
  newer: () => set((state) => ({ cursors: state.cursors.slice(0, -1) })),
}))
