import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { RequestsPage } from './pages/requests-page'
import { TransactionDetailPage } from './pages/transaction-detail-page'
import { labelPattern } from './support/console-page'
import { CONSOLE_TOKEN, TEST_API_KEY } from './support/sandbox'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

const api = sandboxApi()

test('"Download evidence" on a transaction saves its bundle, whose SHA-256 checks out and which holds no secret', async ({ page }) => {
  const reference = uniqueReference('e2e-evidence')
  const transactionId = await api.charge({ merchantTransactionId: reference })
  await api.waitForStatus(transactionId, ['completed', 'settled'])
  const detail = new TransactionDetailPage(page)
  await detail.open(transactionId)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download evidence' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`evidence-${transactionId}.json`)
  const text = await readFile((await file.path())!, 'utf8')
  const bundle = JSON.parse(text)
  expect(bundle.transaction).toMatchObject({ publicId: transactionId, merchantTransactionId: reference })
  expect(bundle.requests.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toContain('POST /v1/mobile/charge')
  const { sha256, ...rest } = bundle
  expect(sha256).toBe(createHash('sha256').update(JSON.stringify(rest)).digest('hex'))
  for (const secret of [TEST_API_KEY, CONSOLE_TOKEN]) expect(text).not.toContain(secret)
})

test('"Export HAR" on the Requests screen saves the filtered log as HAR 1.2', async ({ page }) => {
  const transactionId = await api.charge({ merchantTransactionId: uniqueReference('e2e-har') })
  const requests = new RequestsPage(page)
  await requests.open()
  await requests.filters.getByLabel(labelPattern('Transaction id')).fill(transactionId)
  await requests.filters.getByRole('button', { name: 'Filter', exact: true }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export HAR' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('paydesk-requests.har')
  const text = await readFile((await file.path())!, 'utf8')
  const har = JSON.parse(text)
  expect(har.log.version).toBe('1.2')
  expect(har.log.entries.map((entry: { request: { method: string; url: string } }) => `${entry.request.method} ${new URL(entry.request.url).pathname}`)).toEqual(['POST /v1/mobile/charge'])
  expect(text).not.toContain(TEST_API_KEY)
})
