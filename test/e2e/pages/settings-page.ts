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

  // These radios show the server's state: a click asks for a change and the radio follows the answer.
  // `check()` asserts the state the instant its click returns, which raced that round trip on a busy CI
  // machine once; a click and a waiting assertion say what a user sees: the choice ends up selected.
  async setSimulatorMode(mode: 'Fast' | 'Realistic' | 'Interactive'): Promise<void> {
    const radio = this.page.getByRole('group', { name: 'Mode' }).getByRole('radio', { name: new RegExp(`^${mode}`) })
    await radio.click()
    await expect(radio).toBeChecked()
  }

  async setEnvironment(environment: 'Test' | 'Live'): Promise<void> {
    const radio = this.page.getByRole('region', { name: 'Environment' }).getByRole('radio', { name: new RegExp(`^${environment}`) })
    await radio.click()
    await expect(radio).toBeChecked()
  }
}
