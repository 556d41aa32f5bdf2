import { expect, test } from '@playwright/test'
import { ChargesPage } from './pages/charges-page'
import { ConsoleShell } from './pages/console-shell'
import { HomePage } from './pages/home-page'
import { setSimulatorMode } from './support/sandbox-api'

const COLLECTIONS = /collections/

test('a merchant charges a customer, sees it complete and settle, and the collections balance moves', async ({ page }) => {
  // Fast simulator: a result within 1–3 s, settlement 10 s later.
  test.setTimeout(60_000)
  const shell = new ConsoleShell(page)
  const home = new HomePage(page)
  const charges = new ChargesPage(page)

  await shell.open('/')
  const before = await home.available(COLLECTIONS)

  await shell.goTo('Charges')
  await charges.fill({ phone: '0712345678', amount: '1,500', narration: 'Order 1042', metadata: { orderId: '1042' } })
  await charges.send()

  await expect(charges.tracker).toBeVisible()
  await charges.expectStatus('completed')
  await expect(charges.tracker.getByTestId('transaction-message')).toHaveText('The service request is processed successfully.')
  await shell.screenshot('charges-completed')
  await charges.expectStatus('settled', 20_000)

  // 1,500.00 less the 0.55% fee (8.25) reaches collections available once settled.
  await shell.goTo('Home')
  await expect.poll(() => home.available(COLLECTIONS)).toBe(before + 150_000 - 825)
  await expect(home.recentActivity.getByRole('row').filter({ hasText: '1,500.00' }).first()).toContainText('Settled')
  shell.expectNoPageErrors()
})

test('a failing test number ends in failed with the M-Pesa message', async ({ page }) => {
  const shell = new ConsoleShell(page)
  const charges = new ChargesPage(page)
  await shell.open('/charges')
  await charges.fill({ phone: '254700000001', amount: '100' })
  await charges.send()
  await charges.expectStatus('failed')
  await expect(charges.tracker.getByTestId('transaction-message')).toHaveText('Request cancelled by user.')
  shell.expectNoPageErrors()
})

test.describe('interactive simulator mode', () => {
  // Mode changes are global to the sandbox: always go back to fast, even when a test times out.
  test.beforeEach(async ({ request }) => setSimulatorMode(request, 'interactive'))
  test.afterEach(async ({ request }) => setSimulatorMode(request, 'fast'))

  test('the customer approves the prompt on the handset panel', async ({ page }) => {
    const shell = new ConsoleShell(page)
    const charges = new ChargesPage(page)
    await shell.open('/charges')
    await charges.fill({ phone: '0722000111', amount: '250', narration: 'Interactive test' })
    await charges.send()
    await charges.expectStatus('pending')
    const prompt = page.getByTestId('handset-prompt')
    await expect(prompt).toContainText('KES 250.00')
    await shell.screenshot('charges-handset')
    await prompt.getByRole('button', { name: 'Enter PIN and approve' }).click()
    await charges.expectStatus('completed')
    await expect(page.getByText('No prompt waiting.')).toBeVisible()
    shell.expectNoPageErrors()
  })
})
