import { expect, test } from '@playwright/test'
import { labelPattern } from './support/console-page'
import { ConsoleShell } from './pages/console-shell'
import { PayoutsPage } from './pages/payouts-page'

test('a B2C payout shows its fee before sending, completes, and the float pays amount + fee', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const payouts = new PayoutsPage(page)
  await shell.open('/payouts')
  const before = await payouts.floatAvailable()

  const form = payouts.b2cForm
  await form.getByLabel(labelPattern('Recipient phone')).fill('0712345678')
  await form.getByLabel(labelPattern('Amount')).fill('1,250')
  // Default tariff: B2C up to KES 1,500 costs KES 5.00.
  await expect.poll(() => payouts.quoteFee()).toBe(500)
  expect(await payouts.quoteTotal()).toBe(125_500)
  await shell.screenshot('payouts-quote')

  await payouts.reviewAndConfirm(form, /^Send KES 1,250\.00/)
  await payouts.expectStatus('completed')
  await expect.poll(() => payouts.floatAvailable()).toBe(before - 125_500)
  await shell.screenshot('payouts')
  shell.expectNoPageErrors()
})

test('a B2B payment to a till completes', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const payouts = new PayoutsPage(page)
  await shell.open('/payouts')
  await payouts.chooseB2b()
  const form = payouts.b2bForm
  await form.getByLabel(labelPattern('Till number')).fill('555123')
  await form.getByLabel(labelPattern('Amount')).fill('2,000')
  await expect.poll(() => payouts.quoteFee()).toBe(3_000)
  await payouts.reviewAndConfirm(form, /^Pay KES 2,000\.00/)
  await payouts.expectStatus('completed')
  await expect(payouts.tracker).toContainText('B2B payment')
  shell.expectNoPageErrors()
})
