import { formatMinor } from '../money'

const stamp = new Map<string, Intl.DateTimeFormat>()

/** "2026-11-21 12:00:03" in the statement's time zone. */
export function localStamp(ms: number, timeZone: string): string {
  let format = stamp.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    })
    stamp.set(timeZone, format)
  }
  const p = Object.fromEntries(format.formatToParts(new Date(ms)).map((part) => [part.type, part.value]))
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`
}

/** Minor units as a plain decimal for spreadsheets: 150000 -> "1500.00" (no grouping, sign kept). */
export function decimal(minor: number): string {
  return formatMinor(minor).replace(/,/g, '')
}
