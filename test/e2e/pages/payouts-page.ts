import { expect, type Locator, type Page } from '@playwright/test'
import { minorFromText } from './console-shell'

export class PayoutsPage {
  readonly tracker: Locator

  constructor(readonly page: Page) {
    this.tracker = page.getByTestId('transaction-tracker')
  }

  get b2cForm(): Locator {
    return this.page.getByRole('form', { name: 'New B2C payout' })
  }

  get b2bForm(): Locator {
    return this.page.getByRole('form', { name: 'New B2B payment' })
  }

  async chooseB2b(): Promise<void> {
    await this.page.getByRole('radio', { name: 'To a till or paybill (B2B)' }).check()
  }

  async floatAvailable(): Promise<number> {
    const value = this.page.getByTestId('float-available')
    await expect(value).toBeVisible()
    return minorFromText(await value.innerText())
  }

  async quoteFee(): Promise<number> {
    return minorFromText(await this.page.getByTestId('quote-fee').innerText())
  }

  async quoteTotal(): Promise<number> {
    return minorFromText(await this.page.getByTestId('quote-total').innerText())
  }

  /** Opens the review dialog and confirms it. */
  async reviewAndConfirm(form: Locator, confirmName: RegExp): Promise<void> {
    await form.getByRole('button', { name: /^Review/ }).click()
    const dialog = this.page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: confirmName }).click()
    await expect(dialog).toBeHidden()
  }

  async expectStatus(status: string, timeoutMs = 15_000): Promise<void> {
    await expect(this.tracker).toHaveAttribute('data-status', status, { timeout: timeoutMs })
  }
}
