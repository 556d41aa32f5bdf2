import { expect, test } from '@playwright/test'
import { BankTransferPage } from './pages/bank-transfer-page'
import { ConsoleShell } from './pages/console-shell'
import { PayoutsPage } from './pages/payouts-page'
import { WebhooksPage } from './pages/webhooks-page'
import { labelPattern, openConsole } from './support/console-page'
import { expectColumnsShown, expectTopBarFits, pageOverflow } from './support/fit'
import { setSimulatorMode } from './support/sandbox-api'
import { sandboxApi, uniqueReference } from './support/sandbox-http'
import { startWebhookReceiver } from './support/webhook-receiver'

// Fits the screen people have: 1024×700 unless a check says otherwise.
test.use({ viewport: { width: 1024, height: 700 } })
const api = sandboxApi()

test('key columns and the top bar fit: date, status, amount, phone and reference at 1024; Requests\' status at 1024 and 1440; the top bar at 1024, 1440 and 1600', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const phone = `+2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
  await api.charge({ phoneNumber: phone, merchantTransactionId: uniqueReference('fits-a-long-merchant-reference') })
  await api.v1(`/v1/transactions?startDate=2020-01-01&endDate=2035-12-31&type=charge&status=completed&accountType=collections&limit=3&customerId=${'x'.repeat(40)}`)
  const keyColumns = ['Created', 'Reference', 'Status', 'Amount', 'Phone']
  await shell.open('/transactions')
  await expectColumnsShown(page.getByRole('table', { name: 'Transactions' }), keyColumns)

  // The top bar: the search keeps its words and its "/" hint, the API URL is whole or left out, nothing overlaps.
  await expectTopBarFits(page)

  await openConsole(page, `/customers/${encodeURIComponent(phone)}`)
  await expectColumnsShown(page.getByRole('table', { name: 'Customer transactions' }), keyColumns)

  await openConsole(page, '/requests')
  await expectColumnsShown(page.getByRole('table', { name: 'API requests' }), ['Method', 'Path', 'Status'])
  await page.setViewportSize({ width: 1440, height: 900 })
  await openConsole(page, '/requests')
  await expectColumnsShown(page.getByRole('table', { name: 'API requests' }), ['Method', 'Path', 'Status'], false)
  await expectTopBarFits(page)
  // Wide enough for the API URL: it is shown whole.
  await page.setViewportSize({ width: 1600, height: 900 })
  await expect(page.getByTestId('api-url')).toBeVisible()
  await expectTopBarFits(page)
  shell.expectNoPageErrors()
})

test('"Check my endpoint" keeps its report inside its panel: the page never gets wider than the window', async ({ page }) => {
  test.setTimeout(60_000)
  const shell = new ConsoleShell(page)
  const receiver = await startWebhookReceiver()
  try {
    await api.console('/console/webhooks/endpoint', { method: 'PUT', body: { defaultUrl: receiver.url(`/ok/${'a-rather-long-path-segment/'.repeat(6)}doctor`) } })
    const webhooks = new WebhooksPage(page)
    await webhooks.open()
    await page.getByRole('button', { name: 'Check my endpoint' }).click()
    const report = page.getByTestId('doctor-report')
    await expect(report).toBeVisible({ timeout: 30_000 })
    const panel = (await page.getByRole('region', { name: 'Check my endpoint' }).boundingBox())!
    const table = (await report.locator('table').boundingBox())!
    expect(table.x + table.width).toBeLessThanOrEqual(panel.x + panel.width + 1)
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
    // Focus moving through the report does not shift the page sideways.
    await report.locator('tr').last().click()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => (globalThis as unknown as { scrollX: number }).scrollX)).toBe(0)
  } finally {
    await api.console('/console/webhooks/endpoint', { method: 'PUT', body: { defaultUrl: null } })
    await receiver.close()
  }
  shell.expectNoPageErrors()
})

test('after sending, the result comes into view: a payout to "0712 345 678" at 1024, a transfer to KCB at 1440', async ({ page }) => {
  test.setTimeout(60_000)
  const shell = new ConsoleShell(page)
  const payouts = new PayoutsPage(page)
  await shell.open('/payouts')
  const form = payouts.b2cForm
  // The phone as a person writes it: accepted, and the number that will be used is shown.
  await form.getByLabel(labelPattern('Recipient phone')).fill('0712 345 678')
  await expect(form.getByTestId('phone-to-use')).toHaveText('Will use +254712345678')
  await form.getByLabel(labelPattern('Amount')).fill('300')
  await form.getByRole('button', { name: /^Review/ }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('+254712345678')
  await dialog.getByRole('button', { name: /^Send KES 300\.00/ }).click()
  await expect(payouts.tracker).toBeInViewport()
  await payouts.expectStatus('completed')

  await page.setViewportSize({ width: 1440, height: 900 })
  const bank = new BankTransferPage(page)
  await shell.open('/bank-transfers')
  const picker = bank.form.getByRole('combobox', { name: 'Beneficiary bank' })
  // No bank looks chosen before one is; people find KCB by the name they use.
  await expect(bank.form.locator('.bank-picker__option--highlighted, .bank-picker__option[aria-selected="true"]')).toHaveCount(0)
  await expect(bank.form.getByTestId('selected-bank')).toHaveText('No bank selected yet.')
  await picker.fill('KCB')
  const banks = bank.form.getByRole('listbox', { name: 'Banks' }).getByRole('option')
  await expect(banks).toHaveCount(1)
  await expect(banks).toContainText('Kenya Commercial Bank (KCB)')
  await picker.press('Enter')
  await expect(bank.form.getByTestId('selected-bank')).toContainText('Kenya Commercial Bank')
  await expect(bank.form.locator('.field', { has: page.getByLabel(labelPattern('Sender address')) }).locator('.field__hint')).toContainText('address')
  await bank.field('Sender address').fill('Moi Avenue 12, Nairobi')
  await bank.field('Beneficiary name').fill('Jane Wanjiku')
  await bank.field('Beneficiary account').fill('0123456789')
  await bank.field('Amount').fill('1,000')
  await bank.field('Narration').fill('Supplier invoice 78')
  await bank.reviewAndConfirm()
  await expect(bank.tracker).toBeInViewport()
  await bank.expectStatus('completed')
  shell.expectNoPageErrors()
})

test.describe('interactive simulator mode', () => {
  test.beforeEach(async ({ request }) => setSimulatorMode(request, 'interactive'))
  test.afterEach(async ({ request }) => setSimulatorMode(request, 'fast'))

  test('at 1024, the handset\'s prompt for the charge just sent comes into view, Approve included', async ({ page }) => {
    const shell = new ConsoleShell(page)
    await shell.open('/charges')
    const form = page.getByRole('form', { name: 'New charge' })
    await form.getByLabel(labelPattern('Customer phone')).fill('0722 000 333')
    await form.getByLabel(labelPattern('Amount')).fill('120')
    await form.getByRole('button', { name: 'Send charge prompt' }).click()
    const approve = page.getByTestId('handset-prompt').getByRole('button', { name: 'Enter PIN and approve' })
    await expect(approve).toBeInViewport({ ratio: 1 })
    await approve.click()
    await expect(page.getByTestId('transaction-tracker')).toHaveAttribute('data-status', 'completed', { timeout: 15_000 })
    shell.expectNoPageErrors()
  })
})
