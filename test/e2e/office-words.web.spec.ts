import { expect, test } from '@playwright/test'
import { ChargesPage } from './pages/charges-page'
import { ConsoleShell } from './pages/console-shell'
import { seriousAxeViolations } from './support/axe'
import { pageOverflow } from './support/fit'

// Shop words at 1024×700: a refusal shows its message in words, the error's type, HTTP status and request
// id one click away behind "Details"; no API field names or "minor units" on screen; "(optional)" only
// on fields that are optional.
test.use({ viewport: { width: 1024, height: 700 } })

test('an error notice shows the message; type, status and request id wait behind Details', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const charges = new ChargesPage(page)
  const reference = `words-${Date.now()}`
  await shell.open('/charges')
  await charges.fill({ phone: '0712345678', amount: '100', reference })
  await expect(charges.form).not.toContainText('minor units')
  await expect(charges.form).toContainText('sends KES 100.00')
  await charges.send()
  await expect(charges.tracker).toBeVisible()
  await charges.fill({ phone: '0712345678', amount: '100', reference })
  await charges.send()
  const notice = page.getByRole('alert').filter({ hasText: 'The charge was refused' })
  await expect(notice).toBeVisible()
  const shown = await notice.innerText()
  expect(shown).toContain('merchant reference')
  for (const word of ['merchantTransactionId', 'conflict_error', 'HTTP 409', 'req_']) expect(shown).not.toContain(word)
  await notice.getByText('Details').click()
  await expect(notice.getByText('HTTP 409')).toBeVisible()
  await expect(notice.getByRole('button', { name: 'Copy request id' })).toBeVisible()
  await expect(charges.errorOf('Merchant reference')).not.toContainText('merchantTransactionId')
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  expect(await seriousAxeViolations(page)).toEqual([])

  // The charge's own page: its type said once, in words.
  await charges.tracker.getByRole('link').first().click()
  await expect(shell.heading).toContainText('Charge')
  expect(await page.locator('main').innerText()).not.toMatch(/Charge\s+charge/)
  shell.expectNoPageErrors()
})

test('filters and required fields are not marked "(optional)"', async ({ page }) => {
  const shell = new ConsoleShell(page)
  await shell.open('/transactions')
  await expect(page.getByRole('main').getByText('(optional)')).toHaveCount(0)
  await shell.open('/settings')
  const policy = page.locator('.field', { has: page.getByLabel(/^From amount/) })
  await expect(policy).toBeVisible()
  await expect(policy).not.toContainText('(optional)')
  await shell.open('/charges')
  await expect(page.locator('.field', { has: page.getByLabel(/^Narration/) })).toContainText('(optional)')
  shell.expectNoPageErrors()
})
