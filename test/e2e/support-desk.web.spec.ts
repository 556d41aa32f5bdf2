import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { TransactionDetailPage } from './pages/transaction-detail-page'
import { TransactionsPage } from './pages/transactions-page'
import { resend } from './pages/webhooks-page'
import { CustomerPage, StatementsPage, TopSearch } from './pages/support-desk-pages'
import { collectPageErrors, openConsole } from './support/console-page'
import { parseCsv } from './support/csv'
import { sandboxApi, uniqueReference } from './support/sandbox-http'
import { startWebhookReceiver } from './support/webhook-receiver'

const api = sandboxApi()

/** A Safaricom number no other test uses, in the stored form and as a person reads it out. */
function freshPhone(): { stored: string; spoken: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0')
  const local = `7${digits}`
  return { stored: `+254${local}`, spoken: `0${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}` }
}

async function firstRowsVisible(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height })
  const transactions = new TransactionsPage(page)
  await transactions.open()
  const rows = transactions.table.locator('tbody tr:not([aria-hidden="true"])')
  await expect(rows.first()).toBeVisible()
  // Without scrolling: the page has not moved, and the first three rows end inside the window.
  const scrolled = await page.evaluate(() => {
    const w = globalThis as unknown as { scrollY: number; document: { querySelector(s: string): { scrollTop: number } | null } }
    return [w.scrollY, w.document.querySelector('.app__main')?.scrollTop ?? 0]
  })
  expect(scrolled).toEqual([0, 0])
  for (let index = 0; index < 3; index++) {
    const box = await rows.nth(index).boundingBox()
    expect(box, `row ${index + 1} at ${width}x${height}`).not.toBeNull()
    expect(box!.y + box!.height, `row ${index + 1} at ${width}x${height}`).toBeLessThanOrEqual(height)
  }
}

test('results first: the first transaction rows are visible without scrolling at 1024x700, 1366x768 and wider', async ({ page }) => {
  const errors = collectPageErrors(page)
  for (let i = 0; i < 3; i++) await api.charge({ merchantTransactionId: uniqueReference('fold') })
  await firstRowsVisible(page, 1024, 700)
  await firstRowsVisible(page, 1366, 768)
  await firstRowsVisible(page, 1920, 1080)
  // The other filters wait behind "More filters".
  const transactions = new TransactionsPage(page)
  await expect(transactions.searchForm.getByLabel('Customer id')).toBeHidden()
  await transactions.openMoreFilters()
  await expect(transactions.searchForm.getByLabel('Customer id')).toBeVisible()
  expect(errors).toEqual([])
})

test('support finds a payment from its M-Pesa receipt, reads the webhook attempts and resends', async ({ page }) => {
  const errors = collectPageErrors(page)
  const receiver = await startWebhookReceiver()
  try {
    const id = await api.charge({ merchantTransactionId: uniqueReference('receipt'), amount: 150_000, webhookUrl: receiver.url('/ok'), forceStatus: 'success' })
    const tx = await api.waitForStatus(id, ['completed', 'settled'])
    const receipt = String(tx['processorReference'])

    // The customer reads the code out in lower case; "/" focuses the search from anywhere, Enter opens the one match.
    await openConsole(page, '/')
    const search = new TopSearch(page)
    await search.type(receipt.toLowerCase())
    await expect(search.option(receipt)).toBeVisible()
    await search.input.press('Enter')
    const detail = new TransactionDetailPage(page)
    await detail.expectLoaded(id)
    await expect(detail.field('Receipt')).toContainText(receipt)

    const delivery = detail.webhooks.getByTestId('webhook-delivery').filter({ hasText: receiver.url('/ok') }).first()
    await expect(delivery.getByTestId('webhook-attempt').first()).toContainText('HTTP 200')
    const event = detail.webhooks.getByTestId('webhook-event').filter({ hasText: 'transaction.succeeded' }).first()
    const eventId = await event.getAttribute('data-event-id')
    const before = receiver.received.filter((r) => r.body.id === eventId).length
    await resend(event)
    await expect.poll(() => receiver.received.filter((r) => r.body.id === eventId).length, { timeout: 15_000 }).toBe(before + 1)
    await expect(event.getByTestId('webhook-delivery').filter({ hasText: 'resend' }).first()).toBeVisible()

    // The resend is in the audit log, with the event as its target.
    await openConsole(page, '/audit')
    await expect(page.getByRole('table', { name: 'Audit log' }).locator('tbody tr').filter({ hasText: eventId! }).first()).toContainText('Webhook resent')
  } finally {
    await receiver.close()
  }
  expect(errors).toEqual([])
})

