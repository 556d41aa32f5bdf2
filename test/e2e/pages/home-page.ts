import { expect, type Locator, type Page } from '@playwright/test'
import { minorFromText } from './console-shell'

export class HomePage {
  constructor(readonly page: Page) {}

  balanceCard(accountName: RegExp | string): Locator {
    return this.page.getByRole('list', { name: 'Account balances' }).getByRole('listitem').filter({ hasText: accountName })
  }

  /** Available balance of an account card, in minor units (waits for the cards to load). */
  async available(accountName: RegExp | string): Promise<number> {
    const value = this.balanceCard(accountName).getByTestId('available')
    await expect(value).toBeVisible()
    return minorFromText(await value.innerText())
  }

  get recentActivity(): Locator {
    return this.page.getByRole('table', { name: 'Recent transactions' })
  }
}
