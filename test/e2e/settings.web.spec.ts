import { expect, test } from '@playwright/test'
import { SettingsPage } from './pages/settings-page'
import { collectPageErrors } from './support/console-page'
import { SANDBOX_URL } from './support/sandbox'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

const api = sandboxApi()

test('an API key is created (secret shown once), works, and stops working once revoked', async ({ page }) => {
  const errors = collectPageErrors(page)
  const settings = new SettingsPage(page)
  const label = uniqueReference('Checkout service')
  await settings.open()
  const key = await settings.createKey(label)
  await expect(page.getByTestId('new-api-key')).toContainText('it will not be shown again')
  await expect(page.getByRole('button', { name: `Copy API key: ${key}` })).toBeVisible()
  expect((await api.v1('/v1/accounts', { apiKey: key })).status).toBe(200)
  await expect(settings.keyRow(label)).toContainText('Active')
  await page.screenshot({ path: 'test-results/screenshots/settings.png', fullPage: true })

  // Once dismissed, the secret is gone from the page for good: only its prefix is listed.
  await page.getByRole('button', { name: 'I have stored it' }).click()
  await expect(page.getByText(key)).toHaveCount(0)
  await expect(settings.keyRow(label)).toContainText(key.slice(0, 12))

  await settings.revokeKey(label)
  await expect(settings.keyRow(label)).toContainText('Revoked')
  await expect(settings.keyRow(label).getByRole('button', { name: /^Revoke/ })).toHaveCount(0)
  expect((await api.v1('/v1/accounts', { apiKey: key })).status).toBe(401)
  expect(errors).toEqual([])
})

test('the simulator mode switch, clock advance and settle-now act on the sandbox', async ({ page }) => {
  const errors = collectPageErrors(page)
  const settings = new SettingsPage(page)
  try {
    await settings.open()
    await settings.setSimulatorMode('Realistic')
    await expect(page.getByText('Simulator: realistic')).toBeVisible()
    expect((await api.console('/console/simulator')).body.data.mode).toBe('realistic')
    await settings.setSimulatorMode('Fast')
    await expect(page.getByText('Simulator: fast')).toBeVisible()
    expect((await api.console('/console/simulator')).body.data.mode).toBe('fast')

    await page.getByRole('button', { name: 'Pause' }).click()
    await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible()
    expect((await api.console('/console/simulator')).body.data.paused).toBe(true)
    await page.getByRole('button', { name: 'Resume' }).click()
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()

    const offsetBefore = (await api.console('/console/simulator')).body.data.clockOffsetMs as number
    await page.getByRole('button', { name: 'Advance the clock by 30 s' }).click()
    await expect(page.getByText('Clock moved forward by 30 s.')).toBeVisible()
    expect((await api.console('/console/simulator')).body.data.clockOffsetMs).toBeGreaterThanOrEqual(offsetBefore + 30_000)

    await page.getByRole('button', { name: 'Settle all now' }).click()
    await expect(page.getByText(/^Settled \d+ charges?\.$/)).toBeVisible()
  } finally {
    await api.console('/console/simulator', { method: 'PUT', body: { mode: 'fast', paused: false } })
  }
  expect(errors).toEqual([])
})

test('the environment switch, the API URL, the fee tariff and a sandbox reset (in live, so test data stays)', async ({ page }) => {
  const errors = collectPageErrors(page)
  const settings = new SettingsPage(page)
  await settings.open()
  await expect(page.getByTestId('current-api-url')).toContainText(`${SANDBOX_URL}/v1`)
  await expect(page.getByTestId('charge-fee')).toContainText('%')

  await settings.setEnvironment('Live')
  await expect(page.getByText('You are in the live environment')).toBeVisible()
  await expect(page.getByRole('region', { name: 'API keys (live)' })).toBeVisible()
  await page.getByRole('button', { name: 'Reset live data…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reset the live sandbox?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Erase live data' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('reset-result')).toContainText(/^Reset live: removed \d+ transactions; balances restored\.$/)

  await settings.setEnvironment('Test')
  await expect(page.getByText('You are in the live environment')).toBeHidden()
  expect(errors).toEqual([])
})
