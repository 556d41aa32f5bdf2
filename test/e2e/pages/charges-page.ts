import { expect, type Locator, type Page } from '@playwright/test'
import { labelPattern } from '../support/console-page'

export interface ChargeInput {
  phone: string
  amount: string
  narration?: string
  reference?: string
  metadata?: Record<string, string>
}

export class ChargesPage {
  readonly form: Locator
  readonly tracker: Locator

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'New charge' })
    this.tracker = page.getByTestId('transaction-tracker')
  }

  field(label: string): Locator {
    return this.form.getByLabel(labelPattern(label))
  }

  async fill(input: ChargeInput): Promise<void> {
    await this.field('Customer phone').fill(input.phone)
    await this.field('Amount').fill(input.amount)
    if (input.narration !== undefined) await this.field('Narration').fill(input.narration)
    if (input.reference !== undefined) await this.field('Merchant reference').fill(input.reference)
    let row = 0
    for (const [key, value] of Object.entries(input.metadata ?? {})) {
      row += 1
      await this.form.getByRole('button', { name: 'Add metadata' }).click()
      await this.field(`Key ${row}`).fill(key)
      await this.field(`Value ${row}`).fill(value)
    }
  }

  async send(): Promise<void> {
    await this.form.getByRole('button', { name: 'Send charge prompt' }).click()
  }

  /** The error text shown under a field (its aria-describedby), e.g. errorOf('Merchant reference'). */
  errorOf(label: string): Locator {
    return this.form.locator('.field', { has: this.page.getByLabel(labelPattern(label)) }).locator('.field__error')
  }

  async expectStatus(status: string, timeoutMs = 15_000): Promise<void> {
    await expect(this.tracker).toHaveAttribute('data-status', status, { timeout: timeoutMs })
  }
}
