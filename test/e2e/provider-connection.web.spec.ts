import { expect, test } from '@playwright/test'
import { TopSearch } from './pages/support-desk-pages'
import { TransactionDetailPage } from './pages/transaction-detail-page'
import { collectPageErrors } from './support/console-page'
import { startConnectedSandbox } from './support/connected-sandbox'
import { CONSOLE_TOKEN, SANDBOX_URL, TEST_API_KEY } from './support/sandbox'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

const api = sandboxApi()

test('a Paydesk connected to the provider shows the banner everywhere, its connection in Settings, and finds a mirrored payment by its receipt', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectPageErrors(page)
  // The provider is the shared sandbox: a customer pays there first.
  const id = await api.charge({ merchantTransactionId: uniqueReference('mirror'), amount: 175_000, forceStatus: 'success' })
  const receipt = String((await api.waitForStatus(id, ['completed', 'settled']))['processorReference'])
  const connected = await startConnectedSandbox(SANDBOX_URL, TEST_API_KEY)
  try {
    await page.goto(`${connected.url}/?token=${CONSOLE_TOKEN}#/`)
    const banner = page.getByTestId('provider-banner')
    await expect(banner).toContainText(`Provider account · test · …${TEST_API_KEY.slice(-4)} · synced`)
    await expect(page.getByTestId('sync-health')).toContainText('done')

    await page.goto(`${connected.url}/?token=${CONSOLE_TOKEN}#/settings`)
    await expect(banner).toBeVisible()
    const panel = page.getByRole('region', { name: 'Provider connection' })
    await expect(panel.getByTestId('provider-connection')).toContainText(SANDBOX_URL)
    await panel.getByRole('button', { name: 'Test the connection' }).click()
    await expect(panel.getByTestId('provider-test-result')).toContainText('The provider answered')

    const search = new TopSearch(page)
    await search.type(receipt.toLowerCase())
    await expect(search.option(receipt)).toBeVisible()
    await search.input.press('Enter')
    const detail = new TransactionDetailPage(page)
    await detail.expectLoaded(id)
    await expect(detail.field('Receipt')).toContainText(receipt)
    await expect(banner).toBeVisible()
    expect(errors).toEqual([])
  } finally {
    await connected.stop()
  }
})
