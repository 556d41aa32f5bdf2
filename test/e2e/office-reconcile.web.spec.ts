import { expect, test } from '@playwright/test'
import { ConsoleShell } from './pages/console-shell'
import { seriousAxeViolations } from './support/axe'
import { pageOverflow } from './support/fit'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

// Reconcile in the merchant's own words at 1024×700: each result row shows the file's order number beside
// Paydesk's reference, and Match by hand suggests the charges of the same amount and phone in the period.
test.use({ viewport: { width: 1024, height: 700 } })
const api = sandboxApi()

test('result rows show the file\'s reference beside Paydesk\'s; Match by hand suggests the same amount in the period', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const phone = `07${String(Date.now()).slice(-8)}`
  const paid = uniqueReference('shop-paid')
  const forgotten = uniqueReference('shop-forgotten')
  const ids = {
    paid: await api.charge({ merchantTransactionId: paid, amount: 150_000, forceStatus: 'success' }),
    forgotten: await api.charge({ merchantTransactionId: forgotten, phoneNumber: phone, amount: 123_400, forceStatus: 'success' }),
  }
  for (const id of Object.values(ids)) await api.waitForStatus(id, ['completed', 'settled'])
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10)
  const order = uniqueReference('ORDER')
  const csv = ['Order No,Phone,Amount,Paid on', `${paid},,"1,500.00",${today}`, `${order},,"1,234.00",${today}`].join('\r\n')
  await shell.open('/reconcile')
  await page.getByLabel('Reconciliation file').setInputFiles({ name: 'shop-orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('form', { name: 'Map columns' }).getByRole('button', { name: 'Reconcile' }).click()
  await expect(shell.heading).toHaveText('shop-orders')
  const table = page.getByRole('table', { name: 'Reconciliation items' })
  const missing = table.locator('tbody tr').filter({ hasText: 'Missing in Paydesk' })
  await expect(missing.getByTestId('file-reference')).toHaveText(order)
  await expect(missing).toContainText('KES 1,234.00')
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  expect(await seriousAxeViolations(page)).toEqual([])

  await missing.getByRole('button', { name: 'Match by hand' }).click()
  const dialog = page.getByRole('dialog', { name: 'Match line 3 by hand' })
  await expect(dialog.getByRole('group', { name: /^Suggested: the same amount in the period/ })).toBeVisible()
  await expect(dialog.getByRole('radio', { name: ids.forgotten })).toBeVisible()
  await dialog.getByRole('radio', { name: ids.forgotten }).check()
  await dialog.getByRole('button', { name: 'Match', exact: true }).click()
  await expect(dialog).toBeHidden()
  await page.getByTestId('summary-matched').click()
  const matched = table.locator('tbody tr').filter({ hasText: order })
  await expect(matched).toContainText(`Paydesk: ${forgotten}`)
  shell.expectNoPageErrors()
})
