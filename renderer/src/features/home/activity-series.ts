import type { SettlementReport } from '../../../../shared/schemas/console-support'

export interface DayActivity {
  /** Local day of the organization's zone, YYYY-MM-DD. */
  day: string
  collectionsMinor: number
  payoutsMinor: number
}

/**
 * Money that moved per local day, from the daily settlement report (console.reports.settlement), the one
 * source of the daily figures the Statements screen shows too: collections = charges that completed that
 * day (gross), payouts = B2C, B2B and bank transfers paid out that day (amount plus fee). Pending and
 * failed ones moved nothing.
 */
export function dailyActivity(report: SettlementReport): DayActivity[] {
  return report.days.map((day) => ({ day: day.day, collectionsMinor: day.chargesCompleted.amount, payoutsMinor: day.payouts.amount }))
}
