import { expect, test } from '@playwright/test'
import { labelPattern } from './support/console-page'
import { ConsoleShell, screenshotPath, type ScreenName } from './pages/console-shell'
import { CONSOLE_TOKEN } from './support/sandbox'

// Screenshots of the money screens; the other four screens' own specs take theirs (same names would clash).
const SCREENS: { name: ScreenName; file?: string; ready: RegExp | string }[] = [
  { name: 'Home', file: 'home', ready: 'Recent activity' },
  { name: 'Charges', file: 'charges', ready: 'New charge' },
  { name: 'Payouts', file: 'payouts-form', ready: 'Payouts float' },
  { name: 'Bank transfers', file: 'bank-transfers-form', ready: 'New bank transfer' },
  { name: 'Accounts', file: 'accounts', ready: 'Demo Merchant Ltd collections' },
  { name: 'Transactions', ready: 'Transactions' },
  { name: 'Webhooks', ready: 'Webhooks' },
  { name: 'Requests', ready: 'Request log' },
  { name: 'Settings', ready: 'Settings' },
]

test('every screen is reachable from the sidebar, takes focus to its heading and loads without errors', async ({ page }) => {
  const shell = new ConsoleShell(page)
  await shell.open('/')
  for (const [index, screen] of SCREENS.entries()) {
    await shell.goTo(screen.name)
    await expect(page.getByRole('main').getByText(screen.ready).first()).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0)
    // Focus moves to the new screen's heading for keyboard and screen-reader users.
    // (Not on the first screen: the console opened there, so no navigation happened.)
    if (index > 0) await expect(shell.heading).toBeFocused()
    await expect(page.getByRole('link', { name: screen.name, exact: true })).toHaveAttribute('aria-current', 'page')
    if (screen.file) await shell.screenshot(screen.file)
  }
  shell.expectNoPageErrors()
})

test('accounts filter by type and show one account balance', async ({ page }) => {
  const shell = new ConsoleShell(page)
  await shell.open('/accounts')
  const table = page.getByRole('table', { name: 'Accounts' })
  await expect(table.getByRole('row')).toHaveCount(4)
  const filters = page.getByRole('group', { name: 'Filters' })
  await filters.getByLabel(labelPattern('Type')).selectOption('payouts')
  await expect(table.getByRole('row')).toHaveCount(3)
  await filters.getByLabel(labelPattern('Scope')).selectOption('shortcode')
  await expect(table.getByRole('row')).toHaveCount(2)
  // Rows are keyboard-activatable: focus one and press Enter.
  await table.getByRole('row').nth(1).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('balance-view')).toContainText('2200000005')
  await shell.screenshot('accounts-balance')
  await filters.getByLabel(labelPattern('Type')).selectOption('')
  await filters.getByLabel(labelPattern('Scope')).selectOption('')
  shell.expectNoPageErrors()
})

test('tables sort by a header and hide columns from the Columns menu', async ({ page }) => {
  const shell = new ConsoleShell(page)
  await shell.open('/accounts')
  const table = page.getByRole('table', { name: 'Accounts' })
  const header = table.getByRole('columnheader', { name: /Available/ })
  await header.getByRole('button').click()
  await expect(header).toHaveAttribute('aria-sort', /ascending|descending/)
  await page.getByText('Columns', { exact: true }).click()
  await page.getByRole('checkbox', { name: 'Pending' }).uncheck()
  await expect(table.getByRole('columnheader', { name: /Pending/ })).toHaveCount(0)
  await page.getByRole('checkbox', { name: 'Pending' }).check()
  shell.expectNoPageErrors()
})

test('the environment switch shows the live environment with its banner', async ({ page }) => {
  const shell = new ConsoleShell(page)
  await shell.open('/')
  await shell.switchEnvironment('Live')
  await expect(page.getByText('You are in the live environment')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Account balances' })).toBeVisible()
  await shell.screenshot('home-live')
  await shell.switchEnvironment('Test')
  await expect(page.getByText('You are in the live environment')).toHaveCount(0)
  shell.expectNoPageErrors()
})

test('the token leaves the address bar; without a token or with a wrong one the console explains what to do', async ({ page, context }) => {
  const shell = new ConsoleShell(page)
  await shell.open('/')
  expect(page.url()).not.toContain('token=')
  // Reloading keeps working: the token lives in this tab's sessionStorage.
  await page.reload()
  await expect(shell.nav).toBeVisible()

  const fresh = await context.newPage()
  await fresh.goto('/')
  await expect(fresh.getByRole('heading', { name: 'Open the console with its token' })).toBeVisible()
  await fresh.screenshot({ path: screenshotPath('token-missing'), fullPage: true })

  await fresh.getByLabel('Console token').fill('not-the-right-token-000')
  await fresh.getByRole('button', { name: 'Connect' }).click()
  await expect(fresh.getByRole('heading', { name: 'This console token was not accepted' })).toBeVisible()
  await fresh.screenshot({ path: screenshotPath('token-rejected'), fullPage: true })

  await fresh.getByLabel('Console token').fill(CONSOLE_TOKEN)
  await fresh.getByRole('button', { name: 'Connect' }).click()
  await expect(fresh.getByRole('navigation', { name: 'Main' })).toBeVisible()
  shell.expectNoPageErrors()
})
