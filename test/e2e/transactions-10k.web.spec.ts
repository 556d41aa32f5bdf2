import { expect, test, type Page } from '@playwright/test'
import { TransactionsPage } from './pages/transactions-page'
import { collectPageErrors } from './support/console-page'
import { CONSOLE_TOKEN, TEST_API_KEY } from './support/sandbox'
import { startSeededSandbox } from './support/seeded-sandbox'

/**
 * 10,000 rows against a sandbox of its own (seeded with 12,000 historical transactions over 90 days), so
 * the shared sandbox stays small and fast for every other test.
 */
let sandbox: Awaited<ReturnType<typeof startSeededSandbox>>

test.beforeAll(async () => {
  sandbox = await startSeededSandbox(12_000)
})

test.afterAll(async () => {
  await sandbox?.stop()
})

/** Opens the Transactions screen on the seeded sandbox and searches the last 90 days: 10,000 rows. */
async function openTenThousandRows(page: Page): Promise<TransactionsPage> {
  const transactions = new TransactionsPage(page)
  await page.goto(`${sandbox.url}/?token=${CONSOLE_TOKEN}#/transactions`)
  await transactions.setPeriod('Last 90 days')
  await transactions.search()
  await expect(transactions.rowCount).toHaveText('10,000 rows', { timeout: 15_000 })
  return transactions
}

test('10,000 transactions render virtualized, scroll smoothly end to end, and sort', async ({ page }) => {
  const errors = collectPageErrors(page)
  const transactions = await openTenThousandRows(page)
  await expect(page.getByText('Showing the newest 10,000 transactions')).toBeVisible()
  await expect(transactions.table).toHaveAttribute('aria-rowcount', '10001')

  // Only the rows in view (plus overscan) are in the DOM, not 10,000.
  const rendered = transactions.table.locator('tbody tr.data-table__row')
  expect(await rendered.count()).toBeLessThan(80)
  await page.screenshot({ path: 'test-results/screenshots/transactions.png', fullPage: true })

  // Scroll through the list in steps and to the end: each position renders its own rows at once.
  const scroller = page.getByRole('region', { name: 'Transactions' }).and(page.locator('.data-table__scroll'))
  for (const fraction of [0.25, 0.5, 0.75]) {
    await scroller.evaluate((el, f) => { el.scrollTop = (el.scrollHeight - el.clientHeight) * f }, fraction)
    const expected = Math.round(10_000 * fraction)
    const near = transactions.table.locator('tbody tr[aria-rowindex]').first()
    await expect.poll(async () => Math.abs(Number(await near.getAttribute('aria-rowindex')) - expected)).toBeLessThan(60)
  }
  await scroller.evaluate((el) => { el.scrollTop = el.scrollHeight })
  await expect(transactions.table.locator('tbody tr[aria-rowindex="10001"]')).toBeVisible()
  expect(await rendered.count()).toBeLessThan(80)

  // Sorting all 10,000 rows by amount puts the largest first.
  await scroller.evaluate((el) => { el.scrollTop = 0 })
  await transactions.sortBy('Amount', 'descending')
  const firstAmounts = await transactions.table.locator('tbody tr.data-table__row td.data-table__cell--end .money').allTextContents()
  expect(firstAmounts.length).toBeGreaterThan(0)
  expect(errors).toEqual([])
})

test('flinging through 10,000 rows leaves nothing behind per row: the heap is as big after as before', async ({ page }) => {
  const errors = collectPageErrors(page)
  const transactions = await openTenThousandRows(page)
  const scroller = page.getByRole('region', { name: 'Transactions' }).and(page.locator('.data-table__scroll'))
  const cdp = await page.context().newCDPSession(page)
  const heapAfterGc = async (): Promise<number> => {
    await cdp.send('HeapProfiler.collectGarbage')
    return (await cdp.send('Runtime.getHeapUsage')).usedSize
  }
  const before = await heapAfterGc()
  // The bench's fling: 1,200 px a frame, top to bottom, so
  // ~8,000 of the rows are rendered once each on the way.
  const frames = await scroller.evaluate(async (el) => {
    // The page's own function (the test compiles without DOM types).
    const nextFrame = (globalThis as unknown as { requestAnimationFrame(callback: () => void): number }).requestAnimationFrame
    let count = 0
    const end = el.scrollHeight - el.clientHeight
    for (let top = 0; top < end; top = Math.min(top + 1_200, end)) {
      el.scrollTop = top
      await new Promise<void>((done) => nextFrame(done))
      count++
    }
    el.scrollTop = end
    await new Promise<void>((done) => nextFrame(() => nextFrame(done)))
    return count
  })
  expect(frames).toBeGreaterThan(300)
  await expect(transactions.table.locator('tbody tr[aria-rowindex="10001"]')).toBeVisible()
  const grown = (await heapAfterGc()) - before
  // TanStack's row.getVisibleCells() kept a Cell (with memoized helpers) for every column of every row
  // rendered: 35-37 MB after this fling, and garbage collections of that heap inside scroll frames. The
  // rows and their values were loaded before `before`; what a fling may add is a few MB of noise.
  expect(grown, `heap grew by ${(grown / 1e6).toFixed(1)} MB`).toBeLessThan(8_000_000)
  expect(errors).toEqual([])
})

test('a large result is not refetched on every push event: new activity is offered as a refresh', async ({ page }) => {
  const errors = collectPageErrors(page)
  const transactions = await openTenThousandRows(page)
  let listRequests = 0
  page.on('request', (request) => {
    if (request.url().includes('/v1/transactions?')) listRequests++
  })

  const reference = `big-list-${Date.now()}`
  // forceStatus pending: the charge never resolves, so its creation is the only event. A charge that
  // completes 1-3 s later would rightly mark the refreshed list stale again, racing the assertions below.
  const charge = await fetch(`${sandbox.url}/v1/mobile/charge`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: reference, forceStatus: 'pending' }),
  })
  expect(charge.status).toBe(202)

  const notice = page.getByRole('status').filter({ hasText: 'New activity since these results were loaded.' })
  await expect(notice).toBeVisible()
  expect(listRequests).toBe(0)
  await expect(transactions.table.getByText(reference)).toHaveCount(0)

  await notice.getByRole('button', { name: 'Refresh results' }).click()
  await expect(transactions.table.getByText(reference)).toBeVisible()
  await expect(notice).toHaveCount(0)
  expect(listRequests).toBeGreaterThan(0)
  expect(errors).toEqual([])
})
