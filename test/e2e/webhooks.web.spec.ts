import { expect, test } from '@playwright/test'
import { resend, WebhooksPage } from './pages/webhooks-page'
import { collectPageErrors } from './support/console-page'
import { sandboxApi } from './support/sandbox-http'
import { closedPortUrl, startWebhookReceiver } from './support/webhook-receiver'

const api = sandboxApi()

test('QA sets the default endpoint, sends a test event, reads its attempts, and resends it to another URL and the original', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  const receiver = await startWebhookReceiver()
  const deadUrl = await closedPortUrl()
  const webhooks = new WebhooksPage(page)
  try {
    await webhooks.open()
    // Only http(s) URLs are accepted, with the schema's message under the field.
    await webhooks.endpointForm.getByLabel('Endpoint URL').fill('ftp://example.com/hooks')
    await webhooks.endpointForm.getByRole('button', { name: 'Save' }).click()
    await expect(webhooks.endpointForm.getByText('must be an absolute http(s) URL')).toBeVisible()
    await webhooks.setDefaultEndpoint(receiver.url('/ok'))

    const eventId = await webhooks.sendTestEvent()
    const details = await webhooks.openEvent(eventId)
    const original = details.getByTestId('webhook-delivery').filter({ hasText: receiver.url('/ok') })
    await expect(original).toHaveAttribute('data-status', 'succeeded')
    await expect(original.getByTestId('webhook-attempt').first()).toContainText('HTTP 200')
    await expect(original.getByTestId('webhook-attempt').first()).toContainText('received')

    // Resend to a URL where nothing listens: the new delivery shows the failed attempt and why.
    await resend(details, deadUrl)
    const dead = details.getByTestId('webhook-delivery').filter({ hasText: deadUrl })
    await expect(dead.getByTestId('webhook-attempt').first()).toContainText('No answer', { timeout: 15_000 })
    await expect(dead.locator('.webhook-attempt__error').first()).not.toBeEmpty()

    // Resend to the original URL: the receiver gets the same event id a second time.
    await resend(details)
    await expect.poll(() => receiver.received.filter((hook) => hook.body.id === eventId).length, { timeout: 15_000 }).toBe(2)
    await expect(details.getByTestId('webhook-delivery')).toHaveCount(3)

    // The log filters by event type.
    await page.getByRole('form', { name: 'Filter webhook events' }).getByLabel('Event type').selectOption('test.event')
    await page.getByRole('form', { name: 'Filter webhook events' }).getByRole('button', { name: 'Filter' }).click()
    await expect(webhooks.log.locator('tbody tr').first()).toContainText('test.event')
    await expect(webhooks.log.locator('tbody tr').filter({ hasNotText: 'test.event' })).toHaveCount(0)
    // Opening an event scrolled it into view; the full-page screenshot starts from the top.
    await page.evaluate('window.scrollTo(0, 0)')
    await page.screenshot({ path: 'test-results/screenshots/webhooks.png', fullPage: true })

    await webhooks.clearDefaultEndpoint()
  } finally {
    await api.console('/console/webhooks/endpoint', { method: 'PUT', body: { defaultUrl: null } })
    await receiver.close()
  }
  expect(errors).toEqual([])
})

test('the signing secret is hidden until revealed, and rotating it asks first and shows the overlap', async ({ page }) => {
  const errors = collectPageErrors(page)
  const webhooks = new WebhooksPage(page)
  await webhooks.open()
  const secret = page.getByTestId('webhook-secret')
  await expect(secret).not.toContainText('whsec_A')
  await expect(secret).toHaveText(/^whsec_•+$/)
  await page.getByRole('button', { name: 'Reveal' }).click()
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]{20,}$/)
  const before = await secret.textContent()

  await page.getByRole('button', { name: 'Rotate secret…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Keep signing with the old secret for').selectOption({ label: '1 hour' })
  await dialog.getByRole('button', { name: 'Rotate secret' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('secret-overlap')).toContainText('The previous secret also signs every webhook until')
  // Both clocks: the overlap ends in real time; the simulated clock's reading of that moment is shown too.
  await expect(page.getByTestId('secret-overlap')).toContainText('on your clock')
  await expect(page.getByTestId('secret-overlap-simulated').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)
  await page.getByRole('button', { name: 'Reveal' }).click()
  await expect(secret).toHaveText(/^whsec_/)
  expect(await secret.textContent()).not.toBe(before)
  expect(errors).toEqual([])
})

test('QA chooses the events the default endpoint takes: shown, kept after a reload, and back to every event', async ({ page }) => {
  const errors = collectPageErrors(page)
  const webhooks = new WebhooksPage(page)
  try {
    await webhooks.open()
    await webhooks.endpointForm.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hooks')
    const events = webhooks.endpointForm.getByRole('group', { name: 'Events sent to the default endpoint' })
    await expect(events.getByLabel('Every event')).toBeChecked()
    await events.getByLabel('Only these events').check()
    // Every event but balance.updated is ticked to start with; untick all but one.
    await expect(events.getByRole('checkbox', { name: 'balance.updated' })).not.toBeChecked()
    for (const type of ['transaction.failed', 'transaction.creation_failed', 'transaction.reversed', 'payout.succeeded', 'payout.failed']) {
      await events.getByRole('checkbox', { name: type }).uncheck()
    }
    await events.getByRole('checkbox', { name: 'transaction.succeeded' }).uncheck()
    await webhooks.endpointForm.getByRole('button', { name: 'Save' }).click()
    // None ticked: the schema's message, nothing saved.
    await expect(events.getByRole('alert')).toContainText('must name at least one event')
    await events.getByRole('checkbox', { name: 'transaction.succeeded' }).check()
    await webhooks.endpointForm.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByTestId('default-endpoint-events')).toHaveText('transaction.succeeded')
    expect((await api.console('/console/webhooks/endpoint')).body.data.events).toEqual(['transaction.succeeded'])

    await page.reload()
    await expect(page.getByTestId('default-endpoint-events')).toHaveText('transaction.succeeded')
    await expect(events.getByRole('checkbox', { name: 'transaction.succeeded' })).toBeChecked()
    await events.getByLabel('Every event').check()
    await webhooks.endpointForm.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByTestId('default-endpoint-events')).toHaveText('every event, balance.updated included')
  } finally {
    await api.console('/console/webhooks/endpoint', { method: 'PUT', body: { defaultUrl: null } })
  }
  expect(errors).toEqual([])
})
