import { ApiError } from '../../../shared/errors'
import { rawJsonOfParts, type RawJson } from '../../../shared/api/raw-json'
import type { TransactionList } from '../../../shared/schemas/transaction'
import { findOwnAccount } from './support/guards'
import type { Operation } from './types'

const DAY_MS = 24 * 60 * 60 * 1000
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** A date-only bound covers its whole UTC day: the start's first millisecond, the end's last. */
function bounds(startDate: string, endDate: string): [number, number] {
  const from = Date.parse(startDate)
  const to = DATE_ONLY.test(endDate) ? Date.parse(endDate) + DAY_MS - 1 : Date.parse(endDate)
  return [from, to]
}

/**
 * The answer built for a page object, kept while the page cache keeps that object (db/page-cache.ts gives
 * the same object back while nothing changed): a repeated search answers the very same `RawJson`, whose
 * bytes the HTTP adapter then encodes only once (http/json-body.ts). Kept ON the page, not in a WeakMap
 * keyed by it: V8's young-generation GC holds a WeakMap's values strongly, so every uncached page's
 * ~120 KB answer was promoted to the old generation and piled up until a full GC (the server reached
 * 600 MB - 1.4 GB under the uncached search load).
 */
const ANSWER = Symbol('answer')
type ListPage = { json: string; count: number; [ANSWER]?: { dates: string; answer: RawJson<TransactionList> } }

/**
 * GET /v1/transactions: newest first inside [startDate, endDate], every filter of spec 4.9. The
 * enterprise `shortcode` filter is checked by the dispatcher (enterprise organization, own shortcode).
 * The page is JSON built in SQLite (`listJson`), passed to the client unparsed (shared/api/raw-json.ts).
 */
export const transactionsList: Operation<'transactions.list'> = (ctx, { query }) => {
  const [fromMs, toMs] = bounds(query.startDate, query.endDate)
  if (fromMs > toMs) throw new ApiError('validation_error', 'startDate must not be after endDate.', 'startDate')
  const accountId = query.accountNo !== undefined ? findOwnAccount(ctx, query.accountNo, 'accountNo').id : undefined
  const page: ListPage = ctx.store.transactions.listJson({
    organizationId: ctx.principal.organizationId, environment: ctx.principal.environment, fromMs, toMs,
    type: query.type, status: query.status, accountType: query.accountType, accountId, customerId: query.customerId,
    shortcode: query.shortcode, limit: query.limit ?? 10_000,
  })
  const dates = `${query.startDate}\n${query.endDate}`
  const answered = page[ANSWER]
  if (answered?.dates === dates) return answered.answer
  // Field order as the object this replaced: items, count, startDate, endDate. In pieces: the page is not copied.
  const answer = rawJsonOfParts<TransactionList>([
    '{"items":', page.json, `,"count":${page.count},"startDate":${JSON.stringify(query.startDate)},"endDate":${JSON.stringify(query.endDate)}}`,
  ])
  page[ANSWER] = { dates, answer }
  return answer
}
