import { expect, test } from '@playwright/test'
import { DEFAULT_NOTIFICATION_RULES } from '../../shared/schemas/notifications'
import { ConsoleShell, minorFromText } from './pages/console-shell'
import { labelPattern } from './support/console-page'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

const api = sandboxApi()

/** The demo organization's default payouts account and its available float (test environment). */
async function payoutsAccount(): Promise<{ accountNo: string; available: number }> {
  const desk = (await api.console('/console/float-desk')).body.data as { accounts: { accountNo: string; available: number }[] }
  return desk.accounts[0]!
}

test.afterEach(async () => {
  await api.console('/console/notification-rules', { method: 'PUT', body: DEFAULT_NOTIFICATION_RULES })
})

test('the float desk on Home: a low float is told live (bell, toast, page notification) and a sweep from collections covers it', async ({ page }) => {
  // The browser's own notifications, granted: recorded instead of shown.
  await page.addInitScript(() => {
    const shown: string[] = []
    class Recording {
      static permission = 'granted'
      static requestPermission() { return Promise.resolve('granted') }
      constructor(title: string) { shown.push(title) }
    }
    Object.assign(globalThis, { Notification: Recording, shownNotifications: shown })
  })
  const shell = new ConsoleShell(page)
  // Settled collections to move: a charge, settled now.
  const charge = await api.charge({ merchantTransactionId: uniqueReference('float'), amount: 2_000_000, forceStatus: 'success' })
  await api.waitForStatus(charge, ['completed', 'settled'])
  await api.console('/console/simulator/settle', { method: 'POST', body: { transactionId: charge } })
  const payouts = await payoutsAccount()
  const threshold = payouts.available - 50_000
  const rules = await api.console('/console/notification-rules', { method: 'PUT', body: { ...DEFAULT_NOTIFICATION_RULES, lowFloat: [{ accountNo: payouts.accountNo, below: threshold }] } })
  expect(rules.status).toBe(200)

  await shell.open('/')
  const line = page.getByRole('listitem', { name: 'Float of Demo Merchant Ltd payouts', exact: true })
  await expect(line).toContainText('Covered')
  // A payout takes the float below the threshold: the toast says so while the console is open.
  const payout = await api.v1('/v1/mobile/b2c', { method: 'POST', body: { phoneNumber: '0712345678', amount: 100_000, merchantTransactionId: uniqueReference('float-b2c') } })
  expect(payout.status).toBe(202)
  const toast = page.getByTestId('toast').filter({ hasText: 'Low float: Demo Merchant Ltd payouts' })
  await expect(toast).toBeVisible()
  await expect(page.getByTestId('bell-count')).toBeVisible()
  expect(await page.evaluate(() => (globalThis as unknown as { shownNotifications: string[] }).shownNotifications)).toContain('Low float: Demo Merchant Ltd payouts')
  // The desk follows the payout live: its tag says Short (not the "Short by" label) and the shortfall shows.
  await expect(line.getByText('Short', { exact: true })).toBeVisible()
  await expect.poll(async () => minorFromText((await line.getByTestId('float-shortfall').textContent())!)).toBeGreaterThan(0)
  const shortfall = minorFromText((await line.getByTestId('float-shortfall').textContent())!)
  await shell.screenshot('home-float-desk')

  // Move to payouts: the suggested amount covers the shortfall.
  const form = page.getByRole('form', { name: 'Move to Demo Merchant Ltd payouts', exact: true })
  await expect(form.getByLabel(labelPattern('Amount to move'))).toHaveValue((shortfall / 100).toFixed(2))
  const before = minorFromText((await line.getByTestId('float-available').textContent())!)
  await form.getByRole('button', { name: 'Move to payouts' }).click()
  await expect(line.getByRole('status')).toContainText('Moved KES')
  await expect(line.getByText('Covered', { exact: true })).toBeVisible()
  expect(minorFromText((await line.getByTestId('float-available').textContent())!)).toBe(before + shortfall)

  // The bell lists it; opening it marks it read.
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
  const panel = page.getByRole('region', { name: 'Notifications' })
  await panel.getByRole('button', { name: /Low float: Demo Merchant Ltd payouts/ }).first().click()
  await expect(shell.heading).toHaveText('Home')
  shell.expectNoPageErrors()
})
