/**
 * Code that runs inside the console page, kept as plain-JavaScript strings because the bench compiles
 * under the Node tsconfig (no DOM types).
 *
 * INSTALL (before any page script): records when each transactions-list response finished arriving
 * (Resource Timing `responseEnd`), and the first moment the DataTable shows its full row count with
 * rows painted: a MutationObserver sees the count, then rAF + a posted message lands just after the
 * next paint. Long animation frames (Chromium's LoAF API) are collected too.
 */
export const INSTALL_PROBES = `
(() => {
  const bench = { responses: [], shownAt: null, shownCount: null, longFrames: [], target: 0 }
  window.__bench = bench
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (/\\/(v1|console)\\/transactions(\\?|$)/.test(e.name)) bench.responses.push({ url: e.name, responseEnd: e.responseEnd, size: e.encodedBodySize })
  }).observe({ type: 'resource', buffered: true })
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) bench.longFrames.push({ start: e.startTime, duration: e.duration }) })
      .observe({ type: 'long-animation-frame', buffered: true })
  } catch {}
  const check = () => {
    if (bench.shownAt !== null || bench.target === 0) return
    const count = document.querySelector('.data-table__count')
    const rows = document.querySelectorAll('tbody tr.data-table__row').length
    const n = count ? Number((count.textContent || '').replace(/[^0-9]/g, '')) : 0
    if (n >= bench.target && rows > 0) {
      bench.shownCount = n
      requestAnimationFrame(() => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => { if (bench.shownAt === null) bench.shownAt = performance.now() }
        channel.port2.postMessage(0)
      })
    }
  }
  bench.check = check
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true })
})()
`

/**
 * SCROLL_THROUGH(stepPx): scrolls the virtualized table from top to bottom, one step per animation
 * frame (a fast fling), and returns every frame interval, as a user would feel them.
 */
export const SCROLL_THROUGH = `
async (stepPx) => {
  const scroller = document.querySelector('.data-table__scroll--virtual') || document.querySelector('.data-table__scroll')
  if (!scroller) return { error: 'no scrollable table' }
  scroller.scrollTop = 0
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  const startLongFrames = window.__bench.longFrames.length
  const intervals = []
  let last = performance.now()
  await new Promise((done) => {
    const step = (now) => {
      intervals.push(now - last)
      last = now
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) return done()
      scroller.scrollTop += stepPx
      requestAnimationFrame(step)
    }
    requestAnimationFrame(step)
  })
  const rendered = document.querySelectorAll('tbody tr.data-table__row')
  return {
    frames: intervals.length,
    intervals: intervals.slice(1),
    scrolledPx: scroller.scrollTop,
    lastRowIndex: Number(rendered[rendered.length - 1]?.getAttribute('aria-rowindex') || 0),
    longFrames: window.__bench.longFrames.slice(startLongFrames).map((f) => f.duration),
  }
}
`
