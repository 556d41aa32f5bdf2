import { expect, test } from '@playwright/test'
import { TransactionDetailPage } from './pages/transaction-detail-page'
import { TransactionsPage } from './pages/transactions-page'
import { CustomerPage, TopSearch } from './pages/support-desk-pages'
import { collectPageErrors, openConsole } from './support/console-page'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

// Truth at a glance, on a 1024×700 screen: a reversed charge says so wherever it shows, a failed one says
// why, what to do, and that no money moved.
test.use({ viewport: { width: 1024, height: 700 } })
const api = sandboxApi()

function freshPhone(): string {
  return `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
}

test('a reversed charge says "Reversed" with its reversal\'s state in its detail, the list, search and the customer view', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  const phone = freshPhone()
  const reference = uniqueReference('reversed')
  const chargeId = await api.charge({ phoneNumber: phone, amount: 180_000, merchantTransactionId: reference, forceStatus: 'success' })
  await api.waitForStatus(chargeId, ['completed', 'settled'])
  const reversal = await api.console('/v1/mobile/reverse', { method: 'POST', body: { transactionId: chargeId, narration: 'Wrong size' } })
  expect(reversal.status).toBe(202)
  const reversalId = reversal.body.data.transactionId as string
  await api.waitForStatus(reversalId, ['completed'])

  // The detail: the status says it, and the notice saying what happened is on the first screen.
  const detail = new TransactionDetailPage(page)
  await detail.open(chargeId)
  await expect(detail.field('Status')).toHaveText('Reversed · completed')
  await expect(page.getByTestId('reversal-notice')).toContainText(reversalId)
  await expect(page.getByTestId('reversal-notice')).toBeInViewport({ ratio: 1 })
  // The timeline shows the reversal's own steps, not only a settlement at the moment of the reversal.
  await expect(detail.timeline.locator('li[data-reversal="true"]').last()).toContainText('Reversed · completed')

  // The list, the top bar's search and the customer view say the same.
  const transactions = new TransactionsPage(page)
  await transactions.open()
  await expect(transactions.table.locator('tbody tr', { hasText: reference }).locator('[data-status]')).toHaveText('Reversed · completed')
  const search = new TopSearch(page)
  await search.type(reference)
  await expect(search.option(reference).locator('[data-status]')).toHaveText('Reversed · completed')
  await page.keyboard.press('Escape')
  await openConsole(page, `/customers/${encodeURIComponent(phone)}`)
  const customer = new CustomerPage(page)
  await customer.expectLoaded(phone)
  await expect(customer.table.locator('tbody tr', { hasText: reference }).locator('[data-status]')).toHaveText('Reversed · completed')
  expect(errors).toEqual([])
})

test('a failed charge and a failed payout say why, what to do next, and that no money moved; the customer view counts what it sums', async ({ page }) => {
  const errors = collectPageErrors(page)
  const phone = freshPhone()
  const paid = await api.charge({ phoneNumber: phone, amount: 300_000, merchantTransactionId: uniqueReference('paid'), forceStatus: 'success' })
  const cancelled = await api.charge({ phoneNumber: phone, amount: 80_000, merchantTransactionId: uniqueReference('cancel'), forceStatus: 'cancelled' })
  const payout = await api.v1('/v1/mobile/b2c', { method: 'POST', body: { phoneNumber: phone, amount: 50_000, merchantTransactionId: uniqueReference('b2c'), forceStatus: 'failed' } })
  expect(payout.status).toBe(202)
  const payoutId = payout.body.data.transactionId as string
  await api.waitForStatus(paid, ['completed', 'settled'])
  await api.waitForStatus(cancelled, ['failed'])
  await api.waitForStatus(payoutId, ['failed'])

  const detail = new TransactionDetailPage(page)
  await detail.open(cancelled)
  const notice = page.getByTestId('failure-notice')
  await expect(notice).toBeInViewport({ ratio: 1 })
  await expect(notice).toContainText('Cancelled by the customer')
  await expect(notice).toContainText('1032')
  await expect(notice).toContainText('send the charge again')
  await expect(detail.field('Fees')).toHaveText('None: no money moved')
  await expect(detail.field('Charged amount')).toHaveText('None: no money moved')

  await detail.open(payoutId)
  await expect(page.getByTestId('failure-notice')).toContainText('Result code')
  await expect(page.getByTestId('failure-notice')).toContainText(/What to do.+\S/)
  await expect(detail.field('Fees')).toHaveText('None: no money moved')

  // "Paid in" sums one completed charge: its count says one, and names the failed one apart.
  await openConsole(page, `/customers/${encodeURIComponent(phone)}`)
  const customer = new CustomerPage(page)
  await customer.expectLoaded(phone)
  await expect(customer.total('Paid in')).toHaveText('KES 3,000.00')
  await expect(page.locator('dl.customer-totals div:has(> dt:text-is("Paid in")) .customer-totals__note')).toHaveText('1 charge · 1 more failed or still pending')
  expect(errors).toEqual([])
})
