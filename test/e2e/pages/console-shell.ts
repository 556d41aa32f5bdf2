import { join } from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { collectPageErrors, openConsole } from '../support/console-page'

export type ScreenName = 'Home' | 'Charges' | 'Payouts' | 'Bank transfers' | 'Accounts' | 'Transactions' | 'Webhooks' | 'Requests' | 'Settings'

/** "KES 1,234.56" (or "1,234.56") -> 123456 minor units, the inverse of formatMinor. */
export function minorFromText(text: string): number {
  const match = /(-?)([\d,]+)\.(\d{2})/.exec(text)
  if (!match) throw new Error(`No amount in "${text}"`)
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]))
}

/** The frame every screen shares: sidebar navigation, top bar, environment switch, screenshots. */
export class ConsoleShell {
  readonly errors: string[]
  readonly nav: Locator

  constructor(readonly page: Page) {
    this.errors = collectPageErrors(page)
    this.nav = page.getByRole('navigation', { name: 'Main' })
  }

  async open(hashPath = '/'): Promise<void> {
    await openConsole(this.page, hashPath)
    await expect(this.nav).toBeVisible()
  }

  async goTo(screen: ScreenName): Promise<void> {
    await this.nav.getByRole('link', { name: screen, exact: true }).click()
    await expect(this.heading).toHaveText(screen === 'Home' ? 'Home' : screen)
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 })
  }

  async switchEnvironment(environment: 'Test' | 'Live'): Promise<void> {
    await this.page.getByRole('radio', { name: environment }).check()
  }

  /** Full-page screenshot kept as a test artifact: test-results/screenshots/<name>.png */
  async screenshot(name: string): Promise<void> {
    // From the top: a full-page capture of a scrolled page draws the sticky sidebar at the scroll offset.
    await this.page.evaluate('window.scrollTo(0, 0)')
    await this.page.screenshot({ path: screenshotPath(name), fullPage: true })
  }

  expectNoPageErrors(): void {
    expect(this.errors, 'page errors and CSP violations').toEqual([])
  }
}

/** Where screenshots go: <outputDir>/screenshots (test-results/ by default; `--output` moves it). */
export function screenshotPath(name: string): string {
  return join(test.info().project.outputDir, 'screenshots', `${name}.png`)
}
