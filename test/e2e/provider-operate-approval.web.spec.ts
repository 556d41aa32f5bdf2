import { expect, test, type Page } from '@playwright/test'
import { ConsoleShell } from './pages/console-shell'
import { startServeProcess } from './support/serve-process'
import { CONSOLE_TOKEN, SANDBOX_URL } from './support/sandbox'

// With a team, a live key's operate connection waits for its own approval: Settings → Provider connection
// says so and offers "Request approval" to an admin; the approver reads in words what it lets happen.

const PASSWORD = 'correct horse battery'
const automation = { authorization: `Bearer ${CONSOLE_TOKEN}` }

async function signIn(page: Page, name: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' })
  await expect(form).toBeVisible()
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('signed-in-user')).toContainText(name)
}

test('an admin asks for the live operate approval in Settings; the approver sees what it lets happen and approves it', async ({ page, request }) => {
  test.setTimeout(90_000)
  // The provider is the shared sandbox: a live key of its own for this connection.
  const minted = await request.post(`${SANDBOX_URL}/console/keys`, { headers: { ...automation, 'paydesk-environment': 'live' }, data: { label: 'operate approval' } })
  expect(minted.status()).toBe(201)
  const liveKey = (await minted.json()).data.key as string
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_')))
  const connected = await startServeProcess('team sandbox connected live', [
    '--port', '0', '--db', ':memory:', '--console-token', CONSOLE_TOKEN, '--team', '--upstream', `${SANDBOX_URL}/v1`,
    '--upstream-mode', 'operate', '--upstream-allow-live', '--upstream-poll', '60',
  ], { ...clean, PAYDESK_UPSTREAM_KEY: liveKey })
  try {
    for (const [name, role] of [['adam', 'admin'], ['bora', 'approver']]) {
      const created = await request.post(`${connected.url}/console/users`, { headers: automation, data: { name, password: PASSWORD, role } })
      expect(created.status(), await created.text()).toBe(201)
    }
    const shell = new ConsoleShell(page)
    await page.goto(`${connected.url}/#/`)
    await signIn(page, 'adam')
    await shell.switchEnvironment('Live')
    await shell.goTo('Settings')
    const panel = page.getByRole('region', { name: 'Provider connection' })
    await expect(panel.getByTestId('provider-mode')).toContainText('operate, not approved: it runs as read')
    await panel.getByRole('button', { name: 'Request approval' }).click()
    await expect(panel.getByTestId('operate-approval-result')).toContainText(/Sent for approval \(apr_\w+\): it needs 1 approver/)
    await expect(panel.getByTestId('provider-mode')).toContainText('operate, waiting for approval')

    await page.getByTestId('signed-in-user').getByRole('button', { name: 'Sign out' }).click()
    await signIn(page, 'bora')
    // The console keeps its environment (live) across signing out and in.
    await expect(page.getByRole('radio', { name: 'Live', exact: true })).toBeChecked()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Approvals/ }).click()
    const pending = page.locator('[data-testid="approval"][data-status="pending"]').first()
    await expect(pending).toContainText(`Send real money through the provider: live …${liveKey.slice(-4)} at ${SANDBOX_URL}`)
    await pending.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByRole('dialog').getByTestId('approve-question')).toContainText('Approve Send real money through the provider: live')
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
    await expect(page.locator('[data-testid="approval"]').first()).toHaveAttribute('data-status', 'approved')

    await shell.goTo('Settings')
    await expect(panel.getByTestId('provider-mode')).toContainText('operate, approved: money requests made here go to the provider')
    shell.expectNoPageErrors()
  } finally {
    await connected.stop()
  }
})
