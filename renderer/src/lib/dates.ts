import { create } from 'zustand'
import { addDays, dayOf, dayStart, DEFAULT_ORGANIZATION_TIME_ZONE, isoInZone as isoInZoneOf, wallTime } from '../../../shared/local-days'

/**
 * Every date the console shows is in the ORGANIZATION's time zone (console.info `timeZone`), in one style,
 * day before month ("26 Nov 2026, 14:05:09"), whatever the browser's locale or zone: a support agent in
 * Nairobi and a developer abroad read the same days. Machine-readable times (CSV) are ISO 8601 with the
 * zone's offset. Local days ("YYYY-MM-DD") are days of that zone too.
 */
interface TimeZoneState {
  timeZone: string
  setTimeZone(timeZone: string): void
}

let current = DEFAULT_ORGANIZATION_TIME_ZONE
const formats = new Map<string, Intl.DateTimeFormat>()

function format(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${current}|${key}`
  let found = formats.get(id)
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', { timeZone: current, hourCycle: 'h23', ...options })
    formats.set(id, found)
  }
  return found
}

/** The zone the console shows times in; the layout sets it from console.info and re-renders the screen. */
export const useDisplayTimeZone = create<TimeZoneState>()((set) => ({
  timeZone: current,
  setTimeZone: (timeZone) => {
    if (timeZone === current) return
    current = timeZone
    set({ timeZone })
  },
}))

export function displayTimeZone(): string {
  return current
}

/** Epoch ms -> "26 Nov 2026, 14:05:09". */
export function formatDateTime(ms: number): string {
  return format('long', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(ms)
}

/** Epoch ms -> "26 Nov 2026, 14:05": for dense tables. */
export function formatDateTimeCompact(ms: number): string {
  return format('compact', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(ms)
}

/** Epoch ms -> "26 Nov". */
export function formatShortDate(ms: number): string {
  return format('short', { day: 'numeric', month: 'short' }).format(ms)
}

/** A local day "2026-11-26" -> "26 Nov 2026". */
export function formatDay(day: string): string {
  return format('day', { day: 'numeric', month: 'short', year: 'numeric' }).format(dayStart(day, current))
}

/** Epoch ms -> "2026-11-26T14:05:09+03:00": ISO 8601 in the organization's zone, for files. */
export function isoInZone(ms: number): string {
  return isoInZoneOf(ms, current)
}

/** The organization's local day of an instant ("2026-11-26"). */
export function localDay(ms: number): string {
  return dayOf(ms, current)
}

/** The first millisecond of a local day of the organization's zone. */
export function localDayStart(day: string): number {
  return dayStart(day, current)
}

/** An ISO instant ("2026-11-26T11:05:09.000Z") as formatDateTime shows it; null as a dash. */
export function formatIso(iso: string | null): string {
  return iso === null ? '—' : formatDateTime(Date.parse(iso))
}

/** What a datetime-local field holds ("2026-11-26T14:05"), read as a time of the organization's zone. */
export function zonedInputToMs(value: string): number {
  const [day = '', time = '00:00'] = value.split('T')
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return wallTime(day, hours, minutes, current)
}

/** The last `days` local days ending with the day of `nowMs`, oldest first. */
export function lastDays(nowMs: number, days: number): string[] {
  const today = localDay(nowMs)
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)))
}

/** "in 42 s" / "3 min ago", for prompts that expire and events that just happened. */
export function formatRelative(ms: number, nowMs: number): string {
  const seconds = Math.round((ms - nowMs) / 1000)
  const abs = Math.abs(seconds)
  const text = abs < 60 ? `${abs} s` : abs < 3600 ? `${Math.round(abs / 60)} min` : `${Math.round(abs / 3600)} h`
  return seconds >= 0 ? `in ${text}` : `${text} ago`
}
