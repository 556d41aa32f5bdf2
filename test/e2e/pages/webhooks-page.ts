import { expect, type Locator, type Page } from '@playwright/test'
import { openConsole } from '../support/console-page'

/** The Webhooks screen: default endpoint, test event, signing secret and the event log. */
export class WebhooksPage {
  readonly endpointForm: Locator
  readonly testForm: Locator
  readonly log: Locator
  readonly selectedEvent: Locator

  constructor(readonly page: Page) {
    this.endpointForm = page.getByRole('form', { name: 'Default endpoint' })
    this.testForm = page.getByRole('form', { name: 'Send a test event' })
    this.log = page.getByRole('table', { name: 'Webhook events' })
    this.selectedEvent = page.getByRole('region', { name: /^Webhook event evt_/ })
  }

  async open(): Promise<void> {
    await openConsole(this.page, '/webhooks')
    await expect(this.page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
  }

  async setDefaultEndpoint(url: string): Promise<void> {
    await this.endpointForm.getByLabel('Endpoint URL').fill(url)
    await this.endpointForm.getByRole('button', { name: 'Save' }).click()
    await expect(this.page.getByTestId('default-endpoint')).toContainText(url)
  }

  async clearDefaultEndpoint(): Promise<void> {
    await this.endpointForm.getByRole('button', { name: 'Clear' }).click()
    await expect(this.page.getByTestId('default-endpoint')).toContainText('No default endpoint')
  }

  async sendTestEvent(url?: string): Promise<string> {
    if (url !== undefined) await this.testForm.getByLabel('Send to').fill(url)
    await this.testForm.getByRole('button', { name: 'Send test event' }).click()
    const status = this.testForm.getByRole('status')
    await expect(status).toContainText('Test event evt_')
    return /(evt_[0-9a-z]+)/.exec((await status.textContent()) ?? '')![1]!
  }

  /**
   * Opens an event of the log by clicking its row, found by the full id (the cell shows a shortened id,
   * and ids begin with their creation time, so events made within a second share the visible prefix).
   */
  async openEvent(eventId: string): Promise<Locator> {
    await this.page.getByRole('row').filter({ has: this.page.getByTitle(eventId, { exact: true }) }).click()
    const details = this.page.getByTestId('webhook-event').and(this.page.locator(`[data-event-id="${eventId}"]`))
    await expect(details).toBeVisible()
    return details
  }

  async filterByTransaction(transactionId: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Filter webhook events' })
    await form.getByLabel('Transaction id').fill(transactionId)
    await form.getByRole('button', { name: 'Filter' }).click()
  }
}

/** Resends the event shown in `details`, to its original URL or to `url`. */
export async function resend(details: Locator, url?: string): Promise<void> {
  const disclosure = details.locator('details', { has: details.page().locator('summary', { hasText: /^Resend/ }) })
  if ((await disclosure.getAttribute('open')) === null) await disclosure.locator('summary').click()
  const form = details.getByRole('form', { name: /^Resend / })
  if (url === undefined) {
    await form.getByLabel(/^Original URL/).check()
  } else {
    await form.getByLabel('Another URL').check()
    await form.getByRole('textbox', { name: 'URL', exact: true }).fill(url)
  }
  await form.getByRole('button', { name: 'Resend event' }).click()
  await expect(form.getByRole('status')).toContainText('Resend scheduled to')
}
