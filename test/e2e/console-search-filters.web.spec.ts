import { expect, test } from '@playwright/test'
import { TransactionDetailPage } from './pages/transaction-detail-page'
import { TransactionsPage } from './pages/transactions-page'
import { TopSearch } from './pages/support-desk-pages'
import { collectPageErrors } from './support/console-page'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

// Search as a support agent types it, and filters that apply as they change, at 1024×700.
test.use({ viewport: { width: 1024, height: 700 } })
const api = sandboxApi()
const NAIROBI = 'Africa/Nairobi'

test('search finds a receipt typed with O for 0, "26/11" and "27 Nov" days, a phone with an amount; says when nothing matched', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  const phone = `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  const spoken = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`
  // A receipt with a 0 or an O in it (receipts are dated base-36 numbers: most have one).
  let charge = { id: '', receipt: '', createdAt: 0 }
  for (let i = 0; i < 10 && !/[0O]/.test(charge.receipt); i++) {
    const id = await api.charge({ phoneNumber: phone, amount: 43_200 + i * 100, merchantTransactionId: uniqueReference('typed'), forceStatus: 'success' })
    const tx = await api.waitForStatus(id, ['completed', 'settled'])
    charge = { id, receipt: String(tx['processorReference']), createdAt: Number(tx['createdAt']) }
  }
  const amount = (await api.v1(`/v1/transaction?transactionId=${charge.id}`)).body.data.amount / 100
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: NAIROBI, day: 'numeric', month: 'numeric' }).format(charge.createdAt)
  const dayMonth = new Intl.DateTimeFormat('en-GB', { timeZone: NAIROBI, day: 'numeric', month: 'short' }).format(charge.createdAt)

  const transactions = new TransactionsPage(page)
  await transactions.open()
  const search = new TopSearch(page)
  const found = search.results.getByRole('option').filter({ has: page.locator(`[aria-label="${charge.id}"]`) })
  await search.type(`${amount} ${day}`)
  await expect(found).toHaveCount(1)
  for (const typed of [`${amount.toLocaleString('en-GB')} ${dayMonth}`, `${spoken} ${amount}`]) {
    await search.input.fill(typed)
    await expect(found, typed).toHaveCount(1)
  }

  // A search that finds nothing replaces the old results, says so for what was typed and what to try;
  // Enter keeps saying it; Esc closes the suggestions and keeps the query.
  await search.input.fill('zzqx nothing here')
  await expect(search.results.getByRole('option')).toHaveCount(0)
  const nothing = page.getByTestId('search-nothing')
  await expect(nothing).toContainText('No transaction matches “zzqx nothing here”')
  await expect(nothing).toContainText('phone number')
  await search.input.press('Enter')
  await expect(nothing).toBeVisible()
  await search.input.press('Escape')
  await expect(search.popup).toBeHidden()
  await expect(search.input).toHaveValue('zzqx nothing here')

  // The receipt read with O for 0 (and lower case) opens the payment directly.
  const misread = charge.receipt.replace(/[0O]/g, (c) => (c === '0' ? 'O' : '0')).toLowerCase()
  await search.input.fill(misread)
  await expect(found).toHaveCount(1)
  await search.input.press('Enter')
  await new TransactionDetailPage(page).expectLoaded(charge.id)
  expect(errors).toEqual([])
})

test('filters apply as they change: choosing "Failed" shows only failed transactions without pressing Search', async ({ page }) => {
  const errors = collectPageErrors(page)
  const failed = await api.charge({ phoneNumber: '254700000001', amount: 21_000, merchantTransactionId: uniqueReference('filter') })
  await api.waitForStatus(failed, ['failed'])
  const transactions = new TransactionsPage(page)
  await transactions.open()
  await expect(transactions.table.locator('tbody tr [data-status]:not([data-status="failed"])').first()).toBeVisible()
  await transactions.searchForm.getByLabel('Status').selectOption({ label: 'Failed' })
  await expect(transactions.table.locator('tbody tr [data-status]:not([data-status="failed"])')).toHaveCount(0)
  await expect(transactions.table.locator('tbody tr [data-status="failed"]').first()).toBeVisible()
  // A typed filter applies after a pause in typing, again without Search.
  await transactions.openMoreFilters()
  await transactions.searchForm.getByLabel('Customer id').fill(uniqueReference('nobody'))
  await expect(transactions.page.getByText('No transactions match this search')).toBeVisible()
  expect(errors).toEqual([])
})
