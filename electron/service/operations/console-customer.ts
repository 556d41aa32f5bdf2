import { ApiError } from '../../../shared/errors'
import type { CustomerView } from '../../../shared/schemas/console-support'
import { readPhone } from '../domain/search-query'
import { failureReason } from '../domain/failure-reasons'
import { toConsoleTransaction } from './support/console-transaction'
import type { OperationContext } from './types'

const LISTED = 500
const PAYOUT_TYPES = new Set(['transfer', 'payment'])
const DONE = new Set(['completed', 'settled'])

/** console.customers.get: one phone number's history and totals, from the phone index only. */
export function customerView(ctx: OperationContext, phoneText: string): CustomerView {
  const phoneNumber = readPhone(phoneText)
  if (phoneNumber === null) {
    throw new ApiError('invalid_parameter', 'phoneNumber must be a Kenyan mobile number such as 0712 345 678 or +254712345678.', 'phoneNumber')
  }
  const { organizationId, environment } = ctx.principal
  const scope = { organizationId, environment }
  const totals = ctx.store.search.phoneTotals(scope, phoneNumber)
  const sum = (pick: (row: (typeof totals)[number]) => boolean) => totals.filter(pick).reduce((s, r) => s + r.total, 0)
  const count = (pick: (row: (typeof totals)[number]) => boolean) => totals.filter(pick).reduce((s, r) => s + r.n, 0)
  const rows = ctx.store.search.byPhone({ ...scope, limit: LISTED + 1 }, phoneNumber)
  const failures = ctx.store.search.phoneFailures(scope, phoneNumber)
  const byReason = new Map<string, CustomerView['failures'][number]>()
  for (const f of failures) {
    const reason = failureReason(f.status, f.result_code, f.message)!
    const entry = byReason.get(reason)
    if (entry) {
      entry.count += f.n
      entry.lastAt = Math.max(entry.lastAt, f.last)
    } else byReason.set(reason, { reason, resultCode: f.result_code, count: f.n, lastAt: f.last })
  }
  return {
    phoneNumber,
    paidIn: sum((r) => r.type === 'charge' && DONE.has(r.status)),
    paidOut: sum((r) => PAYOUT_TYPES.has(r.type) && DONE.has(r.status)),
    reversed: sum((r) => r.type === 'reversal' && DONE.has(r.status)),
    counts: {
      total: count(() => true),
      charges: count((r) => r.type === 'charge'),
      payouts: count((r) => PAYOUT_TYPES.has(r.type)),
      reversals: count((r) => r.type === 'reversal'),
      failed: count((r) => r.status === 'failed' || r.status === 'rejected'),
    },
    paidCounts: {
      charges: count((r) => r.type === 'charge' && DONE.has(r.status)),
      payouts: count((r) => PAYOUT_TYPES.has(r.type) && DONE.has(r.status)),
      reversals: count((r) => r.type === 'reversal' && DONE.has(r.status)),
    },
    firstSeen: totals.length === 0 ? null : Math.min(...totals.map((r) => r.first)),
    lastSeen: totals.length === 0 ? null : Math.max(...totals.map((r) => r.last)),
    failures: [...byReason.values()].sort((a, b) => b.count - a.count || b.lastAt - a.lastAt),
    transactions: rows.slice(0, LISTED).map((row) => ({ ...toConsoleTransaction(ctx, row), failureReason: failureReason(row.status, row.result_code, row.message) })),
    more: rows.length > LISTED,
  }
}
