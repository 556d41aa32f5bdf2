import { expect, test } from '@playwright/test'
import { PayoutsPage } from './pages/payouts-page'
import { seriousAxeViolations } from './support/axe'
import { collectPageErrors, labelPattern } from './support/console-page'
import { startConnectedSandbox } from './support/connected-sandbox'
import { pageOverflow } from './support/fit'
import { CONSOLE_TOKEN, SANDBOX_URL, TEST_API_KEY } from './support/sandbox'

// Fits the screen people have.
test.use({ viewport: { width: 1024, height: 700 } })

test('in operate mode a payout is sent to the provider, says so with the provider\'s answer, and the Outbox shows it accepted with its attempts', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectPageErrors(page)
  const connected = await startConnectedSandbox(SANDBOX_URL, TEST_API_KEY, 'operate')
  try {
    await page.goto(`${connected.url}/?token=${CONSOLE_TOKEN}#/payouts`)
    const payouts = new PayoutsPage(page)
    const form = payouts.b2cForm
    await form.getByLabel(labelPattern('Recipient phone')).fill('0712345678')
    await form.getByLabel(labelPattern('Amount')).fill('1,250')
    await payouts.reviewAndConfirm(form, /^Send KES 1,250\.00/)

    // The money went to the provider: the console shows the provider's answer, not a local tracker.
    const sent = page.getByTestId('outbox-tracker')
    await expect(sent).toContainText('B2C payout sent to the provider')
    await expect(sent).toHaveAttribute('data-state', 'accepted', { timeout: 20_000 })
    await expect(sent.getByTestId('outbox-attempt').first()).toContainText('HTTP 202')
    await expect(page.getByTestId('transaction-tracker')).toHaveCount(0)

    // The sidebar lists the Outbox in operate mode.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outbox' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible()
    await expect(page.getByTestId('outbox-sender')).toContainText('Sending normally')
    const row = page.getByTestId('outbox-row').first()
    await expect(row).toHaveAttribute('data-state', 'accepted')
    await expect(row).toContainText('B2C payout')
    await expect(row).toContainText('KES 1,250.00')
    // A final row has no actions.
    await expect(row.getByRole('button', { name: 'Look it up now' })).toHaveCount(0)
    await row.getByText('What was sent and what the provider answered').click()
    await expect(row.getByLabel('What is sent on every attempt')).toContainText('"amount": 125000')
    await expect(row.getByTestId('outbox-attempt').first()).toContainText('HTTP 202')

    expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    // The provider's transaction id leads to the mirrored transaction.
    await row.getByRole('link', { name: /^txn_/ }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('B2C payout of KES 1,250.00')
    expect(errors).toEqual([])
  } finally {
    await connected.stop()
  }
})
