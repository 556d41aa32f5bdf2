import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright'
import type { BenchContext } from '../context'
import { INSTALL_PROBES, SCROLL_THROUGH } from '../console-page-scripts'
import { BENCH_CONSOLE_TOKEN, ROOT, type PaydeskChild } from '../processes'
import { formatNumber, verdict, type FigureRow } from '../report'

export const RENDER_GOAL_MS = 500
export const FRAME_GOAL_MS = 50
const ROWS = 10_000
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'
// Toolchain §3: Debian's Chromium, headless, as the e2e tests launch it.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const SCROLL_STEP_PX = 1_200

function notMeasured(reason: string): FigureRow[] {
  return [
    { figure: `Console: ${formatNumber(ROWS)} rows shown after the data arrives`, measured: `not measured: ${reason}`, goal: `≤ ${RENDER_GOAL_MS} ms`, verdict: 'not measured' },
    { figure: 'Console: longest frame scrolling through them', measured: `not measured: ${reason}`, goal: `≤ ${FRAME_GOAL_MS} ms`, verdict: 'not measured' },
  ]
}

/** Builds the console's web build when it is stale (before the server starts, which serves dist-web/ at /). */
export function prepareConsoleBuild(ctx: BenchContext): string | null {
  if (!existsSync(join(ROOT, 'renderer', 'index.html'))) return 'no console in this checkout'
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install chromium)`
  ctx.log('  building the console if stale (scripts/build-web-if-stale.mjs)')
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-web-if-stale.mjs')], { cwd: ROOT, stdio: 'inherit' })
  return null
}

/**
 * Polls with page.evaluate (CDP, outside the page's CSP): waitForFunction compiles its predicate inside
 * the page, which the console's CSP (no 'unsafe-eval') forbids.
 */
async function waitUntilShown(page: Page, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await page.evaluate('Boolean(window.__bench && window.__bench.shownAt !== null)')) return true
    await new Promise((done) => setTimeout(done, 100))
  }
  return false
}

interface ScrollResult {
  error?: string
  frames: number
  intervals: number[]
  scrolledPx: number
  lastRowIndex: number
  longFrames: { duration: number; scripts: number; layout: number; culprit: string }[]
}

/**
 * The Transactions screen in headless Chromium, served by the search server (1M rows): the time from
 * the list response's last byte (Resource Timing) to the first paint showing all 10,000 rows, then the
 * longest frame while flinging through them one scroll step per frame.
 */
export async function consoleFigures(ctx: BenchContext, server: PaydeskChild, unavailable: string | null): Promise<FigureRow[]> {
  if (unavailable) return notMeasured(unavailable)
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } })
    await page.addInitScript({ content: INSTALL_PROBES.replace('target: 0', `target: ${ROWS}`) })
    await page.goto(`${server.url}/?token=${BENCH_CONSOLE_TOKEN}#/transactions`)
    const shown = await waitUntilShown(page, 30_000)
    if (!shown) {
      const placeholder = await page.getByText('This screen is being built').count()
      const tables = await page.locator('.data-table').count()
      if (placeholder > 0 || tables === 0) return notMeasured('screen not built yet')
      const count = await page.locator('.data-table__count').first().textContent()
      return notMeasured(`the screen did not show ${formatNumber(ROWS)} rows within 30 s (it showed "${count ?? '?'}")`)
    }
    const probe = (await page.evaluate('({ shownAt: window.__bench.shownAt, responses: window.__bench.responses })')) as {
      shownAt: number; responses: { url: string; responseEnd: number; size: number }[]
    }
    const arrived = probe.responses.filter((r) => r.responseEnd <= probe.shownAt).sort((a, b) => b.responseEnd - a.responseEnd)[0]
    if (!arrived) return notMeasured('no transactions-list response was seen before the rows appeared')
    const renderMs = probe.shownAt - arrived.responseEnd
    ctx.log(`  ${formatNumber(ROWS)} rows shown ${renderMs.toFixed(0)} ms after the response (${(arrived.size / 1e6).toFixed(1)} MB) arrived`)
    const renderRow: FigureRow = {
      figure: `Console: ${formatNumber(ROWS)} rows shown after the data arrives`, measured: `${formatNumber(renderMs)} ms`,
      goal: `≤ ${RENDER_GOAL_MS} ms`, verdict: verdict(renderMs <= RENDER_GOAL_MS), note: `response ${(arrived.size / 1e6).toFixed(1)} MB`,
    }
    const scroll = (await page.evaluate(`(${SCROLL_THROUGH})(${SCROLL_STEP_PX})`)) as ScrollResult
    if (scroll.error) return [renderRow, notMeasured(scroll.error)[1]!]
    const longest = Math.max(...scroll.intervals)
    const sorted = [...scroll.intervals].sort((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)] ?? NaN
    const worst = scroll.intervals.map((ms, frame) => ({ ms, frame })).sort((a, b) => b.ms - a.ms).slice(0, 5)
    ctx.log(`  slowest frames (frame number: ms): ${worst.map((w) => `${w.frame}: ${w.ms.toFixed(0)}`).join(', ')}`)
    const longest5 = [...scroll.longFrames].sort((a, b) => b.duration - a.duration).slice(0, 5)
    ctx.log(`  long animation frames (total / script / style+layout ms): ${longest5.map((f) => `${f.duration.toFixed(0)}/${f.scripts.toFixed(0)}/${f.layout.toFixed(0)} (${f.culprit.trim()})`).join(', ') || 'none'}`)
    ctx.log(`  scrolled ${scroll.scrolledPx} px in ${scroll.frames} frames to row ${scroll.lastRowIndex - 1}: longest frame ${longest.toFixed(1)} ms, median ${median.toFixed(1)} ms, long animation frames ${scroll.longFrames.length}`)
    return [
      renderRow,
      {
        figure: 'Console: longest frame scrolling through them', measured: `${formatNumber(longest, 1)} ms (median ${formatNumber(median, 1)} ms, ${scroll.frames} frames)`,
        goal: `≤ ${FRAME_GOAL_MS} ms`, verdict: verdict(longest <= FRAME_GOAL_MS),
      },
    ]
  } finally {
    await browser.close()
  }
}