test('support finds a customer from a phone number spoken with spaces: customer view, then a payment', async ({ page }) => {
  const errors = collectPageErrors(page)
  const phone = freshPhone()
  const paid = await api.charge({ phoneNumber: phone.stored, amount: 150_000, merchantTransactionId: uniqueReference('phone'), forceStatus: 'success' })
  const cancelled = await api.charge({ phoneNumber: phone.stored, amount: 50_000, merchantTransactionId: uniqueReference('phone'), forceStatus: 'cancelled' })
  await api.waitForStatus(paid, ['completed', 'settled'])
  await api.waitForStatus(cancelled, ['failed'])

  const transactions = new TransactionsPage(page)
  await transactions.open()
  const search = new TopSearch(page)
  await search.type(phone.spoken)
  await expect(search.results.getByRole('option')).toHaveCount(4) // customer view, two payments, all results
  await page.screenshot({ path: 'test-results/screenshots/search.png' })
  await search.choose(search.option(`Customer view for ${phone.stored}`))

  const customer = new CustomerPage(page)
  await customer.expectLoaded(phone.stored)
  await expect(customer.total('Paid in')).toHaveText('KES 1,500.00')
  await expect(customer.failures).toContainText('Cancelled by the customer')
  await expect(customer.table.locator('tbody tr')).toHaveCount(2)
  await page.screenshot({ path: 'test-results/screenshots/customer.png', fullPage: true })

  // From the customer view to the payment, and from the payment's phone back to the customer view.
  await customer.table.locator('tbody tr', { has: page.locator(`a[href="#/transactions/${paid}"]`) }).locator('td').first().click()
  const detail = new TransactionDetailPage(page)
  await detail.expectLoaded(paid)
  await detail.field('Phone').getByRole('link', { name: phone.stored }).click()
  await customer.expectLoaded(phone.stored)

  // Arrows and Enter open a payment straight from the results.
  await search.type(phone.spoken)
  await search.choose(search.results.getByRole('option').filter({ has: page.locator(`[aria-label="${cancelled}"]`) }))
  await detail.expectLoaded(cancelled)
  expect(errors).toEqual([])
})

test('a merchant downloads this month\'s statement as CSV and PDF, with the same closing balance as the screen', async ({ page }) => {
  const errors = collectPageErrors(page)
  const id = await api.charge({ merchantTransactionId: uniqueReference('stmt'), amount: 250_000, forceStatus: 'success' })
  await api.waitForStatus(id, ['completed', 'settled'])
  const statements = new StatementsPage(page)
  await statements.open()
  await expect(statements.reconciliation()).toContainText('Reconciled')
  await page.screenshot({ path: 'test-results/screenshots/statements.png' })
  const closing = (await statements.closing('available').innerText()).replace(/^KES /, '').replace(/,/g, '')
  const pending = (await statements.closing('pending').innerText()).replace(/^KES /, '').replace(/,/g, '')

  const csvDownload = await statements.download('CSV')
  expect(csvDownload.suggestedFilename()).toMatch(/^statement-\d+-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/)
  const rows = parseCsv((await readFile((await csvDownload.path())!, 'utf8')).replace(/^\uFEFF/, ''))
  const header = rows[0]!
  const closingRow = rows.find((row) => row[header.indexOf('Description')] === 'Closing balance')!
  expect([closingRow[header.indexOf('Available balance')], closingRow[header.indexOf('Pending balance')]]).toEqual([closing, pending])
  expect(rows.some((row) => row[header.indexOf('Transaction')] === id)).toBe(true)

  const pdfDownload = await statements.download('PDF')
  expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/)
  const bytes = new Uint8Array(await readFile((await pdfDownload.path())!))
  const text = await pdfText(bytes)
  const kes = (plain: string) => `KES ${Number(plain).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
  expect(text).toContain(`Closing balance: available ${kes(closing)}, pending ${kes(pending)}`)
  expect(text).toContain('Reconciled')
  expect(errors).toEqual([])
})

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const fonts = `${join(process.cwd(), 'node_modules', 'pdfjs-dist', 'standard_fonts')}/`
  const document = await pdfjs.getDocument({ data: bytes, standardFontDataUrl: fonts }).promise
  const lines: string[] = []
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent()
    lines.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await document.destroy()
  return lines.join('\n').replace(/ +/g, ' ')
}
