import type { DatePreset } from '../../stores/transaction-filters-store'

/** How many days before today each preset starts (the range always ends with today). */
const PRESET_DAYS_BACK: Record<Exclude<DatePreset, 'custom'>, number> = { today: 0, last7: 7, last30: 30, last90: 90 }

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today', last7: 'Last 7 days', last30: 'Last 30 days', last90: 'Last 90 days', custom: 'Custom range',
}

const LOCAL_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

/** The local calendar day of an instant, as YYYY-MM-DD (what <input type="date"> holds). */
export function localDay(ms: number): string {
  const date = new Date(ms)
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Local midnight starting `day` plus `offsetDays`, in ms; null when `day` is not YYYY-MM-DD. */
function localMidnight(day: string, offsetDays = 0): number | null {
  const match = LOCAL_DAY.exec(day)
  if (!match) return null
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + offsetDays).getTime()
}

/** The days a preset covers, ending with the local day of `nowMs` (the sandbox's simulated now). */
export function presetDays(preset: Exclude<DatePreset, 'custom'>, nowMs: number): { from: string; to: string } {
  const today = localDay(nowMs)
  return { from: localDay(localMidnight(today, -PRESET_DAYS_BACK[preset])!), to: today }
}

/**
 * Local days -> the API's bounds. The API reads a bare date as a UTC day, which would cut a Nairobi
 * (UTC+3) evening into the next day; so whole LOCAL days are sent as exact instants instead: the first
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
