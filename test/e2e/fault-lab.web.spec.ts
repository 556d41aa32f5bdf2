import { expect, test } from '@playwright/test'
import { SettingsPage } from './pages/settings-page'
import { WebhooksPage } from './pages/webhooks-page'
import { collectPageErrors, openConsole } from './support/console-page'
import { sandboxApi, uniqueReference } from './support/sandbox-http'
import { startWebhookReceiver } from './support/webhook-receiver'

/**
 * The fault lab in the console: webhook faults from the Webhooks screen show in the delivery log and in
 * the banner of every screen; API faults from Settings; "Check my endpoint". Every test switches off what
 * it switched on (one sandbox serves every spec).
 */
const api = sandboxApi()

test('QA switches the duplicate fault on: the receiver gets the event twice, the attempt shows the fault, every screen shows the banner', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  const receiver = await startWebhookReceiver()
  const url = receiver.url('/ok/fault-lab')
  const webhooks = new WebhooksPage(page)
  try {
    await webhooks.open()
    const banner = page.getByTestId('fault-banner')
    await expect(banner).toBeHidden()
    const faults = page.getByRole('form', { name: 'Webhook faults' })
    await faults.getByLabel('Endpoint URL').fill(url)
    await faults.getByLabel('Duplicate').check()
    await faults.getByRole('button', { name: 'Switch faults on' }).click()
    await expect(faults.getByRole('status')).toContainText(`Faults on for ${url}`)
    await expect(banner).toContainText('Fault lab is on')
    await expect(banner).toContainText(url)

    const eventId = await webhooks.sendTestEvent(url)
    await expect.poll(() => receiver.received.filter((hook) => hook.body.id === eventId).length, { timeout: 15_000 }).toBe(2)
    // Opened once the attempt is recorded: the event's details are read fresh (not a live refresh race).
    await expect(webhooks.log.getByRole('row').filter({ has: page.getByTitle(eventId, { exact: true }) })).toContainText('Delivered')
    await webhooks.open()
    const details = await webhooks.openEvent(eventId)
    const attempt = details.getByTestId('webhook-delivery').filter({ hasText: url }).getByTestId('webhook-attempt').first()
    await expect(attempt).toContainText('fault: duplicate')

    // The banner follows QA to every screen.
    for (const path of ['/', '/transactions', '/settings']) {
      await openConsole(page, path)
      await expect(page.getByTestId('fault-banner')).toContainText('Fault lab is on')
    }

    await webhooks.open()
    await faults.getByLabel('Endpoint URL').fill(url)
    await faults.getByRole('button', { name: 'Switch off' }).click()
    await expect(page.getByTestId('fault-banner')).toBeHidden()
  } finally {
    await api.console('/console/faults/clear', { method: 'POST' })
    await receiver.close()
  }
  expect(errors).toEqual([])
})

test('QA switches an API fault on in Settings; the API answers 503 and the banner shows until it is switched off', async ({ page }) => {
  const errors = collectPageErrors(page)
  const settings = new SettingsPage(page)
  try {
    await settings.open()
    const form = page.getByRole('form', { name: 'API faults' })
    await form.getByLabel('Routes').selectOption('bankCodes.list')
    await form.getByLabel('Error rate (%)').fill('100')
    await form.getByLabel('Error status').selectOption('503')
    await form.getByRole('button', { name: 'Switch API faults on' }).click()
    await expect(form.getByRole('status')).toContainText('API faults on for bankCodes.list')
    await expect(page.getByTestId('fault-banner')).toContainText('bankCodes.list')
    expect((await api.v1('/v1/local-bank-codes?country=KE')).status).toBe(503)
    await form.getByRole('button', { name: 'Switch off for these routes' }).click()
    await expect(page.getByTestId('fault-banner')).toBeHidden()
    expect((await api.v1('/v1/local-bank-codes?country=KE')).status).toBe(200)

    // A fault on in the other environment shows too, pointing there.
    await api.console('/console/faults/api', { method: 'PUT', environment: 'live', body: { scope: 'money', faults: { latency: { minMs: 1 } } } })
    await settings.open()
    await expect(page.getByTestId('fault-banner')).toContainText('Fault lab is on in the live environment')
    await api.console('/console/faults/clear', { method: 'POST', environment: 'live' })
    await settings.open()
    await expect(page.getByTestId('fault-banner')).toBeHidden()
  } finally {
    await api.console('/console/faults/clear', { method: 'POST' })
    await api.console('/console/faults/clear', { method: 'POST', environment: 'live' })
  }
  expect(errors).toEqual([])
})

