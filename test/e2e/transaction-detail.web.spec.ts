import { expect, test } from '@playwright/test'
import { TransactionDetailPage } from './pages/transaction-detail-page'
import { TransactionsPage } from './pages/transactions-page'
import { collectPageErrors } from './support/console-page'
import { sandboxApi, uniqueReference } from './support/sandbox-http'
import { startWebhookReceiver } from './support/webhook-receiver'

const api = sandboxApi()

test('support staff find a charge by its merchant reference and read its webhook attempts', async ({ page }) => {
  const errors = collectPageErrors(page)
  const receiver = await startWebhookReceiver()
  try {
    const reference = uniqueReference('order')
    const delivered = await api.charge({
      merchantTransactionId: reference, webhookUrl: receiver.url('/ok'), customerId: 'cust-support-1',
      narration: 'Order A-1001', metadata: { orderId: 'A-1001', channel: 'web' },
    })
    const refused = await api.charge({ merchantTransactionId: uniqueReference('order'), webhookUrl: receiver.url('/fail') })
    await api.waitForStatus(delivered, ['completed', 'settled'])

    const transactions = new TransactionsPage(page)
    const detail = new TransactionDetailPage(page)
    await transactions.open()
    await transactions.lookup(reference)
    await detail.expectLoaded(delivered)
    await expect(detail.field('Merchant reference')).toContainText(reference)
    await expect(detail.field('Narration')).toHaveText('Order A-1001')
    await expect(page.getByTestId('transaction-metadata')).toContainText('A-1001')

    // The receiver answered 200: the attempt shows the status and the body it sent back.
    const delivery = detail.webhooks.getByTestId('webhook-delivery').filter({ hasText: receiver.url('/ok') })
    await expect(delivery).toHaveAttribute('data-status', 'succeeded')
    await expect(delivery.getByTestId('webhook-attempt').first()).toContainText('HTTP 200')
    await expect(delivery.getByTestId('webhook-attempt').first()).toContainText('received')
    await expect(detail.webhooks).toContainText('transaction.succeeded')

    // The webhook log opens filtered to this transaction: only its events are listed.
    await detail.webhooks.getByRole('button', { name: 'Open in the webhook log' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
    await expect(page.getByRole('form', { name: 'Filter webhook events' }).getByLabel('Transaction id')).toHaveValue(delivered)
    const logRows = page.getByRole('table', { name: 'Webhook events' }).locator('tbody tr')
    await expect(logRows.first()).toContainText('transaction.succeeded')
    for (const row of await logRows.all()) await expect(row.getByRole('link', { name: delivered })).toBeVisible()

    // A receiver that fails is just as visible: status 500, its answer, and a retry on the schedule.
    await api.waitForStatus(refused, ['completed', 'settled'])
    await transactions.open()
    await transactions.lookup(refused)
    await detail.expectLoaded(refused)
    const failing = detail.webhooks.getByTestId('webhook-delivery').filter({ hasText: receiver.url('/fail') })
    await expect(failing.getByTestId('webhook-attempt').first()).toContainText('HTTP 500')
    await expect(failing.getByTestId('webhook-attempt').first()).toContainText('receiver down')
    await expect(failing).not.toHaveAttribute('data-status', 'succeeded')
  } finally {
    await receiver.close()
  }
  expect(errors).toEqual([])
})

test('QA reverses a completed charge: the reversal is linked and its status updates live', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  const receiver = await startWebhookReceiver()
  try {
    const chargeId = await api.charge({ merchantTransactionId: uniqueReference('refund'), amount: 250_000, webhookUrl: receiver.url('/ok') })
    const detail = new TransactionDetailPage(page)
    await detail.open(chargeId)
    // Fast simulator: the charge completes within 1–3 s and the screen follows by push event.
    await expect(detail.field('Status').locator('[data-status]')).toHaveAttribute('data-status', /completed|settled/, { timeout: 15_000 })
    await expect(detail.timeline.locator('li')).not.toHaveCount(1)

    await detail.reverse('Customer returned the goods')
    const notice = page.getByRole('status').filter({ hasText: 'Reversal' }).filter({ hasText: 'initiated' })
    await expect(notice).toBeVisible()
    const reversalId = (await notice.locator('code').textContent())!
    expect(reversalId).toMatch(/^txn_/)

    // The new reversal is linked at once and turns completed without a reload.
    const link = detail.related.locator(`li[data-type="reversal"]`)
    await expect(link).toContainText(reversalId)
    await expect(link).toHaveAttribute('data-status', 'completed', { timeout: 15_000 })
    await expect(page.getByRole('button', { name: 'Reverse charge…' })).toBeHidden()
    await expect(detail.webhooks).toContainText('transaction.reversed', { timeout: 15_000 })
    await page.screenshot({ path: 'test-results/screenshots/transaction-detail.png', fullPage: true })

    // The reversal links back to its charge, with the narration given in the dialog.
    await link.getByRole('link').click()
    await detail.expectLoaded(reversalId)
    await expect(detail.field('Narration')).toHaveText('Customer returned the goods')
    await expect(detail.related.locator('li[data-type="charge"]')).toContainText(chargeId)
  } finally {
    await receiver.close()
  }
  expect(errors).toEqual([])
})
