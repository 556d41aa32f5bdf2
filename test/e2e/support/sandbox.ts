/**
 * The sandbox the web e2e tests run against: started by playwright.config.ts's webServer with these
 * fixed credentials and an in-memory database, so every run begins from the same seeded demo data.
 */
export const SANDBOX_PORT = Number(process.env['PAYDESK_E2E_PORT'] ?? 4391)
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`
export const CONSOLE_TOKEN = 'e2e_console_token_0123456789'
export const TEST_API_KEY = 'sk_test_e2eDemoKey0123456789'
