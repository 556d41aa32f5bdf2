/**
 * Local calendar days in a named time zone (IANA, e.g. "Africa/Nairobi"), computed with Intl so the engine
 * never depends on the time zone of the process it runs in. Console routes that speak in days
 * (search's "yesterday", statements, the settlement report) take a `timeZone` parameter: the console sends
 * the zone of the machine it runs on; scripts may pass any zone; without one the host's zone is used.
 */

/**
 * The time zone of every organization the sandbox makes: Paydesk emulates a Kenyan mobile-money service
 * (KES, M-PESA, Kenyan banks), so a merchant's days are Nairobi days wherever the console runs.
 */
export const DEFAULT_ORGANIZATION_TIME_ZONE = 'Africa/Nairobi'

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone)
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    })
    formatters.set(timeZone, found)
  }
  return found
}

/** The zone of the machine running this code (what "local" means when nobody says otherwise). */
export function hostTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export function isTimeZone(value: string): boolean {
  try {
    formatter(value)
    return true
  } catch {
    return false
  }
}

export function isDay(value: string): boolean {
  const match = DAY.exec(value)
  if (!match) return false
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return date.toISOString().slice(0, 10) === value
}

/** Wall-clock fields of an instant in the zone. */
function parts(ms: number, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const out: Record<string, number> = {}
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') out[part.type] = Number(part.value)
  }
  return out as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone)
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return wall - Math.floor(ms / 1000) * 1000
}

/** An instant as ISO 8601 in the zone, with the zone's offset that instant ("2026-11-26T14:05:09+03:00"). */
export function isoInZone(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone)
  const two = (n: number) => String(n).padStart(2, '0')
  const offsetMinutes = Math.round(offsetAt(ms, timeZone) / 60_000)
  const abs = Math.abs(offsetMinutes)
  const offset = `${offsetMinutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
  return `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}${offset}`
}

/** The local day (YYYY-MM-DD) of an instant. */
export function dayOf(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone)
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
}

/** `day` moved by whole days (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const match = DAY.exec(day)
  if (!match) throw new Error(`not a day: ${day}`)
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days)).toISOString().slice(0, 10)
}

/** The instant a local day's wall clock reads `hour`:`minute` (daylight-saving shifts are handled by re-checking the offset). */
export function wallTime(day: string, hour: number, minute: number, timeZone: string): number {
  const match = DAY.exec(day)
  if (!match) throw new Error(`not a day: ${day}`)
  const utcWall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hour, minute)
  let guess = utcWall - offsetAt(utcWall, timeZone)
  guess = utcWall - offsetAt(guess, timeZone)
  return guess
}

/** The first millisecond of a local day (local midnight). */
export function dayStart(day: string, timeZone: string): number {
  return wallTime(day, 0, 0, timeZone)
}

/** [first ms, last ms] of the local days `from`..`to` inclusive. */
export function dayRange(from: string, to: string, timeZone: string): { fromMs: number; toMs: number } {
  return { fromMs: dayStart(from, timeZone), toMs: dayStart(addDays(to, 1), timeZone) - 1 }
}
