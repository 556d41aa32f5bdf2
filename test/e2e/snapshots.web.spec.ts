import { expect, test } from '@playwright/test'
import { collectPageErrors, openConsole } from './support/console-page'
import { sandboxApi, uniqueReference } from './support/sandbox-http'

const api = sandboxApi()

// The snapshot is taken inside this test, so restoring it rewinds only this test's own charge: the shared sandbox stays as other specs expect.
test('Settings → Snapshots saves the sandbox and a restore puts it back (a charge made after the snapshot is gone)', async ({ page }) => {
  const errors = collectPageErrors(page)
  const name = uniqueReference('e2e').replace(/[^A-Za-z0-9_.-]/g, '-')
  await openConsole(page, '/settings')
  try {
    const form = page.getByRole('form', { name: 'Save a snapshot' })
    await form.getByLabel('Snapshot name').fill('../escape')
    await form.getByRole('button', { name: 'Save snapshot' }).click()
    await expect(form.getByText(/letters, digits/)).toBeVisible()
    await form.getByLabel('Snapshot name').fill(name)
    await form.getByRole('button', { name: 'Save snapshot' }).click()
    const table = page.getByRole('table', { name: 'Snapshots' })
    await expect(table.getByRole('row').filter({ hasText: name })).toBeVisible()

    // An integration charges after the snapshot...
    const reference = uniqueReference('after-snapshot')
    const chargeId = await api.charge({ merchantTransactionId: reference })
    expect((await api.v1(`/v1/transaction?transactionId=${chargeId}`)).status).toBe(200)

    // ... and the restore takes the sandbox back to before it.
    await page.getByRole('button', { name: `Restore ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Restore ${name}?` })
    await dialog.getByRole('button', { name: 'Restore snapshot' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('snapshot-result')).toContainText(`Restored ${name}`)
    expect((await api.v1(`/v1/transaction?transactionId=${chargeId}`)).status).toBe(404)
    // The console token and the test key still work: the console keeps running on the restored sandbox.
    expect((await api.console('/console/info')).status).toBe(200)
    await page.reload()
    await expect(page.getByRole('table', { name: 'Snapshots' }).getByRole('row').filter({ hasText: name })).toBeVisible()
    expect(errors).toEqual([])
  } finally {
    await api.console(`/console/snapshots/${name}`, { method: 'DELETE' })
  }
})
