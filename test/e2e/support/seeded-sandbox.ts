import { CONSOLE_TOKEN, TEST_API_KEY } from './sandbox'
import { startServeProcess, type ServeProcess } from './serve-process'

/**
 * A second sandbox for tests that need a big history (10,000+ transactions), so the shared one keeps its
 * small, fast data set: `paydesk serve --seed-transactions N` on a fresh in-memory database and a free
 * port, with the shared sandbox's credentials. It serves the same dist-web the shared webServer built.
 */
export function startSeededSandbox(transactions: number): Promise<ServeProcess> {
  return startServeProcess('seeded sandbox', [
    '--port', '0', '--db', ':memory:', '--seed-transactions', String(transactions),
    '--console-token', CONSOLE_TOKEN, '--api-key', TEST_API_KEY, '--rate-limit', '0', '--simulator', 'fast',
  ])
}
