import { expect, type Download, type Locator, type Page } from '@playwright/test'
import { openConsole } from '../support/console-page'

/** The Transactions screen: the top bar's Search, the filter bar, the virtualized table and its CSV export. */
export class TransactionsPage {
  /** The top bar's Search field (every screen has it); it replaced the screen's own lookup form. */
  readonly topSearch: Locator
  /** Where the top bar's Search says what it found, or that nothing matched. */
  readonly searchPopup: Locator
  readonly searchForm: Locator
  readonly table: Locator
  readonly rowCount: Locator

  constructor(readonly page: Page) {
    this.topSearch = page.getByRole('combobox', { name: 'Search' })
    this.searchPopup = page.locator('.search-box__popup')
    this.searchForm = page.getByRole('form', { name: 'Search transactions' })
    this.table = page.getByRole('table', { name: 'Transactions' })
    this.rowCount = page.locator('.data-table__count')
  }

  async open(): Promise<void> {
    await openConsole(this.page, '/transactions')
    await expect(this.page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible()
  }

  /** Types an id, merchant reference or receipt into the top bar's Search and presses Enter (a single exact match opens). */
  async lookup(text: string): Promise<void> {
    await this.topSearch.fill(text)
    await this.topSearch.press('Enter')
  }

  /** Shows the filters behind "More filters" (they open by themselves when one holds a value). */
  async openMoreFilters(): Promise<void> {
    const button = this.searchForm.getByRole('button', { name: 'More filters' })
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
  }

  async setPeriod(label: 'Today' | 'Last 7 days' | 'Last 30 days' | 'Last 90 days'): Promise<void> {
    await this.searchForm.getByLabel('Period').selectOption({ label })
  }

  async filterByCustomer(customerId: string): Promise<void> {
    await this.openMoreFilters()
    await this.searchForm.getByLabel('Customer id').fill(customerId)
  }

  async search(): Promise<void> {
    await this.searchForm.getByRole('button', { name: 'Search' }).click()
  }

  /** Transaction ids of the rows in the DOM, top to bottom (all of them below the virtualization threshold), from their links (the text is shortened). */
  async shownIds(): Promise<string[]> {
    const hrefs = await this.table.locator('tbody tr a[href^="#/transactions/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    return hrefs.map((href) => decodeURIComponent(href.replace('#/transactions/', '')))
  }

  /** Opens a row's transaction by clicking the row (not its link). */
  async openRow(transactionId: string): Promise<void> {
    await this.table.locator('tbody tr', { has: this.page.locator(`a[href="#/transactions/${transactionId}"]`) }).locator('td').first().click()
  }

  /** Clicks a column header's sort button until the header reports `direction`. */
  async sortBy(header: string, direction: 'ascending' | 'descending'): Promise<void> {
    const th = this.table.locator('thead th', { has: this.page.getByRole('button', { name: header, exact: false }) }).first()
    for (let i = 0; i < 3 && (await th.getAttribute('aria-sort')) !== direction; i++) await th.getByRole('button').click()
    await expect(th).toHaveAttribute('aria-sort', direction)
  }

  async setColumnVisible(label: string, visible: boolean): Promise<void> {
    const menu = this.page.locator('details.column-menu')
    if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click()
    await menu.getByLabel(label, { exact: true }).setChecked(visible)
    await menu.locator('summary').click()
  }

  /** Column headers left to right, as plain text. */
  async headers(): Promise<string[]> {
    return (await this.table.locator('thead th').allInnerTexts()).map((text) => text.replace(/[▲▼↕]/g, '').trim())
  }

  async exportCsv(): Promise<Download> {
    const download = this.page.waitForEvent('download')
    await this.page.getByRole('button', { name: 'Export CSV' }).click()
    return download
  }
}
