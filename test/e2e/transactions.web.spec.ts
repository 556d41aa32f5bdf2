import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { TransactionDetailPage } from './pages/transaction-detail-page'
import { TransactionsPage } from './pages/transactions-page'
import { collectPageErrors } from './support/console-page'
import { parseCsv } from './support/csv'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

const api = sandboxApi()

test('QA exports the filtered view as CSV: the same rows in the same order, the visible columns, quoted text', async ({ page }) => {
  const errors = collectPageErrors(page)
  const customerId = uniqueReference('csv')
  const tricky = 'Order 7, "gift" wrap'
  // Four charges of one customer, created out of amount order so the sort is visible in the export.
  const amounts = [300_000, 120_000, 980_000, 45_000]
  const ids: string[] = []
  for (const [index, amount] of amounts.entries()) {
    ids.push(await api.charge({ merchantTransactionId: uniqueReference('csv'), amount, customerId, narration: index === 2 ? tricky : `Order ${index}` }))
  }

  const transactions = new TransactionsPage(page)
  await transactions.open()
  await transactions.filterByCustomer(customerId)
  await transactions.search()
  await expect(transactions.rowCount).toHaveText('4 rows')
  await transactions.sortBy('Amount', 'ascending')
  await transactions.setColumnVisible('Narration', true)
  await transactions.setColumnVisible('Phone', false)

  const shownIds = await transactions.shownIds()
  expect([...shownIds].sort()).toEqual([...ids].sort())
  const headers = await transactions.headers()

  const download = await transactions.exportCsv()
  expect(download.suggestedFilename()).toMatch(/^transactions-test-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)
  const rows = parseCsv(await readFile((await download.path())!, 'utf8'))
  const [header, ...body] = rows
  expect(header).toEqual(['Created', 'Transaction id', 'Merchant reference', 'Type', 'Status', 'Amount', 'Tax invoice number', 'Narration'])
  expect(header).toHaveLength(headers.length)
  // Same rows, same order as the table (ascending amount), amounts as decimals in major units.
  const idColumn = header!.indexOf('Transaction id')
  expect(body.map((row) => row[idColumn])).toEqual(shownIds)
  expect(body.map((row) => row[header!.indexOf('Amount')])).toEqual(['450.00', '1200.00', '3000.00', '9800.00'])
  // A comma and quotes survive the round trip (RFC 4180 quoting).
  expect(body.map((row) => row[header!.indexOf('Narration')])).toContain(tricky)
  expect(body.every((row) => row.length === header!.length)).toBe(true)

  // The search is kept while navigating: open a row, come back, the same four rows are there.
  await transactions.openRow(shownIds[0]!)
  await new TransactionDetailPage(page).expectLoaded(shownIds[0]!)
  await page.getByRole('link', { name: 'All transactions' }).click()
  await expect(transactions.searchForm.getByLabel('Customer id')).toHaveValue(customerId)
  await expect(transactions.rowCount).toHaveText('4 rows')
  expect(errors).toEqual([])
})

test('a search that matches nothing says so; refused filters are reported against their field', async ({ page }) => {
  const errors = collectPageErrors(page)
  const transactions = new TransactionsPage(page)
  await transactions.open()
  await transactions.lookup('no-such-reference-42')
  await expect(transactions.searchPopup.getByRole('status')).toContainText('No transaction matches “no-such-reference-42”')

  // The API refuses a shortcode that is not the organization's: its message shows under the Shortcode field.
  await transactions.openMoreFilters()
  await transactions.searchForm.getByLabel('Shortcode').fill('99999')
  await transactions.search()
  const shortcode = transactions.searchForm.locator('.field--invalid').filter({ hasText: 'Shortcode' })
  await expect(shortcode.locator('.field__error')).toBeVisible()
  await expect(page.locator('.notice--error').filter({ hasText: 'shortcode' }).first()).toBeVisible()
  await transactions.searchForm.getByLabel('Shortcode').fill('')

  // A date range that ends before it starts is refused before any request, under the field.
  await transactions.searchForm.getByRole('textbox', { name: 'From', exact: true }).fill('2026-03-10')
  await transactions.searchForm.getByRole('textbox', { name: 'To', exact: true }).fill('2026-03-01')
  await transactions.search()
  await expect(transactions.searchForm.getByText('To must not be before From.')).toBeVisible()
  expect(errors).toEqual([])
})
