import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test'
import type { PaydeskBridge } from '../../shared/api/bridge'
import type { ServiceResponse } from '../../shared/api/envelope'
import { ELECTRON_SKIP_REASON, electronBinary } from './support/electron-binary'

// The desktop app end to end: the real main process, preload and window. Only the preload bridge truly
// needs Electron; everything else is covered under Node (test/service/ipc-handler.test.ts, test/unit/window-*)
// and in Chromium (the web project). Skips, saying why, where the Electron binary is absent (CI here).

const ROOT = resolve(__dirname, '../..')
const executable = electronBinary()
if (!executable) console.warn(`[electron e2e] SKIPPED: ${ELECTRON_SKIP_REASON}`)
test.skip(!executable, ELECTRON_SKIP_REASON)
test.describe.configure({ mode: 'serial' })

let app: ElectronApplication
let page: Page
let userData: string

/** A route call through the page's own bridge, exactly as the console makes it. */
function invoke(routeId: string, input: Record<string, unknown> = {}): Promise<ServiceResponse> {
  return page.evaluate(
    (request) => (globalThis as unknown as { paydesk: PaydeskBridge }).paydesk.invoke(request),
    { routeId, input, environment: 'test' as const },
  )
}

/** The test runner's environment minus one variable (ELECTRON_RUN_AS_NODE would turn Electron into plain Node). */
function environmentWithout(name: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (key !== name && value !== undefined) env[key] = value
  return env
}

test.beforeAll(async () => {
  if (!executable) return
  test.setTimeout(120_000)
  const built = spawnSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: ROOT, encoding: 'utf8' })
  expect(built.status, built.stderr).toBe(0)
  const abi = readFileSync(join(ROOT, 'node_modules/electron/abi_version'), 'utf8').trim()
  const driver = join(ROOT, 'native', `electron-v${abi}`, 'better_sqlite3.node')
  // Without it the app shows a blocking error dialog; fail fast with the fix instead of timing out.
  expect(existsSync(driver), `${driver} is missing: run \`npm run native:electron\``).toBe(true)
  userData = mkdtempSync(join(tmpdir(), 'paydesk-electron-e2e-'))
  app = await electron.launch({
    executablePath: executable,
    // Chromium refuses to run as root with its sandbox on (CI containers run as root).
    args: [ROOT, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    cwd: ROOT,
    env: { ...environmentWithout('ELECTRON_RUN_AS_NODE'), PAYDESK_USER_DATA_DIR: userData },
  })
  page = await app.firstWindow()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 })
})

test.afterAll(async () => {
  await app?.close()
  if (userData) rmSync(userData, { recursive: true, force: true })
})

test('the page gets window.paydesk (invoke, on) and nothing of Node', async () => {
  const exposed = await page.evaluate(() => ({
    bridge: Object.keys((globalThis as unknown as { paydesk: object }).paydesk).sort(),
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
  }))
  expect(exposed).toEqual({ bridge: ['invoke', 'on'], require: 'undefined', process: 'undefined' })
})

test('the console makes a charge through the UI, and the engine has it', async () => {
  const reference = `e2e-electron-${Date.now()}`
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Charges' }).click()
  const form = page.getByRole('form', { name: 'New charge' })
  await form.getByLabel('Customer phone').fill('0712345678')
  await form.getByLabel('Amount').fill('100')
  await form.getByLabel('Merchant reference').fill(reference)
  await form.getByRole('button', { name: 'Send charge prompt' }).click()
  // The page's request went over IPC to the engine; ask the engine, through the same bridge, for the result.
  await expect.poll(async () => (await invoke('transactions.get', { query: { merchantTransactionId: reference } })).status).toBe(200)
  await page.screenshot({ path: 'test-results/screenshots/electron-charge.png' })

  const found = await invoke('transactions.get', { query: { merchantTransactionId: reference } })
  expect(found.body).toMatchObject({ data: { amount: 10_000 } })
})

test('window.open is denied and the window stays alone', async () => {
  // (The tests' tsconfig has no DOM lib: page globals are reached through globalThis.)
  const opened = await page.evaluate(() => (globalThis as unknown as { open(url: string): unknown }).open('https://example.com/') === null)
  expect(opened).toBe(true)
  expect(app.windows()).toHaveLength(1)
})

test('the HTTP API runs beside the window and the console header knows its URLs', async () => {
  const info = await invoke('console.info')
  expect(info.status).toBe(200)
  const data = (info.body as { data: { httpUrl: string | null; consoleUrl: string | null } }).data
  expect(data.httpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(data.consoleUrl).toMatch(/\/\?token=/)
  expect((await fetch(`${data.httpUrl}/openapi.json`)).status).toBe(200)
})
