import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { BankTransferPage } from './pages/bank-transfer-page'
import { BulkPayoutsPage } from './pages/bulk-payouts-page'
import { ConsoleShell, minorFromText } from './pages/console-shell'
import { PayoutsPage } from './pages/payouts-page'
import { TopSearch } from './pages/support-desk-pages'
import { TransactionDetailPage } from './pages/transaction-detail-page'
import { labelPattern } from './support/console-page'
import { parseCsv } from './support/csv'
import { putCustomer } from './support/sandbox-api'
import { uniqueReference } from './support/sandbox-http'

test('the payout forms name the recipient before the merchant confirms', async ({ page, request }) => {
  await putCustomer(request, '0722555111', { name: 'JANE WAMBUI', status: 'active' })
  await putCustomer(request, '0722555222', { name: 'GONE AWAY', status: 'unregistered' })
  const shell = new ConsoleShell(page)
  const payouts = new PayoutsPage(page)
  await shell.open('/payouts')
  const form = payouts.b2cForm
  await form.getByLabel(labelPattern('Recipient phone')).fill('0722555222')
  await expect(form.getByTestId('recipient-name')).toContainText('No account +254722555222')
  await form.getByLabel(labelPattern('Recipient phone')).fill('0722555111')
  await expect(form.getByTestId('recipient-name')).toHaveText('Sending to: JANE WAMBUI')
  await form.getByLabel(labelPattern('Amount')).fill('100')
  await form.getByRole('button', { name: 'Review payout' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('recipient-name')).toHaveText('Sending to: JANE WAMBUI')
  await shell.screenshot('payouts-name-check')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  await payouts.chooseB2b()
  await payouts.b2bForm.getByLabel(labelPattern('Till number')).fill('555123')
  await expect(payouts.b2bForm.getByTestId('recipient-name')).toContainText(/^Sending to: [A-Z' ]+$/)

  const bank = new BankTransferPage(page)
  await shell.open('/bank-transfers')
  await bank.pickBank('NCBA')
  await bank.field('Beneficiary account').fill('0123456789')
  await expect(bank.form.getByTestId('recipient-name')).toContainText(/^Sending to: [A-Z' ]+ [A-Z' ]+$/)
  shell.expectNoPageErrors()
})

test('bulk payouts: template, file, preview with invalid rows first, submit, live progress, results, links and search', async ({ page, request }) => {
  await putCustomer(request, '0722555333', { name: 'PETER OTIENO', status: 'active' })
  const shell = new ConsoleShell(page)
  const bulk = new BulkPayoutsPage(page)
  await shell.open('/payouts')
  await page.getByRole('link', { name: 'Bulk payouts' }).click()
  await expect(shell.heading).toHaveText('Bulk payouts')

  const template = await bulk.download('Download template')
  expect(template.suggestedFilename()).toBe('payout-template.csv')
  expect(parseCsv(await readFile((await template.path())!, 'utf8'))[0]).toContain('phoneNumber')

  const [paid, other, bad] = [uniqueReference('bulk'), uniqueReference('bulk'), uniqueReference('bulk')]
  const csv = `Reference,PhoneNumber,Amount,Narration\n${paid},0722555333,"1,500.00",March salary\n${bad},0712,0,\n${other},0712345678,KES 250,\n`
  await bulk.upload('March salaries.csv', csv)
  const preview = await bulk.rowTexts()
  // Invalid rows first, with their reasons; recipient names from the name check.
  // Status, Why, Recipient, Name first (the line waits behind Columns).
  expect(preview[0]![0]).toBe('Invalid')
  expect(preview[0]![1]).toContain('amount must be more than zero')
  expect(preview[1]![0]).toBe('Valid')
  expect(preview[1]!.slice(2, 4)).toEqual(['+254722555333', 'PETER OTIENO'])
  await expect(bulk.summary.getByTestId('batch-rows')).toHaveText('2 valid of 3 (1 invalid, not paid)')
  expect(minorFromText(await bulk.summary.getByTestId('batch-amount').innerText())).toBe(175_000)
  expect(minorFromText(await bulk.summary.getByTestId('batch-fees').innerText())).toBeGreaterThan(0)
  await expect(bulk.summary.getByTestId('batch-float-after')).toBeVisible()
  await shell.screenshot('bulk-payouts-preview')

  await bulk.submit()
  await bulk.expectStatus('Completed')
  await expect(page.getByTestId('batch-progress')).toContainText('2 paid, 0 failed')
  const rows = await bulk.rowTexts()
  expect(rows.filter((row) => row[0] === 'Completed')).toHaveLength(2)
  await shell.screenshot('bulk-payouts-completed')

  const results = await bulk.download('Download results')
  const lines = parseCsv(await readFile((await results.path())!, 'utf8'))
  expect(lines[0]).toEqual(['line', 'reference', 'recipient', 'recipientName', 'amount', 'fee', 'status', 'transactionId', 'receipt', 'taxInvoiceNumber', 'failureReason'])
  const paidLine = lines.find((line) => line[1] === paid)!
  expect(paidLine.slice(3, 7)).toEqual(['PETER OTIENO', '1,500.00', paidLine[5], 'completed'])
  expect(paidLine[7]).toMatch(/^txn_/)
  expect(lines.find((line) => line[1] === bad)?.[6]).toBe('invalid')
  expect(lines).toHaveLength(4)

  // The row opens its payout (its Payout column waits behind Columns); the search box finds it by the row's reference.
  await bulk.rows.getByRole('row').filter({ hasText: paid }).click()
  const detail = new TransactionDetailPage(page)
  await detail.expectLoaded(paidLine[7]!)
  await shell.open('/')
  const search = new TopSearch(page)
  await search.type(paid)
  await expect(search.option(paid)).toBeVisible()
  await search.input.press('Enter')
  await detail.expectLoaded(paidLine[7]!)
  shell.expectNoPageErrors()
})
