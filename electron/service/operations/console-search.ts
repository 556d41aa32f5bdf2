import { formatMinor } from '../../../shared/money'
import { hostTimeZone } from '../../../shared/local-days'
import type { SearchMatch, SearchResult } from '../../../shared/schemas/console-support'
import type { TransactionRow } from '../db/rows'
import { readQuery, receiptSpellings } from '../domain/search-query'
import { toConsoleTransaction } from './support/console-transaction'
import type { OperationContext } from './types'

const DEFAULT_LIMIT = 20
const EXACT: ReadonlySet<SearchMatch> = new Set(['transactionId', 'merchantReference', 'receipt', 'taxInvoice'])

/** Rows found under any of the spellings, each once, newest first. */
function byAnySpelling(spellings: readonly string[], find: (spelling: string) => TransactionRow[]): TransactionRow[] {
  const found = new Map<number, TransactionRow>()
  for (const spelling of spellings) for (const row of find(spelling)) found.set(row.id, row)
  return [...found.values()].sort((a, b) => b.created_at - a.created_at || b.id - a.id)
}

/**
 * console.search: every reading of the query (domain/search-query.ts) is looked up through its own index
 * (db/search-repo.ts), and each reading that found something becomes one group, newest first.
 */
export function search(ctx: OperationContext, input: { q: string; timeZone?: string; limit?: number }): SearchResult {
  const timeZone = input.timeZone ?? hostTimeZone()
  const limit = input.limit ?? DEFAULT_LIMIT
  const { organizationId, environment } = ctx.principal
  const scope = { organizationId, environment, limit: limit + 1 }
  const reading = readQuery(input.q, ctx.now, timeZone)
  const repo = ctx.store.search
  const groups: SearchResult['groups'] = []
  const add = (match: SearchMatch, label: string, rows: readonly (TransactionRow | undefined)[]) => {
    const found = rows.filter((row): row is TransactionRow => row !== undefined)
    if (found.length === 0) return
    groups.push({ match, label, items: found.slice(0, limit).map((row) => toConsoleTransaction(ctx, row)), more: found.length > limit })
  }
  if (reading.token !== null) {
    add('transactionId', `Transaction id ${reading.token}`, [repo.byPublicId(scope, reading.token)])
    add('merchantReference', `Merchant reference ${reading.token}`, [repo.byReference(scope, reading.token)])
    add('receipt', `Receipt ${reading.token.toUpperCase()}`, byAnySpelling(receiptSpellings(reading.token), (spelling) => repo.byReceipt(scope, spelling)))
  }
  if (reading.invoice !== null) add('taxInvoice', `Tax invoice ${reading.invoice}`, repo.byTaxInvoice(scope, reading.invoice))
  const { fromMs, toMs } = reading.day ?? { fromMs: 0, toMs: Number.MAX_SAFE_INTEGER }
  const when = reading.day ? ` on ${reading.day.from}` : ''
  if (reading.phoneNumber !== null && (reading.amount !== null || reading.day !== null)) {
    const amount = reading.amount === null ? '' : `, amount ${formatMinor(reading.amount, 'KES')}`
    add('phone', `Phone ${reading.phoneNumber}${amount}${when}`, repo.byPhoneWithin(scope, reading.phoneNumber, reading.amount, fromMs, toMs))
  } else if (reading.phoneNumber !== null) add('phone', `Phone ${reading.phoneNumber}`, repo.byPhone(scope, reading.phoneNumber))
  else if (reading.amount !== null) {
    add('amount', `Amount ${formatMinor(reading.amount, 'KES')}${when}`, repo.byAmount(scope, reading.amount, fromMs, toMs))
  }
  if (reading.words.length > 0) add('narration', `Narration containing “${reading.words.join(' ')}”`, repo.byWords(scope, reading.words))

  const exactIds = new Set(groups.filter((g) => EXACT.has(g.match)).flatMap((g) => g.items.map((t) => t.publicId)))
  const allIds = new Set(groups.flatMap((g) => g.items.map((t) => t.publicId)))
  const exactMatch = exactIds.size === 1 && allIds.size === 1 ? [...exactIds][0]! : null
  return { query: input.q, understood: { phoneNumber: reading.phoneNumber, amount: reading.amount, day: reading.day, words: reading.words }, timeZone, groups, exactMatch }
}