test('QA switches commit-then-error and lookup lag on: the charge answers 502 yet exists once, and the lookup misses it at first', async ({ page }) => {
  const errors = collectPageErrors(page)
  const settings = new SettingsPage(page)
  try {
    await settings.open()
    const form = page.getByRole('form', { name: 'API faults' })
    await form.getByLabel('Commit, then error (%)').fill('100')
    await form.getByLabel('Answer after the commit').selectOption('502')
    await form.getByLabel('Lookup lag (ms)').fill('3600000')
    await form.getByRole('button', { name: 'Switch API faults on' }).click()
    await expect(form.getByRole('status')).toContainText('API faults on for money')
    const banner = page.getByTestId('fault-banner')
    await expect(banner).toContainText('100% of committed requests answered 502 all the same')
    await expect(banner).toContainText('GET /v1/transaction misses transactions for 3,600 s')

    const reference = uniqueReference('commit-error')
    const charge = await api.v1('/v1/mobile/charge', { method: 'POST', body: { phoneNumber: '+254712345678', amount: 125_000, merchantTransactionId: reference } })
    expect(charge.status).toBe(502)
    expect((await api.v1(`/v1/transaction?merchantTransactionId=${reference}`)).status).toBe(404)
    await form.getByRole('button', { name: 'Switch off for these routes' }).click()
    await expect(banner).toBeHidden()
    const found = await api.v1(`/v1/transaction?merchantTransactionId=${reference}`)
    expect(found.status).toBe(200)
    expect(found.body.data.merchantTransactionId).toBe(reference)
  } finally {
    await api.console('/console/faults/clear', { method: 'POST' })
  }
  expect(errors).toEqual([])
})

test('Check my endpoint grades the default endpoint: a receiver that accepts anything is not ready', async ({ page }) => {
  test.setTimeout(60_000)
  const errors = collectPageErrors(page)
  const receiver = await startWebhookReceiver()
  const webhooks = new WebhooksPage(page)
  try {
    await webhooks.open()
    await webhooks.setDefaultEndpoint(receiver.url('/ok/doctor'))
    await page.getByRole('button', { name: 'Check my endpoint' }).click()
    const report = page.getByTestId('doctor-report')
    await expect(report).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('doctor-verdict')).toHaveText('Not ready')
    await expect(report.locator('[data-check="valid"]')).toHaveAttribute('data-result', 'pass')
    await expect(report.locator('[data-check="tampered"]')).toHaveAttribute('data-result', 'fail')
    await expect(report.locator('[data-check="unknown-type"]')).toHaveAttribute('data-result', 'pass')
    // Doctor events are marked and never become events of the sandbox. Anything else the receiver got is
    // the sandbox's own traffic to its default endpoint meanwhile (e.g. a settlement's balance.updated).
    const isDoctor = (hook: (typeof receiver.received)[number]) => (hook.body.data as { paydeskDoctor?: boolean } | null)?.paydeskDoctor === true
    expect(receiver.received.filter(isDoctor).length).toBeGreaterThanOrEqual(10)
    for (const hook of receiver.received) {
      const logged = await api.console(`/console/webhooks/events/${encodeURIComponent(hook.body.id)}`)
      expect(logged.status, `${hook.body.type} ${hook.body.id}`).toBe(isDoctor(hook) ? 404 : 200)
    }
    await webhooks.clearDefaultEndpoint()
  } finally {
    await api.console('/console/webhooks/endpoint', { method: 'PUT', body: { defaultUrl: null } })
    await receiver.close()
  }
  expect(errors).toEqual([])
})
