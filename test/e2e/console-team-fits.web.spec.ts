import { expect, test, type Page } from '@playwright/test'
import { seriousAxeViolations } from './support/axe'
import { collectPageErrors } from './support/console-page'
import { expectTopBarFits, pageOverflow } from './support/fit'
import { sandboxApi, uniqueReference } from './support/sandbox-http'
import { SANDBOX_URL } from './support/sandbox'

// Team mode's screens at 1024×700, as its people use them: the sign-in page, the top bar with who is
// signed in, the Approvals inbox and Settings → Team fit the window, and axe-core finds nothing serious or
// critical on any of them. Sign-in is required for these tests only, and switched off again after them.
test.use({ viewport: { width: 1024, height: 700 } })
const api = sandboxApi()
const PASSWORD = 'correct horse battery'
const suffix = Date.now().toString(36)
// A name as long as people's are: the top bar must still fit.
const ADMIN = `Wanjiku Kamau-Odhiambo ${suffix}`
const MAKER = `maker-${suffix}`

async function ok(answer: Promise<{ status: number; body: unknown }>): Promise<{ status: number; body: any }> {
  const result = await answer
  expect(result.status, JSON.stringify(result.body)).toBeLessThan(300)
  return result as { status: number; body: any }
}

test.beforeAll(async () => {
  await ok(api.console('/console/users', { method: 'POST', body: { name: ADMIN, password: PASSWORD, role: 'admin' } }))
  await ok(api.console('/console/users', { method: 'POST', body: { name: MAKER, password: PASSWORD, role: 'maker' } }))
  await ok(api.console('/console/approval-policy', { method: 'PUT', body: { rules: [{ action: 'b2c', environment: 'any', minAmount: 0, approvals: 1 }] } }))
  // The maker's payout, held for approval: the inbox has a pending request to decide.
  const session = await fetch(`${SANDBOX_URL}/console/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: MAKER, password: PASSWORD }) })
  const token = ((await session.json()) as { data: { token: string } }).data.token
  const held = await fetch(`${SANDBOX_URL}/v1/mobile/b2c`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Paydesk-Environment': 'test', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ phoneNumber: '254712345678', amount: 1_234_500, merchantTransactionId: uniqueReference('held-fits'), narration: 'Supplier payment for November' }),
  })
  expect(held.status, await held.clone().text()).toBe(202)
  await ok(api.console('/console/team', { method: 'PUT', body: { requireSignIn: true } }))
})
test.afterAll(async () => {
  // Nothing of this test is left waiting in the inbox other tests read.
  const open = await ok(api.console('/console/approvals?status=pending'))
  for (const approval of open.body.data.items as { id: string; requestedBy: { name: string } }[]) {
    if (approval.requestedBy.name === MAKER) await ok(api.console(`/console/approvals/${approval.id}/reject`, { method: 'POST', body: { reason: 'test over' } }))
  }
  await ok(api.console('/console/team', { method: 'PUT', body: { requireSignIn: false } }))
  await ok(api.console('/console/approval-policy', { method: 'PUT', body: { rules: [] } }))
})

/** The screen fits the window's width and axe-core finds nothing serious or critical on it. */
async function expectFitsAndAccessible(page: Page, screen: string): Promise<void> {
  expect(await pageOverflow(page), `${screen}: page wider than the window`).toBeLessThanOrEqual(0)
  expect(await seriousAxeViolations(page), screen).toEqual([])
}

test('sign-in, the top bar with who is signed in, Approvals and Settings → Team fit 1024×700 and pass axe', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  await page.goto('/#/approvals')
  const form = page.getByRole('form', { name: 'Sign in' })
  await expect(form).toBeVisible()
  await expect(form.getByRole('button', { name: 'Sign in' })).toBeInViewport({ ratio: 1 })
  await expectFitsAndAccessible(page, 'sign-in')
  await form.getByLabel('Name').fill(ADMIN)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign in' }).click()

  const user = page.getByTestId('signed-in-user')
  await expect(user).toContainText(ADMIN)
  await expect(user.getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 })
  await expect(page.getByTestId('approvals-count')).toBeInViewport({ ratio: 1 })
  await expectTopBarFits(page)

  // Approvals: the pending request's amount, requester and both decisions are on screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible()
  const pending = page.locator('[data-testid="approval"][data-status="pending"]', { hasText: MAKER }).first()
  await expect(pending).toContainText('12,345.00')
  for (const name of ['Approve', 'Reject…']) await expect(pending.getByRole('button', { name })).toBeInViewport({ ratio: 1 })
  await expectFitsAndAccessible(page, 'approvals')
  const id = await pending.getAttribute('data-approval-id')
  await pending.getByRole('button', { name: 'Reject…' }).click()
  await expect(pending.getByRole('button', { name: 'Reject', exact: true })).toBeInViewport({ ratio: 1 })
  await expectFitsAndAccessible(page, 'approvals, rejecting')
  await pending.getByLabel('Reason').fill('Not this month')
  await pending.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(page.locator(`[data-approval-id="${id}"]`)).toHaveAttribute('data-status', 'rejected')

  // Settings → Team: the users' table stays inside its panel, with every user's role and status control.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click()
  const users = page.getByRole('table', { name: 'Users' })
  await users.scrollIntoViewIfNeeded()
  await expect(users.locator('tr', { hasText: ADMIN })).toBeVisible()
  expect(await users.evaluate((table) => {
    const panel = table.closest('section') ?? table.parentElement!
    return table.getBoundingClientRect().right - panel.getBoundingClientRect().right
  })).toBeLessThanOrEqual(0)
  await expect(page.getByRole('combobox', { name: `Role of ${MAKER}` })).toBeVisible()
  await expectFitsAndAccessible(page, 'settings')
  expect(errors).toEqual([])
})
