import type { Page } from '@playwright/test'
import { CONSOLE_TOKEN } from './sandbox'

/**
 * Errors the page reported: uncaught exceptions and console errors, including CSP violations
 * ("Refused to …"), which must never happen with the console's strict policy.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    // Expected answers the console handles itself (a 4xx shown on screen) are not page errors.
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return
    // index.html carries CONSOLE_CSP verbatim as a meta tag; browsers ignore (and mention) its frame-ancestors
    // there, which the HTTP header enforces instead.
    if (text.includes("'frame-ancestors' is ignored when delivered via a <meta> element")) return
    errors.push(`console: ${text}`)
  })
  return errors
}

/** Opens the console the way a user does: the printed Console URL, with the token in the query. */
export async function openConsole(page: Page, hashPath = '/'): Promise<void> {
  await page.goto(`/?token=${CONSOLE_TOKEN}#${hashPath}`)
}

/**
 * A form control by its visible label, ignoring the marks the console adds to labels: " *" for
 * required fields and " (optional)" for optional ones.
 */
export function labelPattern(label: string): RegExp {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${escaped}(?: \\*| \\(optional\\))?$`)
}
