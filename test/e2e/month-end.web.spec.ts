import { readFile } from 'node:fs/promises'
import { expect, test, type Download, type Page } from '@playwright/test'
import { parseSync } from 'ofx-js'
import { ChargesPage } from './pages/charges-page'
import { StatementsPage } from './pages/support-desk-pages'
import { TransactionDetailPage } from './pages/transaction-detail-page'
import { collectPageErrors, openConsole } from './support/console-page'
import { parseCsv } from './support/csv'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

const api = sandboxApi()

async function downloadBy(page: Page, name: string): Promise<{ download: Download; text: string }> {
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name, exact: true }).click()
  const download = await downloading
  return { download, text: (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '') }
}

test('month end: the accountant\'s files by software name, with the tax invoice number, and the payments missing one', async ({ page }) => {
  const errors = collectPageErrors(page)
  const invoice = `KRA/${Date.now().toString(36).toUpperCase()}`
  const id = await api.charge({ merchantTransactionId: uniqueReference('inv'), amount: 310_000, forceStatus: 'success', metadata: { taxInvoiceNumber: invoice } })
  const without = await api.charge({ merchantTransactionId: uniqueReference('noinv'), amount: 120_000, forceStatus: 'success' })
  await api.waitForStatus(id, ['completed', 'settled'])
  await api.waitForStatus(without, ['completed', 'settled'])
  const statements = new StatementsPage(page)
  await statements.open()

  const formats = page.getByRole('list', { name: 'Statement files for accounting software' })
  await expect(formats.getByRole('listitem')).toHaveCount(3)
  await expect(formats.getByRole('listitem').filter({ hasText: 'For Xero' })).toContainText('Import a statement')
  await expect(formats.getByRole('listitem').filter({ hasText: 'For QuickBooks' })).toContainText('Upload from file')
  await expect(formats.getByRole('listitem').filter({ hasText: 'OFX' })).toContainText('Sage, Wave')

  const xero = await downloadBy(page, 'For Xero')
  expect(xero.download.suggestedFilename()).toMatch(/^statement-\d+-.*-xero\.csv$/)
  const rows = parseCsv(xero.text)
  expect(rows[0]).toEqual(['*Date', '*Amount', 'Payee', 'Description', 'Reference'])
  const invoiced = rows.find((row) => row[4] === invoice)!
  expect(invoiced[1]).toBe('3100.00')
  expect(invoiced[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)

  const quickBooks = parseCsv((await downloadBy(page, 'For QuickBooks')).text)
  expect(quickBooks[0]).toEqual(['Date', 'Description', 'Amount'])
  expect(quickBooks.some((row) => row[1]!.includes(`Tax invoice ${invoice}`))).toBe(true)

  const ofx = await downloadBy(page, 'OFX')
  expect(ofx.download.suggestedFilename()).toMatch(/\.ofx$/)
  const transactions = [parseSync(ofx.text).OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS.BANKTRANLIST.STMTTRN].flat()
  expect(transactions.find((t: { FITID: string }) => t.FITID === id)).toMatchObject({ TRNTYPE: 'CREDIT', TRNAMT: '3100.00' })

  const missing = page.getByTestId('missing-invoices')
  await expect(missing).toContainText(/\d+ of \d+ completed payments have no tax invoice number/)
  await expect(missing.getByLabel('Missing invoices by kind')).toContainText('Payments received')
  const exported = parseCsv((await downloadBy(page, 'Export missing invoices')).text)
  expect(exported[0]!.slice(0, 3)).toEqual(['Date', 'Transaction', 'Kind'])
  expect(exported.some((row) => row[1] === without)).toBe(true)
  expect(exported.some((row) => row[1] === id)).toBe(false)
  await page.screenshot({ path: 'test-results/screenshots/month-end.png', fullPage: true })
  expect(errors).toEqual([])
})

test('a charge sent from the console carries its tax invoice number and the customer\'s KRA PIN to the transaction detail', async ({ page }) => {
  const errors = collectPageErrors(page)
  await openConsole(page, '/charges')
  const charges = new ChargesPage(page)
  const reference = uniqueReference('form-inv')
  await charges.fill({ phone: '0712345678', amount: '640', reference })
  await charges.field('Tax invoice number').fill('KRACU01/640')
  await charges.field("Customer's KRA PIN").fill('A12345')
  await charges.field('Amount').click()
  await expect(charges.errorOf("Customer's KRA PIN")).toContainText('KRA PIN')
  await charges.field("Customer's KRA PIN").fill('a123456789b')
  await charges.send()
  await expect(charges.errorOf("Customer's KRA PIN")).toHaveCount(0)
  let id = ''
  await expect(async () => {
    const found = await api.v1(`/v1/transaction?merchantTransactionId=${reference}`)
    expect(found.status).toBe(200)
    id = found.body.data.publicId
  }).toPass({ timeout: 10_000 })
  const detail = new TransactionDetailPage(page)
  await detail.open(id)
  await expect(detail.field('Tax invoice')).toContainText('KRACU01/640')
  await expect(detail.field('Buyer KRA PIN')).toHaveText('A123456789B')
  expect(errors).toEqual([])
})
