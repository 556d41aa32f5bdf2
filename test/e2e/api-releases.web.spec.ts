import { expect, test } from '@playwright/test'
import { SettingsPage } from './pages/settings-page'
import { collectPageErrors } from './support/console-page'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

const api = sandboxApi()

test('Settings → API keys shows each key\'s API release and pins a key to 1.0.0, which then answers the legacy balance query', async ({ page }) => {
  const errors = collectPageErrors(page)
  const settings = new SettingsPage(page)
  const label = uniqueReference('Legacy client')
  const created = await api.console('/console/keys', { method: 'POST', body: { label } })
  expect(created.status).toBe(201)
  const key = created.body.data.key as string
  try {
    await settings.open()
    const release = settings.keyRow(label).getByRole('combobox', { name: /^API release of/ })
    await expect(release).toHaveValue('')
    await expect(release.locator('option:checked')).toHaveText('Newest (1.0.2)')
    expect((await api.v1('/v1/balance?account=payouts', { apiKey: key })).status).toBe(400)

    await release.selectOption('1.0.0')
    await expect.poll(async () => (await api.console('/console/keys')).body.data.items.find((k: { label: string }) => k.label === label).apiVersion).toBe('1.0.0')
    await expect(release).toHaveValue('1.0.0')
    const legacy = await api.v1('/v1/balance?account=payouts', { apiKey: key })
    expect(legacy.status).toBe(200)
    expect(legacy.body.data.account).toBe('payouts')
    // After a reload the pin is still shown (it lives in the database, not the page).
    await page.reload()
    await expect(settings.keyRow(label).getByRole('combobox', { name: /^API release of/ })).toHaveValue('1.0.0')

    await settings.keyRow(label).getByRole('combobox', { name: /^API release of/ }).selectOption('')
    await expect.poll(async () => (await api.v1('/v1/balance?account=payouts', { apiKey: key })).status).toBe(400)
    expect(errors).toEqual([])
  } finally {
    // Leave the shared sandbox as found: the test's key goes.
    await api.console(`/console/keys/${created.body.data.id}/revoke`, { method: 'POST' })
  }
})
