import { consoleCall, must } from './rig'

/**
 * The calls of a proof, counted from the request logs: the provider's (every call it received, 429s too)
 * and the connected Paydesk's ("Sent by: Paydesk to the provider", source `provider`), which also holds
 * each 429's Retry-After as it arrived.
 */
export interface LoggedCall {
  requestId: string
  /** When the log recorded it: once its answer was in (ms, the host's clock). */
  at: number
  durationMs: number
  method: string
  path: string
  status: number
}

/** Every entry of a Paydesk's request log (newest first), optionally only one source. */
export async function allLogged(url: string, source?: 'provider'): Promise<LoggedCall[]> {
  const calls: LoggedCall[] = []
  let cursor: string | null = null
  do {
    const query = new URLSearchParams({ limit: '200', ...(source ? { source } : {}), ...(cursor ? { cursor } : {}) })
    const page = await must(consoleCall(url, 'GET', `/console/requests?${query}`), 'read the request log')
    calls.push(...(page.items as LoggedCall[]))
    cursor = page.nextCursor
  } while (cursor)
  return calls
}

export interface RetryAfterWindow {
  /** When the connected Paydesk had the 429 (its log's time of the answer). */
  from: number
  to: number
  retryAfterS: number
}

/** The 429s the connected Paydesk got, each with the window its Retry-After forbids. */
export async function retryAfterWindows(url: string, calls: readonly LoggedCall[]): Promise<RetryAfterWindow[]> {
  const windows: RetryAfterWindow[] = []
  for (const call of calls.filter((c) => c.status === 429)) {
    const detail = await must(consoleCall(url, 'GET', `/console/requests/${encodeURIComponent(call.requestId)}`), 'read a 429')
    const retryAfterS = Number(detail.responseHeaders['retry-after'])
    if (!Number.isFinite(retryAfterS)) throw new Error(`the 429 ${call.requestId} has no Retry-After`)
    windows.push({ from: call.at, to: call.at + retryAfterS * 1000, retryAfterS })
  }
  return windows
}

/**
 * Calls that left while a Retry-After said to wait: sent (the log's time less the call's duration) after
 * the 429 arrived and before its window ended. A call already on its way when the 429 came is not one.
 * `slackMs` absorbs the log's whole-millisecond times.
 */
export function sentInsideWindows(calls: readonly LoggedCall[], windows: readonly RetryAfterWindow[], slackMs = 2): { call: LoggedCall; sentAt: number; window: RetryAfterWindow }[] {
  const inside: { call: LoggedCall; sentAt: number; window: RetryAfterWindow }[] = []
  for (const call of calls) {
    const sentAt = call.at - call.durationMs
    const window = windows.find((w) => sentAt > w.from + slackMs && sentAt < w.to - slackMs)
    if (window) inside.push({ call, sentAt, window })
  }
  return inside
}
