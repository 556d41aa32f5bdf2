import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'

/** axe-core's browser build, read once from node_modules. */
let source: string | undefined
function axeSource(): string {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
  return source
}

export interface AxeProblem {
  rule: string
  impact: string
  nodes: string[]
}

/**
 * Runs axe-core on the page as it is and returns its serious and critical violations (rule, impact, the
 * first few offending nodes). axe is evaluated through the DevTools protocol (page.evaluate), which the
 * page's Content-Security-Policy does not govern, so the console is tested under the same strict policy
 * its users get: no inline script is added and no test weakens the CSP.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeProblem[]> {
  const loaded = await page.evaluate('typeof globalThis.axe === "object"')
  if (!loaded) await page.evaluate(axeSource())
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { resultTypes: ['violations'] })
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ rule: violation.id, impact: violation.impact ?? '', nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }))
  })
}
