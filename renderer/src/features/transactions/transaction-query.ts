import type { TransactionsQuery } from '../../../../shared/schemas/requests'
import { optionalText } from '../../forms/optional'
import type { TransactionFilters } from '../../stores/transaction-filters-store'
import { apiDateBounds, presetDays } from '../../stores/date-range'

/** The local days a search covers: a preset's days relative to the sandbox's now, or the custom ones. */
export function filterDays(filters: Pick<TransactionFilters, 'preset' | 'from' | 'to'>, nowMs: number): { from: string; to: string } {
  return filters.preset === 'custom' ? { from: filters.from, to: filters.to } : presetDays(filters.preset, nowMs)
}

/**
 * Filters as typed -> the query of GET /v1/transactions, empty choices left out. Not yet validated: the
 * filter form checks it with the API's own schema before the screen sends it. No `limit`: the API's
 * default (10,000) is what the screen shows.
 */
export function filtersToQuery(filters: TransactionFilters, nowMs: number): Partial<TransactionsQuery> {
  const { from, to } = filterDays(filters, nowMs)
  return {
    ...apiDateBounds(from, to),
    type: filters.type || undefined,
    status: filters.status || undefined,
    accountType: filters.accountType || undefined,
    accountNo: optionalText(filters.accountNo),
    customerId: optionalText(filters.customerId),
    shortcode: optionalText(filters.shortcode),
  }
}
