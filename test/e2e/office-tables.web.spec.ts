import { expect, test, type Page } from '@playwright/test'
import { BulkPayoutsPage } from './pages/bulk-payouts-page'
import { ConsoleShell } from './pages/console-shell'
import { expectColumnsShown, pageOverflow } from './support/fit'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

// Tables fit at 1024 and 1440: the columns that matter (who, what, amount, status, reference) in view
// without a sideways scroll, the rest behind Columns; Requests shows its first row high on a 700 px screen.
const api = sandboxApi()

async function fitsAt(page: Page, width: number, open: () => Promise<void>, table: string, headers: readonly string[]) {
  await page.setViewportSize({ width, height: width === 1024 ? 700 : 900 })
  await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear())
  await open()
  await page.getByRole('table', { name: table }).locator('tbody tr').first().scrollIntoViewIfNeeded()
  await expectColumnsShown(page.getByRole('table', { name: table }), headers)
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
}

test('bulk rows, reconcile results and the audit log keep their key columns in view at 1024 and 1440', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const bulk = new BulkPayoutsPage(page)
  await page.setViewportSize({ width: 1024, height: 700 })
  await shell.open('/payouts/bulk')
  await bulk.upload('Wide sheet.csv', `Employee,phone,amount,reference,narration\nAmina Wanjiru Kamau-Odhiambo,0712345678,"12,500.00",${uniqueReference('wide-sheet-reference')},November salary and allowances\n0,07123,5,,\n`)
  const batchPath = new URL(page.url()).hash.slice(1)
  const recon = await api.console('/console/reconciliations', { method: 'POST', body: {
    name: 'Wide file', csv: `Order No,Amount,Paid on\n${uniqueReference('wide-order')},1500.00,2026-11-01\n`, mapping: { reference: 'Order No', amount: 'Amount', date: 'Paid on' },
    amountUnit: 'KES', from: '2026-11-01', to: '2026-11-30', timeZone: 'Africa/Nairobi' } })
  expect(recon.status, JSON.stringify(recon.body)).toBe(201)
  for (const width of [1024, 1440]) {
    await fitsAt(page, width, () => shell.open(batchPath), 'Rows of the batch', ['Status', 'Why', 'Name', 'Amount', 'Reference'])
    await fitsAt(page, width, () => shell.open(`/reconcile/${recon.body.data.id}`), 'Reconciliation items', ['Outcome', 'Reference', 'File amount', 'Paydesk amount'])
    await fitsAt(page, width, () => shell.open('/audit'), 'Audit log', ['When', 'Who', 'Action', 'Target', 'Details'])
  }
  shell.expectNoPageErrors()
})

test('Requests puts its first row within the first 560 px at 1024×700, the rarer filters behind More filters', async ({ page }) => {
  await api.charge({ merchantTransactionId: uniqueReference('req-fit') })
  await page.setViewportSize({ width: 1024, height: 700 })
  const shell = new ConsoleShell(page)
  await shell.open('/requests')
  const filters = page.getByRole('form', { name: 'Filter requests' })
  await expect(filters.getByLabel('Idempotency-Key')).toBeHidden()
  const first = page.getByRole('table', { name: 'API requests' }).locator('tbody tr').first()
  await expect(first).toBeVisible()
  const box = (await first.boundingBox())!
  expect(box.y + box.height).toBeLessThanOrEqual(560)
  await filters.getByRole('button', { name: 'More filters' }).click()
  await expect(filters.getByLabel('Idempotency-Key')).toBeVisible()
  shell.expectNoPageErrors()
})
