import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { ConsoleShell } from './pages/console-shell'
import { labelPattern } from './support/console-page'
import { parseCsv } from './support/csv'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

const api = sandboxApi()

test('reconcile a file: drop it, map its columns, read the exceptions first, match one by hand, export', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const paid = uniqueReference('recon-paid')
  const short = uniqueReference('recon-short')
  const forgotten = uniqueReference('recon-forgotten')
  const unknown = uniqueReference('recon-unknown')
  const ids = {
    paid: await api.charge({ merchantTransactionId: paid, amount: 150_000, forceStatus: 'success' }),
    short: await api.charge({ merchantTransactionId: short, amount: 200_000, forceStatus: 'success' }),
    forgotten: await api.charge({ merchantTransactionId: forgotten, amount: 90_000, forceStatus: 'success' }),
  }
  for (const id of Object.values(ids)) await api.waitForStatus(id, ['completed', 'settled'])
  const csv = ['Order No,Customer phone,Amount (KES),Paid on', `${paid},0712 345 678,"1,500.00",${today()}`, `${short},,1999.00,${today()}`, `${unknown},,900.00,${today()}`].join('\r\n')

  await shell.open('/reconcile')
  await expect(shell.heading).toHaveText('Reconcile')
  await page.getByLabel('Reconciliation file').setInputFiles({ name: 'orders-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  const mapping = page.getByRole('form', { name: 'Map columns' })
  // Guessed from the header's names.
  await expect(mapping.getByLabel(labelPattern('Order reference'))).toHaveValue('Order No')
  await expect(mapping.getByLabel(labelPattern('Phone'))).toHaveValue('Customer phone')
  await expect(mapping.getByLabel(labelPattern('Amount'))).toHaveValue('Amount (KES)')
  await expect(mapping.getByLabel(labelPattern('Date'))).toHaveValue('Paid on')
  await expect(mapping.getByLabel(labelPattern('Name'))).toHaveValue('orders-export')
  await shell.screenshot('reconcile-mapping')
  await mapping.getByRole('button', { name: 'Reconcile' }).click()

  await expect(shell.heading).toHaveText('orders-export')
  const summary = page.getByRole('list', { name: 'Summary' })
  await expect(summary.getByTestId('summary-exceptions')).toHaveAttribute('aria-pressed', 'true')
  const table = page.getByRole('table', { name: 'Reconciliation items' })
  // Exceptions first: the amount that differs and the order Paydesk never saw are there, the paid order is not.
  await summary.getByTestId('summary-amount_mismatch').click()
  await expect(table.locator('tbody tr').filter({ hasText: 'Amount differs' })).toContainText('KES 2,000.00')
  await summary.getByTestId('summary-missing_in_paydesk').click()
  const unknownRow = table.locator('tbody tr').filter({ hasText: `No charge with reference ${unknown}` })
  await expect(unknownRow).toHaveCount(1)
  await shell.screenshot('reconcile-exceptions')

  await unknownRow.getByRole('button', { name: 'Match by hand' }).click()
  const dialog = page.getByRole('dialog', { name: 'Match line 4 by hand' })
  await dialog.getByLabel(labelPattern('Find a charge')).fill(forgotten)
  await dialog.getByRole('radio', { name: ids.forgotten }).check()
  await dialog.getByLabel(labelPattern('Note')).fill('customer paid under another order')
  await dialog.getByRole('button', { name: 'Match', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(unknownRow).toHaveCount(0)
  await summary.getByTestId('summary-matched').click()
  const matchedByHand = table.locator('tbody tr').filter({ hasText: 'Matched by hand' })
  await expect(matchedByHand).toContainText('customer paid under another order')
  await expect(table.locator('tbody tr').filter({ hasText: ids.paid.slice(-4) }).first()).toContainText('Matched')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^orders-export-rec_.+\.csv$/)
  const rows = parseCsv((await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, ''))
  expect(rows[0]).toEqual(['Line', 'Order No', 'Customer phone', 'Amount (KES)', 'Paid on', 'Outcome', 'Paydesk transaction', 'Paydesk amount (KES)', 'Matched by hand', 'Note'])
  expect(rows[1]!.slice(5, 7)).toEqual(['matched', ids.paid])
  expect(rows[2]!.slice(5, 8)).toEqual(['amount_mismatch', ids.short, '2000.00'])
  expect(rows[3]!.slice(5, 10)).toEqual(['matched', ids.forgotten, '900.00', 'yes', 'Matched by hand: customer paid under another order'])
  shell.expectNoPageErrors()
})

function today(): string {
  const now = new Date()
  return `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`
}
