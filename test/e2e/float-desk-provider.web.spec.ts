import { expect, test } from '@playwright/test'
import { collectPageErrors } from './support/console-page'
import { startConnectedSandbox } from './support/connected-sandbox'
import { CONSOLE_TOKEN, SANDBOX_URL, TEST_API_KEY } from './support/sandbox'

test("the float desk of a connected environment says it shows the provider's balances, as read when, and offers no sweep", async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  // The provider is the shared sandbox; the connected Paydesk reads its balances at every sync.
  const connected = await startConnectedSandbox(SANDBOX_URL, TEST_API_KEY)
  try {
    await page.goto(`${connected.url}/?token=${CONSOLE_TOKEN}#/float-desk`)
    const desk = page.getByTestId('float-desk')
    await expect(desk.getByTestId('float-source')).toContainText('As read from the provider')
    await expect(desk.getByTestId('float-source').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
    await expect(desk.getByText('The provider holds this float: top it up at the provider.').first()).toBeVisible()
    await expect(desk.getByRole('button', { name: 'Move to payouts' })).toHaveCount(0)
    expect(errors).toEqual([])
  } finally {
    await connected.stop()
  }
})
