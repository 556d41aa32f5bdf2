import { expect, type Locator, type Page } from '@playwright/test'
import { ConsoleShell } from './console-shell'
import { labelPattern } from '../support/console-page'

/** Developers → Requests: the API request log, its filters, and one request's screen. */
export class RequestsPage {
  readonly shell: ConsoleShell
  readonly filters: Locator
  readonly table: Locator

  constructor(readonly page: Page) {
    this.shell = new ConsoleShell(page)
    this.filters = page.getByRole('form', { name: 'Filter requests' })
    this.table = page.getByRole('table', { name: 'API requests' })
  }

  async open(): Promise<void> {
    await this.shell.open('/')
    await this.shell.goTo('Requests')
  }

  /** Shows only the request with this id (the X-Request-Id of its answer). */
  async filterByRequestId(requestId: string): Promise<void> {
    await this.filters.getByLabel(labelPattern('Request id')).fill(requestId)
    await this.filters.getByRole('button', { name: 'Filter', exact: true }).click()
  }

  async clearFilters(): Promise<void> {
    await this.filters.getByRole('button', { name: 'Clear' }).click()
  }

  /** The row of a request (its request id is shown in full). */
  row(requestId: string): Locator {
    return this.table.getByRole('row').filter({ hasText: requestId })
  }

  /** Opens a listed request; resolves on its own screen. */
  async openRequest(requestId: string): Promise<void> {
    await this.row(requestId).click()
    await expect(this.page.getByTestId('request-id')).toHaveText(requestId)
  }

  /** The "Copy as curl" text of the open request. */
  async curl(): Promise<string> {
    return (await this.page.getByTestId('request-curl').textContent()) ?? ''
  }
}
