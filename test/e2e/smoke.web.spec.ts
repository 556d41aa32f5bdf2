import { expect, test } from '@playwright/test'
import { collectPageErrors, openConsole } from './support/console-page'

test('the console opens with its token and shows the shell', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openConsole(page)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  await page.screenshot({ path: 'test-results/screenshots/smoke.png', fullPage: true })
  expect(errors).toEqual([])
})
