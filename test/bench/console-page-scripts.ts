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
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const end = e.startTime + e.duration
        const scripts = (e.scripts || []).reduce((sum, script) => sum + script.duration, 0)
        // Where the frame went: script, then style and layout, then paint (what is left after renderStart).
        const layout = e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0
        const top = (e.scripts || []).slice().sort((a, b) => b.duration - a.duration)[0]
        const culprit = top ? (top.invoker || '') + ' ' + (top.sourceFunctionName || '') + ' @' + (top.sourceCharPosition ?? '') : ''
        bench.longFrames.push({ start: e.startTime, duration: e.duration, scripts, layout, culprit })
      }
    })
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
        channel.port1.onmessage = () => {
          if (bench.shownAt !== null) return
          bench.shownAt = performance.now()
          // Shown: stop watching, so the scroll that follows pays for no mutation records of ours.
          observer.disconnect()
        }
        channel.port2.postMessage(0)
      })
    }
  }
  bench.check = check
  const observer = new MutationObserver(check)
  observer.observe(document, { subtree: true, childList: true, characterData: true })
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
  // Read the geometry once: reading it inside the loop would force a synchronous layout every frame,
  // work a user's scrolling never causes, and charge it to the frames being measured.
  const maxTop = scroller.scrollHeight - scroller.clientHeight
  let position = 0
  let last = performance.now()
  await new Promise((done) => {
    const step = (now) => {
      intervals.push(now - last)
      last = now
      if (position >= maxTop) return done()
      position = Math.min(position + stepPx, maxTop)
      scroller.scrollTop = position
      requestAnimationFrame(step)
    }
    requestAnimationFrame(step)
  })
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  const rendered = document.querySelectorAll('tbody tr.data-table__row')
  return {
    frames: intervals.length,
    intervals: intervals.slice(1),
    scrolledPx: scroller.scrollTop,
    lastRowIndex: Number(rendered[rendered.length - 1]?.getAttribute('aria-rowindex') || 0),
    longFrames: window.__bench.longFrames.slice(startLongFrames),
  }
}
`
