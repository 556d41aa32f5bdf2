import { expect, test } from '@playwright/test'
import { BulkPayoutsPage } from './pages/bulk-payouts-page'
import { ConsoleShell } from './pages/console-shell'
import { seriousAxeViolations } from './support/axe'
import { pageOverflow } from './support/fit'
import { uniqueReference } from './support/sandbox-http'

// Dates day-first at 1024×700: the bulk Run at and reconcile's From/To are the console's typed day and
// 24-hour time fields in the organization's zone, never the browser's mm/dd/yyyy picker; Run at is optional.
test.use({ viewport: { width: 1024, height: 700 } })

const PICKERS = 'input[type="date"], input[type="datetime-local"], input[type="time"]'
/** Tomorrow, day first ("29/11/2026"), in Nairobi (UTC+3, no daylight saving). */
function tomorrowDayFirst(): { typed: string; iso: string } {
  const day = new Date(Date.now() + 3 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)
  const [year, month, date] = day.split('-')
  return { typed: `${date}/${month}/${year}`, iso: day }
}

test('the bulk Run at takes a typed day and 24-hour time, and is optional', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const bulk = new BulkPayoutsPage(page)
  await shell.open('/payouts/bulk')
  await bulk.upload('Dated run.csv', `phoneNumber,amount,reference\n0712345678,100,${uniqueReference('dated')}\n`)
  await expect(page.locator(PICKERS)).toHaveCount(0)
  const run = page.getByRole('group', { name: /Run at/ })
  await expect(run).toContainText('(optional)')
  await expect(page.getByRole('button', { name: 'Submit batch' })).toBeEnabled()
  const { typed, iso } = tomorrowDayFirst()
  await run.getByLabel(/^Day/).fill(typed)
  await expect(page.getByRole('button', { name: 'Submit batch' })).toBeDisabled()
  await run.getByLabel(/^Time/).fill('2:30pm')
  await expect(run).toContainText('Type the time on the 24-hour clock')
  await run.getByLabel(/^Time/).fill('14:30')
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  expect(await seriousAxeViolations(page)).toEqual([])
  await bulk.submit()
  await bulk.expectStatus('Scheduled')
  const [year, month, date] = iso.split('-').map(Number)
  const shown = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, month! - 1, date!))
  await expect(bulk.summary).toContainText(shown)
  await expect(bulk.summary).toContainText('14:30')
  shell.expectNoPageErrors()
})

test('reconcile From and To are typed days, day first', async ({ page }) => {
  const shell = new ConsoleShell(page)
  await shell.open('/reconcile')
  await page.getByLabel('Reconciliation file').setInputFiles({ name: 'dates.csv', mimeType: 'text/csv', buffer: Buffer.from('Order No,Amount,Paid on\nX-1,100.00,2026-11-01\n') })
  const mapping = page.getByRole('form', { name: 'Map columns' })
  await expect(mapping.getByLabel(/^From/)).toBeVisible()
  await expect(page.locator(PICKERS)).toHaveCount(0)
  await mapping.getByLabel(/^From/).fill('01/11/2026')
  await mapping.getByLabel(/^To/).fill('30/11/2026')
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  await mapping.getByRole('button', { name: 'Reconcile' }).click()
  await expect(shell.heading).toHaveText('dates')
  await expect(page.getByRole('main')).toContainText('1 Nov 2026')
  shell.expectNoPageErrors()
})
