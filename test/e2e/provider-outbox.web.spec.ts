import { expect, test, type Browser } from '@playwright/test'
import { BankTransferPage } from './pages/bank-transfer-page'
import { ChargesPage } from './pages/charges-page'
import { PayoutsPage } from './pages/payouts-page'
import { seriousAxeViolations } from './support/axe'
import { collectPageErrors, labelPattern } from './support/console-page'
import { startConnectedSandbox } from './support/connected-sandbox'
import { pageOverflow } from './support/fit'
import { startServeProcess } from './support/serve-process'
import { CONSOLE_TOKEN, SANDBOX_URL, TEST_API_KEY } from './support/sandbox'

// Fits the screen people have.
test.use({ viewport: { width: 1024, height: 700 } })

test('in operate mode a payout is sent to the provider, says so with the provider\'s answer, and the Outbox shows it accepted with its attempts; a charge and a bank transfer say the same', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectPageErrors(page)
  const connected = await startConnectedSandbox(SANDBOX_URL, TEST_API_KEY, 'operate')
  try {
    await page.goto(`${connected.url}/?token=${CONSOLE_TOKEN}#/payouts`)
    const payouts = new PayoutsPage(page)
    const form = payouts.b2cForm
    await form.getByLabel(labelPattern('Recipient phone')).fill('0712345678')
    await form.getByLabel(labelPattern('Amount')).fill('1,250')
    await expect(page.getByText('Each payout is sent to the provider')).toBeVisible()
    await payouts.reviewAndConfirm(form, /^Send KES 1,250\.00/)

    // The money went to the provider: the console shows the provider's answer, not a local tracker.
    const sent = page.getByTestId('outbox-tracker')
    await expect(sent).toContainText('B2C payout sent to the provider')
    await expect(sent).toHaveAttribute('data-state', 'accepted', { timeout: 20_000 })
    await expect(sent.getByTestId('outbox-attempt').first()).toContainText('HTTP 202')
    await expect(page.getByTestId('transaction-tracker')).toHaveCount(0)

    // The sidebar lists the Outbox in operate mode.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outbox' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible()
    await expect(page.getByTestId('outbox-sender')).toContainText('Sending normally')
    const row = page.getByTestId('outbox-row').first()
    await expect(row).toHaveAttribute('data-state', 'accepted')
    await expect(row).toContainText('B2C payout')
    await expect(row).toContainText('KES 1,250.00')
    // A final row has no actions.
    await expect(row.getByRole('button', { name: 'Look it up now' })).toHaveCount(0)
    await row.getByText('What was sent and what the provider answered').click()
    await expect(row.getByLabel('What is sent on every attempt')).toContainText('"amount": 125000')
    await expect(row.getByTestId('outbox-attempt').first()).toContainText('HTTP 202')

    expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    // The provider's transaction id leads to the mirrored transaction.
    await row.getByRole('link', { name: /^txn_/ }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('B2C payout of KES 1,250.00')

    // Charges and bank transfers say the same: sent to the provider, with its answer.
    await page.goto(`${connected.url}/?token=${CONSOLE_TOKEN}#/charges`)
    const charges = new ChargesPage(page)
    await charges.fill({ phone: '0712345678', amount: '300' })
    await charges.send()
    await expect(page.getByTestId('outbox-tracker')).toContainText('Charge sent to the provider')
    await expect(page.getByTestId('outbox-tracker')).toHaveAttribute('data-state', 'accepted', { timeout: 20_000 })
    await page.goto(`${connected.url}/?token=${CONSOLE_TOKEN}#/bank-transfers`)
    const bank = new BankTransferPage(page)
    await bank.field('Sender address').fill('Moi Avenue 12, Nairobi')
    await bank.pickBank('NCBA')
    await bank.field('Beneficiary name').fill('Jane Wanjiku')
    await bank.field('Beneficiary account').fill('0123456789')
    await bank.field('Amount').fill('2,500')
    await bank.field('Narration').fill('Supplier invoice 77')
    await bank.reviewAndConfirm()
    await expect(page.getByTestId('outbox-tracker')).toContainText('Bank transfer sent to the provider')
    await expect(page.getByTestId('outbox-tracker')).toHaveAttribute('data-state', 'accepted', { timeout: 20_000 })
    expect(errors).toEqual([])
  } finally {
    await connected.stop()
  }
})

