import { addDays, isDay } from '../../../shared/local-days'
import { localDay, localDayStart } from '../lib/dates'
import type { DatePreset } from './transaction-filters-store'

/** Each preset's first and last day, counted back from today (0 = today). */
const PRESET_DAYS: Record<Exclude<DatePreset, 'custom'>, [from: number, to: number]> = {
  today: [0, 0], yesterday: [1, 1], last7: [7, 0], last30: [30, 0], last90: [90, 0],
}

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today', yesterday: 'Yesterday', last7: 'Last 7 days', last30: 'Last 30 days', last90: 'Last 90 days', custom: 'Custom range',
}

/** The first millisecond of `day` plus `offsetDays` in the organization's zone; null when `day` is not a calendar day. */
function localMidnight(day: string, offsetDays = 0): number | null {
  return isDay(day) ? localDayStart(addDays(day, offsetDays)) : null
}

/** The days a preset covers, counted from the organization's local day of `nowMs` (the sandbox's simulated now). */
export function presetDays(preset: Exclude<DatePreset, 'custom'>, nowMs: number): { from: string; to: string } {
  const today = localDay(nowMs)
  const [from, to] = PRESET_DAYS[preset]
  return { from: addDays(today, -from), to: addDays(today, -to) }
}

/**
 * Local days (of the organization's zone) -> the API's bounds. The API reads a bare date as a UTC day, which
 * would cut a Nairobi (UTC+3) evening into the next day; so whole LOCAL days are sent as exact instants instead: the first
 * millisecond of `from` and the last of `to`, as ISO date-times. Undefined for a missing or malformed day,
 * so the shared schema reports the field as required.
 */
export function apiDateBounds(from: string, to: string): { startDate: string | undefined; endDate: string | undefined } {
  const start = localMidnight(from)
  const endExclusive = localMidnight(to, 1)
  return {
    startDate: start === null ? undefined : new Date(start).toISOString(),
    endDate: endExclusive === null ? undefined : new Date(endExclusive - 1).toISOString(),
  }
}
