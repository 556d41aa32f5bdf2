import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { StatementsPage } from './pages/support-desk-pages'
import { collectPageErrors, openConsole } from './support/console-page'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

// The words on screen say what they mean, at 1024×700 unless a check needs the wider Requests table.
test.use({ viewport: { width: 1024, height: 700 } })
const api = sandboxApi()

test('Requests shows what the integration sent, the console\'s calls behind a filter; the sidebar names simulated customers apart; Home says what Pending is', async ({ page }) => {
  const errors = collectPageErrors(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  await api.v1('/v1/accounts')
  // Home reads balances and recent transactions through /v1 with the console's own credential.
  await openConsole(page, '/')
  await expect(page.getByRole('list', { name: 'Account balances' })).toBeVisible()
  await openConsole(page, '/requests')
  const table = page.getByRole('table', { name: 'API requests' })
  const keys = table.locator('tbody tr td:nth-child(5)')
  await expect(table.getByRole('columnheader').nth(4)).toHaveText(/^Key/)
  await expect(keys.first()).toBeVisible()
  await expect(keys.filter({ hasText: /^console$/ })).toHaveCount(0)
  await page.getByRole('form', { name: 'Filter requests' }).getByLabel('Sent by').selectOption({ label: 'This console' })
  await expect(keys.first()).toHaveText('console')
  await expect(keys.filter({ hasNotText: /^console$/ })).toHaveCount(0)

  await page.setViewportSize({ width: 1024, height: 700 })
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Simulated customers' })).toBeVisible()
  await openConsole(page, `/customers/${encodeURIComponent('+254712345678')}`)
  await expect(nav.locator('.nav-link--active')).toHaveText('Transactions')

  await openConsole(page, '/')
  await expect(page.getByTestId('pending-meaning')).toContainText('Pending is money on its way')
  expect(errors).toEqual([])
})

test('the fault banner says what is on, in words and values; a reversal\'s audit entry names the charge, the narration and who', async ({ page }) => {
  const errors = collectPageErrors(page)
  try {
    await api.console('/console/faults/api', { method: 'PUT', body: { scope: 'bankCodes.list', faults: { errorRate: { rate: 0.2, status: 503 }, latency: { minMs: 150 } } } })
    await openConsole(page, '/')
    const banner = page.getByTestId('fault-banner')
    await expect(banner).toContainText('20% of requests answered 503 without running')
    await expect(banner).toContainText('150 ms added to each answer')
    await expect(banner).not.toContainText('errorRate')
  } finally {
    await api.console('/console/faults/clear', { method: 'POST' })
  }

  const chargeId = await api.charge({ merchantTransactionId: uniqueReference('audit'), amount: 75_000, forceStatus: 'success' })
  await api.waitForStatus(chargeId, ['completed', 'settled'])
  const reversal = await api.console('/v1/mobile/reverse', { method: 'POST', body: { transactionId: chargeId, narration: 'Double charged at the till' } })
  expect(reversal.status).toBe(202)
  await openConsole(page, '/audit')
  const entry = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr', { hasText: reversal.body.data.transactionId })
  await expect(entry).toContainText(`Reverses charge ${chargeId}`)
  await expect(entry).toContainText('Double charged at the till')
  await expect(entry.getByRole('cell', { name: 'automation (console token)' })).toBeVisible()
  expect(errors).toEqual([])
})

test('the statement PDF\'s column headers stand apart and its transaction ids are whole', async ({ page }) => {
  const errors = collectPageErrors(page)
  const chargeId = await api.charge({ merchantTransactionId: uniqueReference('pdf'), amount: 64_000, forceStatus: 'success' })
  await api.waitForStatus(chargeId, ['completed', 'settled'])
  const statements = new StatementsPage(page)
  await statements.open()
  await expect(statements.reconciliation()).toBeVisible()
  const pdf = await statements.download('PDF')
  const items = await pdfItems(new Uint8Array(await readFile((await pdf.path())!)))
  expect(items.map((item) => item.text)).toContain(chargeId)
  // The header row: every label's box ends before the next one starts.
  const headerY = items.find((item) => item.text === 'Transaction')!.y
  const header = items.filter((item) => Math.abs(item.y - headerY) < 1).sort((a, b) => a.x - b.x)
  expect(header.map((item) => item.text)).toEqual(['Date', 'Transaction', 'Type', 'Reference', 'Description', 'Available', 'Pending', 'Fee', 'available', 'pending'])
  for (let i = 1; i < header.length; i++) expect(header[i]!.x, `${header[i - 1]!.text} | ${header[i]!.text}`).toBeGreaterThan(header[i - 1]!.x + header[i - 1]!.width)
  expect(errors).toEqual([])
})

async function pdfItems(bytes: Uint8Array): Promise<{ text: string; x: number; y: number; width: number }[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const fonts = `${join(process.cwd(), 'node_modules', 'pdfjs-dist', 'standard_fonts')}/`
  const document = await pdfjs.getDocument({ data: bytes, standardFontDataUrl: fonts }).promise
  const content = await (await document.getPage(1)).getTextContent()
  await document.destroy()
  return content.items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }] : []))
}
