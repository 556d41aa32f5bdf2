import { expect, test } from '@playwright/test'
import { labelPattern } from './support/console-page'
import { BankTransferPage } from './pages/bank-transfer-page'
import { ChargesPage } from './pages/charges-page'
import { ConsoleShell } from './pages/console-shell'
import { PayoutsPage } from './pages/payouts-page'

test('the charge form refuses what the API refuses, with the shared schema messages, before sending', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const charges = new ChargesPage(page)
  let posted = false
  page.on('request', (req) => { if (req.method() === 'POST') posted = true })
  await shell.open('/charges')
  await charges.fill({ phone: '12345', amount: '10.50' })
  await charges.send()
  await expect(charges.errorOf('Customer phone')).toHaveText('Customer phone must be a Kenyan mobile number such as +254712345678, 254712345678 or 0712345678.')
  await expect(charges.errorOf('Amount')).toHaveText('Amount must be from KES 10.00 to 250,000.00, whole shillings.')
  await expect(charges.field('Customer phone')).toBeFocused()
  await expect(charges.field('Customer phone')).toHaveAttribute('aria-invalid', 'true')
  expect(posted).toBe(false)
  await shell.screenshot('charges-validation')
  shell.expectNoPageErrors()
})

test('an API error is shown with its message, next to the field it names', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const charges = new ChargesPage(page)
  const reference = `dup-${Date.now()}`
  await shell.open('/charges')
  await charges.fill({ phone: '0712345678', amount: '100', reference })
  await charges.send()
  await expect(charges.tracker).toBeVisible()

  // Same merchant reference again: only the API can know it is taken (409, param merchantTransactionId).
  await charges.fill({ phone: '0712345678', amount: '100', reference })
  await charges.send()
  const notice = page.getByRole('alert').filter({ hasText: 'The charge was refused' })
  await expect(notice).toContainText('merchantTransactionId')
  await expect(notice).toContainText('conflict_error')
  const fieldError = charges.errorOf('Merchant reference')
  await expect(fieldError).toContainText(reference)
  await expect(charges.field('Merchant reference')).toHaveAttribute('aria-invalid', 'true')
  await shell.screenshot('charges-api-error')

  // Editing the field clears the API's complaint about it.
  await charges.field('Merchant reference').fill(`${reference}-b`)
  await expect(fieldError).toHaveCount(0)
  shell.expectNoPageErrors()
})

test('a paybill payment needs the beneficiary account reference', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const payouts = new PayoutsPage(page)
  await shell.open('/payouts')
  await payouts.chooseB2b()
  await payouts.b2bForm.getByRole('radio', { name: 'Paybill' }).check()
  await payouts.b2bForm.getByLabel(labelPattern('Paybill number')).fill('888880')
  await payouts.b2bForm.getByLabel(labelPattern('Amount')).fill('300')
  await payouts.b2bForm.getByRole('button', { name: 'Review payment' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(payouts.b2bForm.locator('.field', { has: page.getByLabel(labelPattern('Beneficiary account reference')) }).locator('.field__error'))
    .toHaveText('Beneficiary account reference is required.')
  shell.expectNoPageErrors()
})

test('bank transfer limits are enforced as the user types', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const bank = new BankTransferPage(page)
  await shell.open('/bank-transfers')
  await bank.field('Amount').fill('1,000,000.01')
  await expect(bank.errorOf('Amount')).toHaveText('Amount must be from KES 0.01 to 1,000,000.00.')
  await bank.field('Amount').fill('1,000,000.00')
  await expect(bank.errorOf('Amount')).toHaveCount(0)

  await bank.field('Narration').fill('x'.repeat(141))
  await expect(bank.errorOf('Narration')).toHaveText('Narration must be at most 140 characters.')
  await expect(bank.form.getByText('141 / 140')).toBeVisible()
  await bank.field('Narration').fill('x'.repeat(140))
  await expect(bank.errorOf('Narration')).toHaveCount(0)

  await bank.field('Merchant reference').fill('has spaces!')
  await expect(bank.errorOf('Merchant reference')).toHaveText('Merchant reference must be 1-64 letters, digits, dots, underscores or hyphens.')
  await shell.screenshot('bank-transfers-validation')
  shell.expectNoPageErrors()
})
