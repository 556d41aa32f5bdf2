import { expect, type Download, type Locator, type Page } from '@playwright/test'

/** Payouts -> Bulk: the upload panel, the batches list, and one batch's summary, actions and rows. */
export class BulkPayoutsPage {
  readonly rows: Locator
  readonly summary: Locator

  constructor(readonly page: Page) {
    this.rows = page.getByRole('table', { name: 'Rows of the batch' })
    this.summary = page.getByTestId('batch-summary')
  }

  async upload(fileName: string, csv: string): Promise<void> {
    await this.page.getByLabel('Payout file', { exact: true }).setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(fileName.replace(/\.csv$/, ''))
  }

  /** Body rows of the rows table, as their cells' text. */
  async rowTexts(): Promise<string[][]> {
    await expect(this.rows.locator('tbody tr').first()).toBeVisible()
    return this.rows.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())))
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Submit batch' }).click()
    const dialog = this.page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: /^Pay \d+ rows?$/ }).click()
    await expect(dialog).toBeHidden()
  }

  async expectStatus(label: string, timeoutMs = 20_000): Promise<void> {
    await expect(this.summary.locator('dd').first()).toHaveText(label, { timeout: timeoutMs })
  }

  async download(buttonName: string): Promise<Download> {
    const download = this.page.waitForEvent('download')
    await this.page.getByRole('button', { name: buttonName }).click()
    return download
  }
}
