import type autocannon from 'autocannon'
import { profileDirOf, type BenchContext } from '../context'
import { fire, measure } from '../load'
import { API_HEADERS, startPaydesk, type PaydeskChild } from '../processes'
import { formatNumber, verdict, type FigureRow } from '../report'
import { measureHelloWorld } from './reference'

/** GET /v1/transactions, 90 days, type=charge, limit 100, 50 connections, on 1M rows. Absolute, not a ratio. */
export const SEARCH_PAGES_GOAL = 5_000
export const SEARCH_LARGE_P50_GOAL_MS = 150
export const STARTUP_GOAL_MS = 1_000
export const RSS_GOAL_MB = 250

const DAY_MS = 24 * 60 * 60 * 1000
const LARGE_LIMIT_REQUESTS = 30
/**
 * How long the server idles before the second memory reading. The first, at the burst's end, includes the
 * garbage V8 has not collected yet (heapUsed 19-122 MB on the same code); V8's memory reducer collects it
 * once allocation stops, ~10-30 s later.
 */
const IDLE_MEMORY_WAIT_MS = 30_000

/**
 * 90-day windows that end a minute apart, one per request, going back from now: the same search as the
 * figure's, but no two requests ask for the same page, so the page cache (db/page-cache.ts, valid until any
 * change) never answers. For diagnosis: what a page costs to build, as in a sandbox whose rows keep changing.
 */
export function uncachedSearchOptions(url: string, durationS: number): autocannon.Options {
  const newest = Math.floor(Date.now() / 60_000) * 60_000
  let sequence = 0
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')
  return {
    url, connections: 50, duration: durationS,
    requests: [{
      method: 'GET', headers: API_HEADERS,
      setupRequest: (request) => {
        const end = newest - ++sequence * 60_000
        return { ...request, path: `/v1/transactions?startDate=${iso(end - 90 * DAY_MS)}&endDate=${iso(end)}&type=charge&limit=100` }
      },
    }],
  }
}

/** A 90-day window ending today, as the console's default search asks for it. */
export function ninetyDayQuery(extra: string): string {
  const today = new Date()
  const start = new Date(today.getTime() - 89 * DAY_MS)
  return `/v1/transactions?startDate=${start.toISOString().slice(0, 10)}&endDate=${today.toISOString().slice(0, 10)}&${extra}`
}

/**
 * Start-up, search and memory on the seeded database, in one server process: time from spawn to the
 * first answered request; GET /v1/transactions (90 days, type=charge, limit 100) at 50 connections in
 * pages per second (the hello-world beside it for reference), the figure, which repeats one query
 * and so is mostly answered by the page cache; then the same with every page different (uncached); limit 10,000 one request at a time; then the server's resident memory, at once and after 30 s idle.
 * Returns the still-running server so the console figure can use the same data; the caller stops it.
 */
