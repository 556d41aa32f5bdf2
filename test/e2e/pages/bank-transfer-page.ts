import { expect, type Locator, type Page } from '@playwright/test'
import { labelPattern } from '../support/console-page'

export class BankTransferPage {
  readonly form: Locator
  readonly tracker: Locator

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'New bank transfer' })
    this.tracker = page.getByTestId('transaction-tracker')
  }

  field(label: string): Locator {
    return this.form.getByLabel(labelPattern(label))
  }

  errorOf(label: string): Locator {
    return this.form.locator('.field', { has: this.page.getByLabel(labelPattern(label)) }).locator('.field__error')
  }

  /** Types in the searchable bank picker and picks the first match with the keyboard. */
  async pickBank(search: string): Promise<void> {
    const box = this.form.getByRole('combobox', { name: 'Beneficiary bank' })
    await box.fill(search)
    await box.press('Enter')
    await expect(this.form.getByTestId('selected-bank')).toContainText(search)
  }

  async reviewAndConfirm(): Promise<void> {
    await this.form.getByRole('button', { name: 'Review transfer' }).click()
    const dialog = this.page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: /^Transfer KES/ }).click()
    await expect(dialog).toBeHidden()
  }

  async expectStatus(status: string, timeoutMs = 15_000): Promise<void> {
    await expect(this.tracker).toHaveAttribute('data-status', status, { timeout: timeoutMs })
  }
}
