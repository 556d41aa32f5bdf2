import { expect, test, type Page } from '@playwright/test'
import { seriousAxeViolations } from './support/axe'
import { collectPageErrors, openConsole } from './support/console-page'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

// Keyboard and accessibility at 1024×700: one Tab stop per table row, and axe-core finds nothing serious
// or critical on any screen (axe runs in the page through the DevTools protocol, under the console's CSP).
test.use({ viewport: { width: 1024, height: 700 } })
const api = sandboxApi()

/** Goes to a screen by its hash without reloading (axe stays loaded) and waits until it has loaded its data. */
async function show(page: Page, path: string): Promise<void> {
  await page.evaluate((hash) => { (globalThis as unknown as { location: { hash: string } }).location.hash = hash }, path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /Loading|Searching|Building/ })).toHaveCount(0)
}

test('each table row is one Tab stop', async ({ page }) => {
  const errors = collectPageErrors(page)
  for (let i = 0; i < 2; i++) await api.charge({ merchantTransactionId: uniqueReference('tab') })
  await openConsole(page, '/transactions')
  for (const table of ['Transactions', 'API requests']) {
    if (table === 'API requests') await openConsole(page, '/requests')
    const rows = page.getByRole('table', { name: table }).locator('tbody tr.data-table__row')
    await rows.first().focus()
    await page.keyboard.press('Tab')
    await expect(rows.nth(1), table).toBeFocused()
  }
  expect(errors).toEqual([])
})

test('no serious or critical axe-core violation on any screen', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectPageErrors(page)
  const phone = '+254711000333'
  const chargeId = await api.charge({ phoneNumber: phone, merchantTransactionId: uniqueReference('axe') })
  const tx = await api.waitForStatus(chargeId, ['completed', 'settled'])
  const requestId = (await api.console(`/console/requests?transactionId=${chargeId}`)).body.data.items[0].requestId as string
  const screens = [
    '/', '/charges', '/payouts', '/bank-transfers', '/accounts', '/transactions', '/statements', '/audit', '/webhooks', '/requests',
    '/customers', '/settings', `/transactions/${chargeId}`, `/customers/${encodeURIComponent(phone)}`,
    `/search/${encodeURIComponent(String(tx['processorReference']))}`, `/requests/${requestId}`,
  ]
  await openConsole(page, '/')
  const found: Record<string, unknown> = {}
  for (const screen of screens) {
    await show(page, screen)
    const violations = await seriousAxeViolations(page)
    if (violations.length > 0) found[screen] = violations
  }
  expect(found).toEqual({})
  expect(errors).toEqual([])
})
