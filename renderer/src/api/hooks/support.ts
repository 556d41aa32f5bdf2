import type { RouteInput } from '../../../../shared/api/routes'
import { displayTimeZone } from '../../lib/dates'
import { useApiQuery } from '../use-api'

// Day-based requests (search's "yesterday", statements, the settlement report) send the organization's
// time zone (console.info, lib/dates.ts), so the engine never guesses and every screen counts the same days.

/** GET /console/search for a query as typed (empty = not asked). */
export function useSearch(q: string) {
  const trimmed = q.trim()
  return useApiQuery('console.search', { query: { q: trimmed, timeZone: displayTimeZone(), limit: '10' } }, {
    enabled: trimmed !== '', staleTime: 5_000, placeholderData: (previous) => previous,
  })
}

/** The full search for the results page: more rows per group. */
export function useSearchPage(q: string) {
  return useApiQuery('console.search', { query: { q: q.trim(), timeZone: displayTimeZone(), limit: '100' } }, { enabled: q.trim() !== '' })
}

export function useCustomer(phoneNumber: string) {
  return useApiQuery('console.customers.get', { params: { phoneNumber } })
}

export function useAuditLog(query: RouteInput<'console.audit.list'>['query']) {
  return useApiQuery('console.audit.list', { query }, { refetchOnMount: 'always' })
}

export function useStatement(query: { accountNo: string; from: string; to: string } | null) {
  return useApiQuery('console.statements.get', { query: { accountNo: query?.accountNo ?? '', from: query?.from ?? '', to: query?.to ?? '', timeZone: displayTimeZone() } }, {
    enabled: query !== null && query.accountNo !== '',
  })
}

export function useSettlementReport(query: { from: string; to: string }) {
  return useApiQuery('console.reports.settlement', { query: { ...query, timeZone: displayTimeZone() } })
}
