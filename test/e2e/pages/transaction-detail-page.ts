import { expect, type Locator, type Page } from '@playwright/test'
import { openConsole } from '../support/console-page'

/** One transaction's detail screen. */
export class TransactionDetailPage {
  readonly fields: Locator
  readonly webhooks: Locator
  readonly related: Locator
  readonly timeline: Locator

  constructor(readonly page: Page) {
    this.fields = page.getByTestId('transaction-fields')
    this.webhooks = page.getByRole('region', { name: 'Webhook attempts' })
    this.related = page.getByRole('region', { name: 'Linked transactions' })
    this.timeline = page.getByTestId('transaction-timeline')
  }

  async open(transactionId: string): Promise<void> {
    await openConsole(this.page, `/transactions/${transactionId}`)
    await this.expectLoaded(transactionId)
  }

  async expectLoaded(transactionId: string): Promise<void> {
    await expect(this.page.getByTestId('transaction-id')).toHaveText(transactionId)
    await expect(this.fields).toBeVisible()
  }

  /** The value next to a label in the Details list. */
  field(label: string): Locator {
    return this.fields.locator(`dt:text-is("${label}") + dd`)
  }

  async expectStatus(status: string, timeout = 15_000): Promise<void> {
    await expect(this.field('Status').locator('[data-status]')).toHaveAttribute('data-status', status, { timeout })
  }

  /** Reverses the charge through its confirmation dialog. */
  async reverse(narration?: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Reverse charge…' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Reverse this charge?' })
    await expect(dialog).toBeVisible()
    if (narration !== undefined) await dialog.getByLabel('Narration').fill(narration)
    await dialog.getByRole('button', { name: 'Reverse charge' }).click()
    await expect(dialog).toBeHidden()
  }
}
