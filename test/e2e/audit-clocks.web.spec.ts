import { expect, test } from '@playwright/test'
import { collectPageErrors } from './support/console-page'
import { expectColumnsShown, pageOverflow } from './support/fit'
import { CONSOLE_TOKEN, TEST_API_KEY } from './support/sandbox'
import { startServeProcess, type ServeProcess } from './support/serve-process'

// The audit log's When is the real time an entry was recorded; the simulated time shows beside it only where
// QA moved the simulated clock away. The clock is moved on a sandbox of this file's own, not the shared one.
const DAY_MS = 24 * 60 * 60 * 1000
let sandbox: ServeProcess

test.beforeAll(async () => {
  sandbox = await startServeProcess('audit clocks sandbox', [
    '--port', '0', '--db', ':memory:', '--console-token', CONSOLE_TOKEN, '--api-key', TEST_API_KEY, '--rate-limit', '0', '--simulator', 'fast',
  ])
})
test.afterAll(async () => {
  await sandbox?.stop()
})

async function consolePost(path: string, body: unknown): Promise<{ status: number; data: { id?: string } }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST', headers: { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test', 'content-type': 'application/json' }, body: JSON.stringify(body),
  })
  return { status: response.status, data: ((await response.json()) as { data: { id?: string } }).data }
}

test('an entry made after the simulated clock moved days ahead shows its real time, the simulated one beside it', async ({ page }) => {
  const errors = collectPageErrors(page)
  const before = await consolePost('/console/keys', { label: 'before the clock moved' })
  expect(before.status).toBe(201)
  expect((await consolePost('/console/simulator/advance', { ms: 2 * DAY_MS })).status).toBe(200)
  const after = await consolePost('/console/keys', { label: 'after the clock moved' })
  expect(after.status).toBe(201)

  await page.setViewportSize({ width: 1024, height: 700 })
  await page.goto(`${sandbox.url}/?token=${CONSOLE_TOKEN}#/audit`)
  const table = page.getByRole('table', { name: 'Audit log' })
  const when = (keyId: string) => table.locator('tbody tr', { hasText: keyId }).filter({ hasText: 'API key created' }).locator('td').first()

  const moved = when(after.data.id!)
  await expect(moved).toContainText('simulated')
  const [real, simulated] = await moved.locator('time').evaluateAll((times) => times.map((t) => Date.parse(t.getAttribute('datetime')!)))
  expect(Math.abs(real! - Date.now())).toBeLessThan(5 * 60_000)
  expect(simulated! - real!).toBeGreaterThanOrEqual(2 * DAY_MS - 5 * 60_000)
  // Made before the clock moved: the two clocks agree, so one time is shown.
  const unmoved = when(before.data.id!)
  await expect(unmoved.locator('time')).toHaveCount(1)
  await expect(unmoved).not.toContainText('simulated')

  // The second line keeps the table's key columns in view at 1024.
  await expectColumnsShown(table, ['When', 'Who', 'Action', 'Target', 'Details'])
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  expect(errors).toEqual([])
})
