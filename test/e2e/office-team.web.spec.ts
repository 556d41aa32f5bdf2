import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { ConsoleShell } from './pages/console-shell'
import { PayoutsPage } from './pages/payouts-page'
import { seriousAxeViolations } from './support/axe'
import { labelPattern } from './support/console-page'
import { pageOverflow } from './support/fit'
import { CONSOLE_TOKEN } from './support/sandbox'
import { sandboxApi } from './support/sandbox-http'

// The office's people at 1024×700 in team mode: what a held request says before and after Send, the
// screens a role cannot use, and approval decisions. Sign-in is required for these tests only.
test.use({ viewport: { width: 1024, height: 700 } })

const PASSWORD = 'correct horse battery'
const suffix = Date.now().toString(36)
const MAKER = `bookkeeper-${suffix}`
const SUPPORT = `agent-${suffix}`
const APPROVER = `approver-${suffix}`
const SECOND = `approver2-${suffix}`
const automation = { authorization: `Bearer ${CONSOLE_TOKEN}` }

async function api(request: APIRequestContext, method: 'post' | 'put' | 'get', path: string, data?: unknown): Promise<any> {
  const response = await request[method](path, { headers: automation, ...(data === undefined ? {} : { data }) })
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300)
  return (await response.json()).data
}

test.beforeAll(async ({ request }) => {
  for (const [name, role] of [[`owner-${suffix}`, 'admin'], [MAKER, 'maker'], [SUPPORT, 'support'], [APPROVER, 'approver'], [SECOND, 'approver']]) {
    await api(request, 'post', '/console/users', { name, password: PASSWORD, role })
  }
  await api(request, 'put', '/console/approval-policy', { rules: [{ action: 'b2c', environment: 'any', minAmount: 0, approvals: 2 }] })
  await api(request, 'put', '/console/team', { requireSignIn: true })
})
test.afterAll(async ({ request }) => {
  const open = await api(request, 'get', '/console/approvals?status=pending')
  for (const approval of open.items as { id: string; requestedBy: { name: string } }[]) {
    if (approval.requestedBy.name === MAKER) await api(request, 'post', `/console/approvals/${approval.id}/reject`, { reason: 'test over' })
  }
  await api(request, 'put', '/console/team', { requireSignIn: false })
  await api(request, 'put', '/console/approval-policy', { rules: [] })
})

async function signIn(page: Page, name: string, path = '/'): Promise<ConsoleShell> {
  const shell = new ConsoleShell(page)
  await page.goto(`/#${path}`)
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('signed-in-user')).toContainText(name)
  return shell
}

/** A maker's B2C the policy holds, sent from the form; answers the payouts page. */
async function sendHeldB2c(page: Page, amount: string): Promise<PayoutsPage> {
  const payouts = new PayoutsPage(page)
  await payouts.b2cForm.getByLabel(labelPattern('Recipient phone')).fill('0712345678')
  await payouts.b2cForm.getByLabel(labelPattern('Amount')).fill(amount)
  await payouts.b2cForm.getByRole('button', { name: /^Review/ }).click()
  return payouts
}

test('a payout the policy will hold says so before Send, and the held notice is brought into view after it', async ({ page }) => {
  const shell = await signIn(page, MAKER, '/payouts')
  await shell.goTo('Payouts')
  await sendHeldB2c(page, '1,250')
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('needs-approval')).toHaveText('Needs approval by 2 people; no money moves until then.')
  await expect(dialog).not.toContainText('reserved')
  await dialog.getByRole('button', { name: /^Send KES 1,250\.00/ }).click()
  await expect(page.getByTestId('held-notice')).toBeInViewport()
  await expect(page.getByTestId('held-notice')).toContainText('Sent for approval')
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  expect(await seriousAxeViolations(page)).toEqual([])
  shell.expectNoPageErrors()
})

test('roles shape the screens: a typed URL says whom to ask, the API requests panel and the float move are left out', async ({ page }) => {
  const chargeId = await sandboxApi().charge({ merchantTransactionId: `roles-${suffix}` })
  const shell = await signIn(page, SUPPORT, '/payouts')
  await expect(page.getByTestId('role-cannot')).toHaveText('Your role (support) cannot send payouts; ask an owner, admin or maker.')
  await expect(page.getByRole('form', { name: 'New B2C payout' })).toHaveCount(0)
  expect(await seriousAxeViolations(page)).toEqual([])
  await page.goto(`/#/transactions/${chargeId}`)
  await expect(shell.heading).toContainText('Charge')
  await expect(page.getByRole('heading', { name: 'API requests' })).toHaveCount(0)
  await page.goto('/#/requests')
  await expect(page.getByTestId('role-cannot')).toHaveText('Your role (support) cannot read the API request log; ask an owner, admin or developer.')
  await page.getByTestId('signed-in-user').getByRole('button', { name: 'Sign out' }).click()
  await signIn(page, MAKER, '/')
  await expect(page.getByRole('list').filter({ has: page.getByRole('listitem', { name: /^Float of/ }) }).getByTestId('role-cannot').first())
    .toHaveText('Your role (maker) cannot move money from collections to payouts; ask an owner, admin or developer.')
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  shell.expectNoPageErrors()
})

test('approval decisions cannot slip: asked once with what is approved, the card stays put, focus stays in it', async ({ page }) => {
  let shell = await signIn(page, MAKER, '/payouts')
  for (const amount of ['25,000', '3,100']) {
    await sendHeldB2c(page, amount)
    await page.getByRole('dialog').getByRole('button', { name: /^Send KES/ }).click()
    await expect(page.getByTestId('held-notice')).toContainText(`KES ${amount}.00`)
  }
  await page.getByTestId('signed-in-user').getByRole('button', { name: 'Sign out' }).click()
  shell = await signIn(page, APPROVER, '/approvals')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Approvals/ }).click()
  const cards = page.getByTestId('approval')
  const big = cards.filter({ hasText: '25,000.00' }).filter({ hasText: MAKER })
  const small = cards.filter({ hasText: '3,100.00' }).filter({ hasText: MAKER })
  const ids = async () => cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-approval-id')))
  const before = await ids()
  await big.getByRole('button', { name: 'Approve' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('approve-question')).toHaveText(/^Approve B2C payout of KES 25,000\.00 to [A-Z' ]+, \+254712345678\?$/)
  expect(await seriousAxeViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await expect(big.getByTestId('you-approved')).toHaveText('You approved; waiting for another approver.')
  await expect(big.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  await small.getByRole('button', { name: 'Reject…' }).click()
  await small.getByLabel('Reason').fill('Not in the plan')
  await small.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(small).toHaveAttribute('data-status', 'rejected')
  await expect(small).toBeFocused()
  expect(await ids()).toEqual(before)
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  shell.expectNoPageErrors()
})
