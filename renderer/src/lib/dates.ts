const DAY_MS = 24 * 60 * 60 * 1000

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
const shortDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' })

/** Epoch ms -> "21 Nov 2026, 10:04:31" in the user's locale. */
export function formatDateTime(ms: number): string {
  return dateTime.format(ms)
}

/** Epoch ms -> "21 Nov". */
export function formatShortDate(ms: number): string {
  return shortDate.format(ms)
}

/** Epoch ms -> "2026-11-21" (UTC), the date-only form the transactions list takes as a whole UTC day. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** The last `days` UTC days ending with the day of `nowMs`, oldest first, as [startMs, isoDate] pairs. */
export function lastDays(nowMs: number, days: number): { startMs: number; date: string }[] {
  const today = Date.UTC(new Date(nowMs).getUTCFullYear(), new Date(nowMs).getUTCMonth(), new Date(nowMs).getUTCDate())
  return Array.from({ length: days }, (_, i) => {
    const startMs = today - (days - 1 - i) * DAY_MS
    return { startMs, date: isoDate(startMs) }
  })
}

/** "in 42 s" / "3 min ago", for prompts that expire and events that just happened. */
export function formatRelative(ms: number, nowMs: number): string {
  const seconds = Math.round((ms - nowMs) / 1000)
  const abs = Math.abs(seconds)
  const text = abs < 60 ? `${abs} s` : abs < 3600 ? `${Math.round(abs / 60)} min` : `${Math.round(abs / 3600)} h`
  return seconds >= 0 ? `in ${text}` : `${text} ago`
}
