import { expect, type Locator, type Page } from '@playwright/test'
import { openConsole } from '../support/console-page'

/** The Settings screen. */
export class SettingsPage {
  readonly keysTable: Locator

  constructor(readonly page: Page) {
    this.keysTable = page.getByRole('table', { name: /^API keys/ })
  }

  async open(): Promise<void> {
    await openConsole(this.page, '/settings')
    await expect(this.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  }

  /** Creates a key and returns its secret, read from the one-time notice. */
  async createKey(label: string): Promise<string> {
    const form = this.page.getByRole('form', { name: 'Create an API key' })
    await form.getByLabel('Label').fill(label)
    await form.getByRole('button', { name: 'Create key' }).click()
    const value = this.page.getByTestId('new-api-key-value')
    await expect(value).toHaveText(/^sk_test_/)
    return (await value.textContent())!
  }

  keyRow(label: string): Locator {
    return this.keysTable.getByRole('row').filter({ hasText: label })
  }

  async revokeKey(label: string): Promise<void> {
    await this.keyRow(label).getByRole('button', { name: /^Revoke/ }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Revoke this API key?' })
    await expect(dialog).toContainText(label)
    await dialog.getByRole('button', { name: 'Revoke key' }).click()
    await expect(dialog).toBeHidden()
  }

  async setSimulatorMode(mode: 'Fast' | 'Realistic' | 'Interactive'): Promise<void> {
    await this.page.getByRole('group', { name: 'Mode' }).getByRole('radio', { name: new RegExp(`^${mode}`) }).check()
  }

  async setEnvironment(environment: 'Test' | 'Live'): Promise<void> {
    await this.page.getByRole('region', { name: 'Environment' }).getByRole('radio', { name: new RegExp(`^${environment}`) }).check()
  }
}
