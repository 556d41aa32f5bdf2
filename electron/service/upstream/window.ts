import type { Transaction } from '../../../shared/schemas/transaction'
import type { ProviderClient, PriorityClass } from './client'
import { parseItems } from './mirror'

/** The provider's page size: a page this full was cut, and older rows of the window are missing from it. */
export const PAGE_LIMIT = 10_000
const DAY_MS = 86_400_000

export class ProviderAnswerError extends Error {
  constructor(readonly status: number, message: string) {
    super(message)
  }
}

/**
 * A provider's refusal in words, for `lastError` and the job: what failed, what the status means, the
 * provider's own message and, when it gave one, when it asks to be tried again.
 */
export function providerAnswerError(answer: { status: number; headers: Record<string, string>; json: any }, what: string): ProviderAnswerError {
  const { status } = answer
  const meaning = status === 503 ? 'is unavailable' : status >= 500 ? 'failed with an internal error' : status === 404 ? 'does not know' : 'refused'
  const message: unknown = answer.json?.error?.message ?? answer.json?.message
  const said = typeof message === 'string' ? `: ${message.slice(0, 300)}` : ''
  const seconds = Number(answer.headers['retry-after'])
  const retry = status >= 500 && Number.isFinite(seconds) && seconds > 0 ? ` (it asks to be tried again in ${seconds} s)` : ''
  return new ProviderAnswerError(status, `The provider ${meaning} (${status} to ${what})${said}${retry}`)
}

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`)
export const dayEnd = (day: string) => dayStart(day) + DAY_MS - 1
export const previousDay = (day: string) => utcDay(dayStart(day) - DAY_MS)
export const nextDay = (day: string) => utcDay(dayStart(day) + DAY_MS)

/** What a window's scan found: every row once, how many requests it took, and whether part of it could not be read whole. */
export interface WindowScan {
  rows: Transaction[]
  requests: number
  unreadable: number
  /** A slice stayed full at the finest cut (a whole-day provider, or 10,000 rows in one millisecond): never marked complete. */
  gap: boolean
}

/** Providers that take date-times get them; others whole UTC days (a window is then always whole days). */
function bounds(fromMs: number, toMs: number, dateTimes: boolean): { startDate: string; endDate: string } {
  if (dateTimes) return { startDate: new Date(fromMs).toISOString(), endDate: new Date(toMs).toISOString() }
  return { startDate: utcDay(fromMs), endDate: utcDay(toMs) }
}

async function page(client: ProviderClient, cls: PriorityClass, fromMs: number, toMs: number, dateTimes: boolean, limit: number) {
  const answer = await client.request(cls, 'GET', '/transactions', { query: { ...bounds(fromMs, toMs, dateTimes), limit } })
  if (answer.status !== 200) throw providerAnswerError(answer, 'a transactions list')
  return parseItems(answer.json?.data?.items)
}

/**
 * Every transaction the provider created inside [fromMs, toMs] (inclusive). The list is newest first and cut
 * at `limit`: a full page is followed by the window that ends at the oldest row it held (rows of that very
 * millisecond are read again and kept once), until a page is not full. Needs date-times; a whole-day
 * provider's full day is a gap.
 */
export async function scanWindow(client: ProviderClient, cls: PriorityClass, window: { fromMs: number; toMs: number }, dateTimes: boolean, limit = PAGE_LIMIT): Promise<WindowScan> {
  const byId = new Map<string, Transaction>()
  const scan: WindowScan = { rows: [], requests: 0, unreadable: 0, gap: false }
  let toMs = window.toMs
  for (;;) {
    const { rows, unreadable } = await page(client, cls, window.fromMs, toMs, dateTimes, limit)
    scan.requests++
    scan.unreadable += unreadable
    for (const row of rows) byId.set(row.publicId, row)
    if (rows.length + unreadable < limit) break
    const oldest = rows.reduce((min, row) => Math.min(min, row.createdAt), Number.POSITIVE_INFINITY)
    // Cut again at the oldest row; no progress (one millisecond full, or whole days only) is a gap.
    if (!dateTimes || !Number.isFinite(oldest) || oldest >= toMs || oldest < window.fromMs) {
      scan.gap = true
      break
    }
    toMs = oldest
  }
  scan.rows = [...byId.values()]
  return scan
}

/** Whether the provider takes date-times in startDate/endDate (asked once, at connect, with a one-row page). */
export async function probeDateTimes(client: ProviderClient, nowMs: number): Promise<boolean> {
  const answer = await client.request('sync', 'GET', '/transactions', {
    query: { startDate: new Date(nowMs - 60_000).toISOString(), endDate: new Date(nowMs).toISOString(), limit: 1 },
  })
  if (answer.status === 200) return true
  if (answer.status === 400) return false
  throw providerAnswerError(answer, 'the first transactions list')
}
