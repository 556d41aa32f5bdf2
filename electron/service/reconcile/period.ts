import { ApiError } from '../../../shared/errors'
import { addDays, dayOf, dayStart } from '../../../shared/local-days'

/** A reconciliation covers at most a year of local days. */
export const MAX_PERIOD_DAYS = 366

export interface Period {
  fromMs: number
  toMs: number
  /** The local day of an instant: inside the period from the days' starts (no date formatting per charge), else through Intl. */
  dayOf(ms: number): string
  inPeriod(ms: number): boolean
}

/** Local days `from`..`to` of `timeZone`; 400 when `to` is before `from` or the range is longer than MAX_PERIOD_DAYS. */
export function periodOf(from: string, to: string, timeZone: string): Period {
  if (to < from) throw new ApiError('invalid_parameter', 'to must be the same day as from or later.', 'to')
  const days: string[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (days.length === MAX_PERIOD_DAYS) throw new ApiError('invalid_parameter', `A reconciliation covers at most ${MAX_PERIOD_DAYS} days.`, 'to')
    days.push(day)
  }
  // starts[i] is the first ms of days[i]; the last entry is the first ms after the period.
  const starts = [...days.map((day) => dayStart(day, timeZone)), dayStart(addDays(to, 1), timeZone)]
  const fromMs = starts[0]!
  const toMs = starts[starts.length - 1]! - 1
  return {
    fromMs,
    toMs,
    inPeriod: (ms) => ms >= fromMs && ms <= toMs,
    dayOf(ms) {
      if (ms < fromMs || ms > toMs) return dayOf(ms, timeZone)
      let low = 0
      let high = days.length - 1
      while (low < high) {
        const middle = (low + high + 1) >> 1
        if (starts[middle]! <= ms) low = middle
        else high = middle - 1
      }
      return days[low]!
    },
  }
}