/** A charge the customer paid at the provider (the shared sandbox), once the connected Paydesk mirrors it completed. */
async function mirroredCharge(connectedUrl: string): Promise<string> {
  const made = await fetch(`${SANDBOX_URL}/v1/mobile/charge`, {
    method: 'POST', headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: '0712345678', amount: 40_000, merchantTransactionId: `e2e-rev-${Date.now()}` }),
  })
  expect(made.status).toBe(202)
  const chargeId = ((await made.json()) as { data: { transactionId: string } }).data.transactionId
  await expect.poll(async () => {
    const mirrored = await fetch(`${connectedUrl}/console/transactions/${chargeId}`, { headers: { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' } })
    return mirrored.status === 200 ? ((await mirrored.json()) as { data: { transaction: { status: string } } }).data.transaction.status : 'not mirrored'
  }, { timeout: 20_000 }).toMatch(/^(completed|settled)$/)
  return chargeId
}

test('in operate mode a reversal of a mirrored charge says it is sent to the provider, shows its answer, and the charge shows its reversal', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = collectPageErrors(page)
  const connected = await startConnectedSandbox(SANDBOX_URL, TEST_API_KEY, 'operate')
  try {
    const chargeId = await mirroredCharge(connected.url)
    await page.goto(`${connected.url}/?token=${CONSOLE_TOKEN}#/transactions/${chargeId}`)
    await page.getByRole('button', { name: 'Reverse charge…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Reverse this charge?' })
    await expect(dialog).toContainText('The reversal is sent to the provider')
    await dialog.getByRole('button', { name: 'Send to the provider' }).click()
    await expect(dialog).toBeHidden()

    const sent = page.getByTestId('outbox-tracker')
    await expect(sent).toContainText('Reversal sent to the provider')
    await expect(sent).toHaveAttribute('data-state', 'accepted', { timeout: 20_000 })
    // The mirror brings the provider's reversal, linked to its charge, and it completes there.
    const link = page.getByRole('region', { name: 'Linked transactions' }).locator('li[data-type="reversal"]')
    await expect(link).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    await expect(page.getByRole('button', { name: 'Reverse charge…' })).toBeHidden()
    expect(errors).toEqual([])
  } finally {
    await connected.stop()
  }
})

/** In a team, a maker (who sends money but decides nothing) sees *Look it up now* and no *Close…*. */
async function expectMakerCannotClose(browser: Browser, url: string): Promise<void> {
  const automation = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'content-type': 'application/json' }
  const maker = { name: 'outbox-maker', password: 'correct horse battery', role: 'maker' }
  // Sign-in may be required only with someone to manage the team.
  for (const user of [maker, { ...maker, name: 'outbox-admin', role: 'admin' }]) {
    expect((await fetch(`${url}/console/users`, { method: 'POST', headers: automation, body: JSON.stringify(user) })).status).toBeLessThan(300)
  }
  expect((await fetch(`${url}/console/team`, { method: 'PUT', headers: automation, body: JSON.stringify({ requireSignIn: true }) })).status).toBeLessThan(300)
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } })
  try {
    const page = await context.newPage()
    await page.goto(`${url}/#/provider/outbox`)
    const form = page.getByRole('form', { name: 'Sign in' })
    await form.getByLabel('Name').fill(maker.name)
    await form.getByLabel('Password').fill(maker.password)
    await form.getByRole('button', { name: 'Sign in' }).click()
    const row = page.getByTestId('outbox-row').first()
    await expect(row).toHaveAttribute('data-state', 'unknown')
    await expect(row.getByRole('button', { name: 'Look it up now' })).toBeVisible()
    await expect(row.getByRole('button', { name: 'Close…' })).toHaveCount(0)
  } finally {
    await context.close()
  }
}

test('a payout whose answer is a 500 is unknown in the Outbox; a maker may look it up but not close it; an owner closes it with a note', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const errors = collectPageErrors(page)
  // A provider of this test's own, so its fault lab troubles no other test: every money request answers 500.
  const provider = await startServeProcess('provider', ['--port', '0', '--db', ':memory:', '--console-token', CONSOLE_TOKEN, '--api-key', TEST_API_KEY, '--rate-limit', '0'])
  const connected = await startConnectedSandbox(provider.url, TEST_API_KEY, 'operate').catch(async (error: unknown) => {
    await provider.stop()
    throw error
  })
  try {
    const faults = await fetch(`${provider.url}/console/faults/api`, {
      method: 'PUT', headers: { authorization: `Bearer ${CONSOLE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scope: 'money', faults: { errorRate: { rate: 1, status: 500 } } }),
    })
    expect(faults.status).toBe(200)
    await page.goto(`${connected.url}/?token=${CONSOLE_TOKEN}#/payouts`)
    const payouts = new PayoutsPage(page)
    await payouts.b2cForm.getByLabel(labelPattern('Recipient phone')).fill('0712345678')
    await payouts.b2cForm.getByLabel(labelPattern('Amount')).fill('700')
    await payouts.reviewAndConfirm(payouts.b2cForm, /^Send KES 700\.00/)
    const sent = page.getByTestId('outbox-tracker')
    await expect(sent).toHaveAttribute('data-state', 'unknown', { timeout: 20_000 })
    await expect(sent.getByTestId('outbox-attempt').first()).toContainText('HTTP 500')

    await sent.getByRole('link', { name: 'Open the outbox' }).click()
    const row = page.getByTestId('outbox-row').first()
    await expect(row).toHaveAttribute('data-state', 'unknown')
    await expect(row.getByRole('button', { name: 'Look it up now' })).toBeVisible()
    await expectMakerCannotClose(browser, connected.url)
    await row.getByRole('button', { name: 'Close…' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Note').fill('The provider confirmed it never ran this payout.')
    await dialog.getByRole('button', { name: 'Close the row' }).click()
    await expect(dialog).toBeHidden()
    await expect(row).toHaveAttribute('data-state', 'closed')
    await expect(row).toContainText('The provider confirmed it never ran this payout.')
    await expect(row.getByRole('button', { name: 'Close…' })).toHaveCount(0)
    expect(await seriousAxeViolations(page)).toEqual([])
    expect(errors).toEqual([])
  } finally {
    await connected.stop()
    await provider.stop()
  }
})
