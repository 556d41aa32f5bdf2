import type { SearchResult } from '../../../shared/schemas/console-support'
import type { ConsoleTransaction } from '../../../shared/schemas/console-transactions'
import { PATHS } from './paths'
import { pathTo } from './router'

/** One choice in the search results, in keyboard order. */
export type SearchOption =
  | { kind: 'transaction'; key: string; group: string; transaction: ConsoleTransaction; to: string }
  | { kind: 'customer'; key: string; group: string; phoneNumber: string; to: string }
  | { kind: 'all'; key: string; group: string; to: string }

export const transactionPath = (publicId: string) => pathTo(PATHS.transaction, { transactionId: publicId })
export const customerPath = (phoneNumber: string) => pathTo(PATHS.customer, { phoneNumber })
export const searchPath = (q: string) => pathTo(PATHS.search, { query: q.trim() })

/**
 * The results as a flat list of options, group by group (what the route answered, in its order); a phone
 * query leads with its customer view; the dropdown ends with "all results".
 */
export function searchOptions(result: SearchResult, withAll: boolean): SearchOption[] {
  const options: SearchOption[] = []
  for (const group of result.groups) {
    if (group.match === 'phone' && result.understood.phoneNumber) {
      const phoneNumber = result.understood.phoneNumber
      options.push({ kind: 'customer', key: `customer:${phoneNumber}`, group: group.label, phoneNumber, to: customerPath(phoneNumber) })
    }
    for (const transaction of group.items) {
      options.push({ kind: 'transaction', key: `${group.match}:${transaction.publicId}`, group: group.label, transaction, to: transactionPath(transaction.publicId) })
    }
  }
  if (withAll && options.length > 0) options.push({ kind: 'all', key: 'all', group: '', to: searchPath(result.query) })
  return options
}

/** Where Enter goes without a highlighted option: the one exact match, else the results page; null when nothing matched (stay and say so). */
export function enterTarget(result: SearchResult): string | null {
  if (result.exactMatch) return transactionPath(result.exactMatch)
  return result.groups.length > 0 ? searchPath(result.query) : null
}
