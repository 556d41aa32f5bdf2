import { defineConfig } from '@playwright/test'
import { CONSOLE_TOKEN, SANDBOX_PORT, SANDBOX_URL, TEST_API_KEY } from './test/e2e/support/sandbox'

// Debian's Chromium (apt-get install chromium): Playwright cannot download its own browsers here.
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: './test/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  // One sandbox with one database: tests that move money would race each other's balances.
  workers: 1,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: SANDBOX_URL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'web', testMatch: /.*\.web\.spec\.ts/, use: { viewport: { width: 1360, height: 900 } } },
    // Owned by the desktop engineer: needs `electron-vite build` and the Electron binary; skips itself when absent.
    { name: 'electron', testMatch: /.*\.electron\.spec\.ts/ },
  ],
  webServer: {
    // Builds dist-web when the renderer changed, then the headless host serves it at / next to the API.
    command: [
      'node scripts/build-web-if-stale.mjs &&',
      `node --import tsx electron/cli/index.ts serve --port ${SANDBOX_PORT} --db :memory:`,
      `--console-token ${CONSOLE_TOKEN} --api-key ${TEST_API_KEY} --rate-limit 0 --simulator fast`,
    ].join(' '),
    url: `${SANDBOX_URL}/openapi.json`,
    reuseExistingServer: !process.env['CI'],
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
