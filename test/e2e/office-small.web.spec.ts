import { expect, test } from '@playwright/test'
import { BulkPayoutsPage } from './pages/bulk-payouts-page'
import { ConsoleShell } from './pages/console-shell'
import { seriousAxeViolations } from './support/axe'
import { pageOverflow } from './support/fit'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

// The small ones at 1024×700: Settings' in-page navigation, a confirmed save of the notification rules,
// the top bar in view while scrolling, the low-float link to the float desk, failed rows in their own
// colour, a reversed charge's fee refunded, the home chart's axis labels whole.
test.use({ viewport: { width: 1024, height: 700 } })
const api = sandboxApi()

test('Settings: in-page navigation to Team, a confirmed save, the top bar in view', async ({ page }) => {
  const shell = new ConsoleShell(page)
  await shell.open('/settings')
  const nav = page.getByRole('navigation', { name: 'On this page' })
  await nav.getByRole('button', { name: 'Approval policy and roles' }).click()
  await expect(page.getByRole('heading', { name: 'Approval policy' })).toBeInViewport()
  // A live key or an operate connection has no amount: its rule asks none.
  const newRule = page.getByRole('form', { name: 'New approval rule' })
  await expect(newRule.getByLabel('From amount (KES)')).toBeVisible()
  await newRule.getByLabel('Action').selectOption('live-key')
  await expect(newRule.getByLabel('From amount (KES)')).toHaveCount(0)
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeInViewport()
  await nav.getByRole('button', { name: 'Notifications' }).evaluate((el) => (el as unknown as { scrollIntoView(): void }).scrollIntoView())
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('button', { name: 'Notifications' }).click()
  await page.getByRole('button', { name: 'Save notification rules' }).click()
  await expect(page.getByTestId('rules-saved')).toHaveText('Notification rules saved.')
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  expect(await seriousAxeViolations(page)).toEqual([])
  shell.expectNoPageErrors()
})

test('the float desk has its own address, the chart\'s labels are whole, a reversed charge\'s fee reads as refunded', async ({ page }) => {
  const shell = new ConsoleShell(page)
  await shell.open('/float-desk')
  await expect(page.getByTestId('float-desk')).toBeInViewport()
  await shell.open('/')
  const scale = page.getByTestId('chart-scale')
  await expect(scale.first()).toBeVisible()
  const svg = (await page.locator('svg.chart').boundingBox())!
  for (const label of await scale.all()) expect((await label.boundingBox())!.x).toBeGreaterThanOrEqual(svg.x)

  const chargeId = await api.charge({ merchantTransactionId: uniqueReference('refund-fee'), amount: 50_000, forceStatus: 'success' })
  await api.waitForStatus(chargeId, ['completed', 'settled'])
  const reversal = await api.console('/v1/mobile/reverse', { method: 'POST', body: { transactionId: chargeId, narration: 'Returned' } })
  expect(reversal.status).toBe(202)
  await api.waitForStatus(reversal.body.data.transactionId, ['completed'])
  await shell.open(`/transactions/${chargeId}`)
  await expect(page.getByTestId('transaction-fees')).toContainText('refunded with the reversal')
  shell.expectNoPageErrors()
})

test('a bulk run draws paid and failed rows in their own colours, and says "1 row"', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const bulk = new BulkPayoutsPage(page)
  await shell.open('/payouts/bulk')
  await bulk.upload('Mixed run.csv', `phoneNumber,amount,reference\n0712345678,100,${uniqueReference('ok')}\n`)
  await page.getByRole('button', { name: 'Submit batch' }).click()
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Pay 1 row' })).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Pay 1 row' }).click()
  await bulk.expectStatus('Completed')
  await expect(page.getByTestId('progress-paid')).toHaveAttribute('style', /width: 100%/)
  await expect(page.getByTestId('progress-failed')).toHaveAttribute('style', /width: 0%/)
  const colour = (id: string) => page.getByTestId(id).evaluate((el) => (globalThis as unknown as { getComputedStyle(node: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor)
  const [failedColour, paidColour] = [await colour('progress-failed'), await colour('progress-paid')]
  expect(failedColour).not.toBe(paidColour)
  shell.expectNoPageErrors()
})
