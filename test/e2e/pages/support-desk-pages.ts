import { expect, type Download, type Locator, type Page } from '@playwright/test'
import { openConsole } from '../support/console-page'

/** The top bar's Search, on every screen. */
export class TopSearch {
  readonly input: Locator
  readonly results: Locator
  readonly popup: Locator

  constructor(readonly page: Page) {
    this.input = page.getByRole('combobox', { name: 'Search' })
    this.results = page.getByRole('listbox', { name: 'Search results' })
    this.popup = page.locator('.search-box__popup')
  }

  /** Focuses the field with its keyboard shortcut and types, as a support agent on a call would. */
  async type(text: string): Promise<void> {
    await this.page.locator('body').press('/')
    await expect(this.input).toBeFocused()
    await this.input.pressSequentially(text)
  }

  option(text: string | RegExp): Locator {
    return this.results.getByRole('option').filter({ hasText: text })
  }

  /** Moves the highlight with the arrow keys until `target` is the active option, then presses Enter. */
  async choose(target: Locator): Promise<void> {
    await expect(target).toBeVisible()
    for (let i = 0; i < 30 && (await target.getAttribute('aria-selected')) !== 'true'; i++) await this.input.press('ArrowDown')
    await expect(target).toHaveAttribute('aria-selected', 'true')
    await this.input.press('Enter')
  }
}

export class CustomerPage {
  readonly totals: Locator
  readonly failures: Locator
  readonly table: Locator

  constructor(readonly page: Page) {
    this.totals = page.getByRole('list', { name: 'Customer totals' }).or(page.locator('dl.customer-totals'))
    this.failures = page.getByRole('list', { name: 'Failure reasons' })
    this.table = page.getByRole('table', { name: 'Customer transactions' })
  }

  async expectLoaded(phoneNumber: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: `Customer ${phoneNumber}` })).toBeVisible()
  }

  total(label: string): Locator {
    return this.page.locator('dl.customer-totals').locator(`div:has(> dt:text-is("${label}")) > dd`).first()
  }
}

export class StatementsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await openConsole(this.page, '/statements')
    await expect(this.page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible()
  }

  closing(bucket: 'available' | 'pending'): Locator {
    return this.page.getByTestId(`closing-${bucket}`)
  }

  reconciliation(): Locator {
    return this.page.locator('.notice').filter({ hasText: /Reconciled|DOES NOT RECONCILE/ })
  }

  async download(format: 'CSV' | 'PDF'): Promise<Download> {
    const download = this.page.waitForEvent('download')
    await this.page.getByRole('button', { name: `Download ${format}` }).click()
    return download
  }
}
