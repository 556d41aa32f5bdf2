import { create } from 'zustand'
import type { WebhookEventType } from '../../../shared/schemas/webhooks'

/** The event log's filters as typed ('' = any); applied on submit. */
export type WebhookLogFilters = {
  transactionId: string
  url: string
  type: '' | WebhookEventType
}

export const DEFAULT_WEBHOOK_LOG_FILTERS: WebhookLogFilters = { transactionId: '', url: '', type: '' }

interface WebhookLogState {
  filters: WebhookLogFilters
  /** The event whose deliveries and attempts are open below the log. */
  selectedEventId: string | null
  setFilters(filters: WebhookLogFilters): void
  select(eventId: string | null): void
}

/** UI state of the Webhooks screen, kept in memory so the log is as it was after visiting a transaction. */
export const useWebhookLogStore = create<WebhookLogState>()((set) => ({
  filters: DEFAULT_WEBHOOK_LOG_FILTERS,
  selectedEventId: null,
  setFilters: (filters) => set({ filters }),
  select: (selectedEventId) => set({ selectedEventId }),
}))
