import autocannon from 'autocannon'

type Options = autocannon.Options

export interface LoadResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  total: number
  /** Responses outside 2xx plus connection errors and timeouts: any is a failed measurement. */
  failures: number
  statusCounts: Record<string, number>
  durationS: number
  /** Requests of the unmeasured warm-up before it (0 without one). */
  warmupTotal: number
}

function summarize(result: autocannon.Result): LoadResult {
  const statusCounts: Record<string, number> = {}
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCounts[status] = Number(count)
  const total = Object.values(statusCounts).reduce((a, b) => a + b, 0)
  return {
    requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, total,
    failures: result.non2xx + result.errors + result.timeouts, statusCounts, durationS: result.duration, warmupTotal: 0,
  }
}

/**
 * A short unmeasured warm-up (so V8 has optimized the hot paths and SQLite's cache is filled), then
 * the measured run. Both use the same options apart from duration.
 */
export async function measure(options: Options, warmupS = 2): Promise<LoadResult> {
  const warmup = warmupS > 0 ? summarize(await autocannon({ ...options, duration: warmupS, amount: undefined })) : undefined
  return { ...summarize(await autocannon(options)), warmupTotal: warmup?.total ?? 0 }
}

/** A fixed number of requests (no warm-up), e.g. the end-to-end batch. */
export async function fire(options: Options): Promise<LoadResult> {
  return summarize(await autocannon(options))
}
