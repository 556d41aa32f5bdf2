import type { Transaction } from '../../../../shared/schemas/transaction'
import { lastDays } from '../../lib/dates'
import { PAYOUT_TYPES } from '../transactions/transaction-labels'

export interface DayActivity {
  date: string
  startMs: number
  collectionsMinor: number
  payoutsMinor: number
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Money that actually moved per UTC day: collections = charges that completed (or settled since),
 * payouts = B2C, B2B and bank transfers that completed. Pending and failed ones moved nothing.
 */
export function dailyActivity(transactions: readonly Transaction[], nowMs: number, days: number): DayActivity[] {
  const series = lastDays(nowMs, days).map((day) => ({ ...day, collectionsMinor: 0, payoutsMinor: 0 }))
  const first = series[0]?.startMs ?? 0
  for (const tx of transactions) {
    const index = Math.floor((tx.createdAt - first) / DAY_MS)
    const day = series[index]
    if (!day || tx.amount === null) continue
    if (tx.type === 'charge' && (tx.status === 'completed' || tx.status === 'settled')) day.collectionsMinor += tx.amount
    else if (PAYOUT_TYPES.has(tx.type) && tx.status === 'completed') day.payoutsMinor += tx.amount
  }
  return series
}
