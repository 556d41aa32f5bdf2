import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { minorFromText } from './pages/console-shell'
import { TransactionsPage } from './pages/transactions-page'
import { collectPageErrors } from './support/console-page'
import { parseCsv } from './support/csv'
import { CONSOLE_TOKEN } from './support/sandbox'
import { sandboxApi } from './support/sandbox-http'
import { startSeededSandbox } from './support/seeded-sandbox'

/**
 * "What came in yesterday?" on a sandbox with 90 days of seeded history, in a browser set to US English in
 * New York: every screen answers in the organization's days (Nairobi) and writes dates day first.
 */
test.use({ viewport: { width: 1024, height: 700 }, locale: 'en-US', timezoneId: 'America/New_York' })
const NAIROBI = 'Africa/Nairobi'
const DAY_MS = 24 * 60 * 60 * 1000
let sandbox: Awaited<ReturnType<typeof startSeededSandbox>>

test.beforeAll(async () => {
  sandbox = await startSeededSandbox(3_000)
})
test.afterAll(async () => {
  await sandbox?.stop()
})

/** The Nairobi calendar day `daysAgo` days before now, as YYYY-MM-DD and as the console writes it ("26 Nov 2026"). */
function nairobiDay(daysAgo: number): { iso: string; label: string; fromMs: number } {
  const ms = Date.now() - daysAgo * DAY_MS
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: NAIROBI }).format(ms)
  const label = new Intl.DateTimeFormat('en-GB', { timeZone: NAIROBI, day: 'numeric', month: 'short', year: 'numeric' }).format(ms)
  // Nairobi is UTC+3 all year.
  return { iso, label, fromMs: Date.parse(`${iso}T00:00:00+03:00`) }
}

const nairobiTime = (ms: number, seconds: boolean) => new Intl.DateTimeFormat('en-GB', {
  timeZone: NAIROBI, hourCycle: 'h23', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}),
}).format(ms)

test('Home, the daily settlement report and Transactions answer "what came in yesterday?" alike, with numbers, in Nairobi days', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  const yesterday = nairobiDay(1)
  await page.goto(`${sandbox.url}/?token=${CONSOLE_TOKEN}#/`)

  // Home writes yesterday's figure out and puts amounts on the chart's scale.
  const homeFigure = page.getByTestId('collected-yesterday')
  await expect(homeFigure).toHaveText(/^KES [\d,]+\.\d{2}$/)
  const home = minorFromText(await homeFigure.innerText())
  expect(home).toBeGreaterThan(0)
  await expect(page.getByTestId('chart-days')).toContainText(`Yesterday ${yesterday.label}`)
  await expect(page.getByTestId('chart-scale').last()).toHaveText(/^KES \d/)

  // The daily settlement report says the same for yesterday, and counts the seeded days before it.
  await page.goto(`${sandbox.url}/#/statements`)
  await page.getByRole('form', { name: 'Statement period' }).getByRole('textbox', { name: 'From', exact: true }).fill(nairobiDay(20).iso)
  const report = page.getByRole('table', { name: 'Daily settlement report' })
  const reportCell = (label: string) => report.locator('tbody tr', { has: page.locator(`td:text-is("${label}")`) }).locator('td').nth(1)
  await expect(reportCell(yesterday.label)).toContainText('KES')
  expect(minorFromText(await reportCell(yesterday.label).innerText())).toBe(home)
  expect(minorFromText(await reportCell(nairobiDay(12).label).innerText())).toBeGreaterThan(0)

  // Transactions: the Yesterday period, with totals of what it shows (counted here from the API itself).
  const transactions = new TransactionsPage(page)
  await page.goto(`${sandbox.url}/#/transactions`)
  await transactions.searchForm.getByLabel('Period').selectOption({ label: 'Yesterday' })
  await expect(page.getByTestId('results-period')).toHaveText(yesterday.label)
  const list = await sandboxApi(sandbox.url).v1(`/v1/transactions?startDate=${new Date(yesterday.fromMs).toISOString()}&endDate=${new Date(yesterday.fromMs + DAY_MS - 1).toISOString()}`)
  const items = list.body.data.items as { type: string; status: string; amount: number; createdAt: number }[]
  const collected = items.filter((tx) => tx.type === 'charge' && (tx.status === 'completed' || tx.status === 'settled')).reduce((sum, tx) => sum + tx.amount, 0)
  await expect(page.getByTestId('total-collected')).toHaveText(`KES ${(collected / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`)
  await expect(transactions.rowCount).toHaveText(`${items.length.toLocaleString('en-GB')} rows`)

  // Dates read day first in Nairobi time, whatever the browser: the table, the day fields, the CSV.
  const newest = Math.max(...items.map((tx) => tx.createdAt))
  await expect(transactions.table.locator('tbody tr').first().locator('td').first()).toHaveText(nairobiTime(newest, false))
  await expect(transactions.searchForm.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(yesterday.iso)
  const download = await transactions.exportCsv()
  const [header, first] = parseCsv(await readFile((await download.path())!, 'utf8'))
  expect(first![header!.indexOf('Created')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/)
  await transactions.table.locator('tbody tr').first().locator('td').first().click()
  await expect(page.getByTestId('transaction-fields').locator('dt:text-is("Created") + dd')).toHaveText(nairobiTime(newest, true))
  expect(errors).toEqual([])
})