export async function searchFigures(ctx: BenchContext, dbPath: string): Promise<{ rows: FigureRow[]; server: PaydeskChild }> {
  const server = await startPaydesk({ dbPath, cpuProfileDir: profileDirOf(ctx, 'search') })
  const rows: FigureRow[] = []
  try {
    ctx.log(`  start-up to first answer: ${Math.round(server.firstAnswerMs)} ms`)
    rows.push({
      figure: `Start-up to first answered request (${formatNumber(ctx.searchRows)} rows)`, measured: `${formatNumber(server.firstAnswerMs)} ms`,
      goal: `≤ ${formatNumber(STARTUP_GOAL_MS)} ms`, verdict: verdict(server.firstAnswerMs <= STARTUP_GOAL_MS),
      note: 'the compiled CLI, as npm run serve starts it',
    })
    const reference = await measureHelloWorld(ctx)
    const page = await measure({ url: server.url + ninetyDayQuery('type=charge&limit=100'), connections: 50, duration: ctx.durationS, headers: API_HEADERS })
    ctx.log(`  search limit 100: ${Math.round(page.requestsPerSecond)} req/s, p50 ${page.p50Ms} ms, p99 ${page.p99Ms} ms, statuses ${JSON.stringify(page.statusCounts)}`)
    rows.push({
      figure: 'Search: 90 days, type=charge, limit 100, 50 connections', measured: `${formatNumber(page.requestsPerSecond)} pages/s (p99 ${formatNumber(page.p99Ms, 1)} ms)`,
      reference: `hello-world ${formatNumber(reference.requestsPerSecond)} req/s`, ratio: page.requestsPerSecond / reference.requestsPerSecond,
      goal: `≥ ${formatNumber(SEARCH_PAGES_GOAL)} pages/s`,
      verdict: page.failures > 0 ? 'missed' : verdict(page.requestsPerSecond >= SEARCH_PAGES_GOAL), note: page.failures > 0 ? `${page.failures} failed` : undefined,
    })
    const uncached = await measure(uncachedSearchOptions(server.url, ctx.durationS))
    ctx.log(`  search limit 100, every page different (no cache hit): ${Math.round(uncached.requestsPerSecond)} req/s, p50 ${uncached.p50Ms} ms, p99 ${uncached.p99Ms} ms, statuses ${JSON.stringify(uncached.statusCounts)}`)
    rows.push({
      figure: 'Diagnosis: the same search, every request a different 90-day window (uncached pages)',
      measured: `${formatNumber(uncached.requestsPerSecond)} pages/s (p99 ${formatNumber(uncached.p99Ms, 1)} ms)`,
      reference: `hello-world ${formatNumber(reference.requestsPerSecond)} req/s`, ratio: uncached.requestsPerSecond / reference.requestsPerSecond,
      goal: 'for diagnosis', verdict: 'info', note: uncached.failures > 0 ? `${uncached.failures} failed` : undefined,
    })
    const largeUrl = server.url + ninetyDayQuery('limit=10000')
    await fire({ url: largeUrl, connections: 1, amount: 3, headers: API_HEADERS, timeout: 30 })
    const large = await fire({ url: largeUrl, connections: 1, amount: LARGE_LIMIT_REQUESTS, headers: API_HEADERS, timeout: 30 })
    ctx.log(`  search limit 10,000: p50 ${large.p50Ms} ms, p99 ${large.p99Ms} ms, statuses ${JSON.stringify(large.statusCounts)}`)
    rows.push({
      figure: `Search: 90 days, limit 10,000, one at a time (${LARGE_LIMIT_REQUESTS} requests)`,
      measured: `p50 ${formatNumber(large.p50Ms)} ms, p99 ${formatNumber(large.p99Ms)} ms`, goal: `p50 ≤ ${SEARCH_LARGE_P50_GOAL_MS} ms`,
      verdict: large.failures > 0 ? 'missed' : verdict(large.p50Ms <= SEARCH_LARGE_P50_GOAL_MS), note: large.failures > 0 ? `${large.failures} failed` : undefined,
    })
    const memory = server.memory()
    if (memory) ctx.log(`  server memory: RSS ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB)`)
    rows.push({
      figure: 'Server resident memory after the search figures',
      measured: memory ? `${formatNumber(memory.rssMb)} MB (peak ${formatNumber(memory.peakMb)} MB)` : 'unavailable (no /proc)',
      goal: `≤ ${RSS_GOAL_MB} MB`, verdict: memory ? verdict(memory.rssMb <= RSS_GOAL_MB) : 'not measured',
    })
    if (memory) {
      await new Promise((resume) => setTimeout(resume, IDLE_MEMORY_WAIT_MS))
      const idle = server.memory()
      if (idle) {
        ctx.log(`  server memory after ${IDLE_MEMORY_WAIT_MS / 1000} s idle: RSS ${idle.rssMb.toFixed(0)} MB`)
        rows.push({
          figure: `Diagnosis: server resident memory after ${IDLE_MEMORY_WAIT_MS / 1000} s idle (what the search load left alive)`,
          measured: `${formatNumber(idle.rssMb)} MB`, goal: 'for diagnosis', verdict: 'info',
        })
      }
    }
    return { rows, server }
  } catch (error) {
    await server.stop()
    throw error
  }
}
