import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { ConsoleShell } from './pages/console-shell'
import { PayoutsPage } from './pages/payouts-page'
import { labelPattern } from './support/console-page'
import { CONSOLE_TOKEN } from './support/sandbox'

// A merchant's team in the browser: sign-in, a maker's payout held for approval, an approver's approval,
// and the payout completing. Sign-in is required for this test only (through the API, as automation),
// and switched off again after it.

const PASSWORD = 'correct horse battery'
const suffix = Date.now().toString(36)
const MAKER = `maker-${suffix}`
const APPROVER = `approver-${suffix}`
const automation = { authorization: `Bearer ${CONSOLE_TOKEN}` }

async function api(request: APIRequestContext, method: 'post' | 'put', path: string, data: unknown): Promise<void> {
  const response = await request[method](path, { headers: automation, data })
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300)
}

test.beforeAll(async ({ request }) => {
  await api(request, 'post', '/console/users', { name: `admin-${suffix}`, password: PASSWORD, role: 'admin' })
  await api(request, 'post', '/console/users', { name: MAKER, password: PASSWORD, role: 'maker' })
  await api(request, 'post', '/console/users', { name: APPROVER, password: PASSWORD, role: 'approver' })
  await api(request, 'put', '/console/approval-policy', { rules: [{ action: 'b2c', environment: 'any', minAmount: 100_000, approvals: 1 }] })
  await api(request, 'put', '/console/team', { requireSignIn: true })
})
test.afterAll(async ({ request }) => {
  await api(request, 'put', '/console/team', { requireSignIn: false })
  await api(request, 'put', '/console/approval-policy', { rules: [] })
})

async function signIn(page: Page, name: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' })
  await expect(form).toBeVisible()
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('signed-in-user')).toContainText(name)
}

test('sign in, a maker\'s payout waits for an approver, and completes once approved', async ({ page }) => {
  const shell = new ConsoleShell(page)
  await page.goto('/#/')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  // Wrong credentials: refused without saying which part.
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Name').fill(MAKER)
  await form.getByLabel('Password').fill('not the password')
  await form.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toContainText('The name or the password is not right.')
  await shell.screenshot('team-sign-in')
  await signIn(page, MAKER)

  // The maker moves money but decides nothing: Payouts is there, no Approve button anywhere.
  await shell.goTo('Payouts')
  const payouts = new PayoutsPage(page)
  await payouts.b2cForm.getByLabel(labelPattern('Recipient phone')).fill('0712345678')
  await payouts.b2cForm.getByLabel(labelPattern('Amount')).fill('2,500')
  const reference = payouts.b2cForm.getByLabel(labelPattern('Merchant reference'))
  const heldReference = await reference.getAttribute('placeholder')
  await payouts.reviewAndConfirm(payouts.b2cForm, /^Send KES 2,500\.00/)
  await expect(page.getByTestId('held-notice')).toContainText('Sent for approval')
  // The held payout keeps its reference: the form draws a new one, as after a sent payout.
  await expect(reference).not.toHaveAttribute('placeholder', heldReference!)
  await expect(page.getByTestId('approvals-count')).toHaveText('1')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Approvals/ }).click()
  const row = page.getByTestId('approval').first()
  await expect(row).toHaveAttribute('data-status', 'pending')
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  await shell.screenshot('team-maker-sent-for-approval')

  await page.getByTestId('signed-in-user').getByRole('button', { name: 'Sign out' }).click()
  await signIn(page, APPROVER)
  // An approver moves no money: the money screens are not listed.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payouts', exact: true })).toHaveCount(0)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Approvals/ }).click()
  const pending = page.locator('[data-testid="approval"][data-status="pending"]').first()
  await expect(pending).toContainText(MAKER)
  await expect(pending).toContainText('2,500.00')
  // What the maker confirmed: the recipient, the name the name check gives it, the fee and the reference.
  await expect(pending.getByTestId('approval-summary')).toContainText('+254712345678')
  await expect(pending.getByTestId('approval-summary')).toContainText(heldReference!)
  await shell.screenshot('team-approvals-inbox')
  const id = await pending.getAttribute('data-approval-id')
  await pending.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('dialog').getByTestId('approve-question')).toContainText('Approve B2C payout of KES 2,500.00 to')
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
  const approved = page.locator(`[data-approval-id="${id}"]`)
  await expect(approved).toHaveAttribute('data-status', 'approved')
  await approved.getByRole('link', { name: /^txn_/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('[data-status="completed"]').first()).toBeVisible({ timeout: 15_000 })
  await shell.screenshot('team-payout-completed')
  shell.expectNoPageErrors()
})

test('a user disabled while signed in sees the sign-in page at once, without a click', async ({ page, request }) => {
  const created = await request.post('/console/users', { headers: automation, data: { name: `leaver-${suffix}`, password: PASSWORD, role: 'support' } })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()).data as { id: string }
  await page.goto('/#/')
  await signIn(page, `leaver-${suffix}`)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0)
  // The owner disables them elsewhere: their event stream ends with the session, and the console, refused
  // when it reconnects, asks who it is and shows the sign-in page (no click, no reload).
  await api(request, 'put', `/console/users/${id}`, { disabled: true })
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 })
})
