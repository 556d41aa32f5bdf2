import { ApiError } from '../../../shared/errors'
import { toTransaction } from '../views/transaction'
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
 * GET /v1/transactions: newest first inside [startDate, endDate], every filter of spec 4.9. The
 * enterprise `shortcode` filter is checked by the dispatcher (enterprise organization, own shortcode).
 */
export const transactionsList: Operation<'transactions.list'> = (ctx, { query }) => {
  const [fromMs, toMs] = bounds(query.startDate, query.endDate)
  if (fromMs > toMs) throw new ApiError('validation_error', 'startDate must not be after endDate.', 'startDate')
  const accountId = query.accountNo !== undefined ? findOwnAccount(ctx, query.accountNo, 'accountNo').id : undefined
  const rows = ctx.store.transactions.list({
    organizationId: ctx.principal.organizationId, environment: ctx.principal.environment, fromMs, toMs,
    type: query.type, status: query.status, accountType: query.accountType, accountId, customerId: query.customerId,
    shortcode: query.shortcode, limit: query.limit ?? 10_000,
  })
  const items = rows.map(toTransaction)
  return { items, count: items.length, startDate: query.startDate, endDate: query.endDate }
}
