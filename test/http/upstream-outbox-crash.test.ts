import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runCrashChild } from '../support/crash-child'
import { startTestServer, TEST_KEY, type TestServer } from '../support/harness'
import { providerCounts, setProviderFaults } from '../support/outbox-rig'

/**
 * Never twice, never lost, through a real crash: a downstream outbox in its own process sends 200 payouts
 * to a second Paydesk that drops 20 % of its answers after the commit and fails 10 % outright; it is
 * SIGKILLed in the middle, then started again on the same database file. The provider holds exactly one
 * payout per reference, every row is accepted, none needs review.
 */
const ROWS = 200
let provider: TestServer
let dir: string
beforeAll(async () => {
  provider = await startTestServer()
  dir = mkdtempSync(join(tmpdir(), 'paydesk-outbox-crash-'))
})
afterAll(async () => {
  await provider.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Runs the child until the provider holds `killAt` of its payouts (then SIGKILL), or to its end; answers how it ended. */
async function runChild(dbFile: string, enqueue: number, killAt: number | null): Promise<'killed' | 'done'> {
  return (await runCrashChild('test/support/outbox-crash-child.ts', [dbFile, provider.url, TEST_KEY, String(enqueue)], provider, { prefix: 'crash-', killAt })).end
}

it(`${ROWS} payouts with commitThenDrop 0.2 and errorRate 0.1, SIGKILLed mid-run and restarted: each exactly once at the provider`, async () => {
  await setProviderFaults(provider, 'money', { commitThenDrop: { rate: 0.2 }, errorRate: { rate: 0.1, status: 500 } })
  const dbFile = join(dir, 'downstream.db')
  expect(await runChild(dbFile, ROWS, 70)).toBe('killed')
  const midway = await providerCounts(provider)
  expect(midway.size).toBeGreaterThan(0)
  expect(midway.size).toBeLessThan(ROWS)

  expect(await runChild(dbFile, 0, null)).toBe('done')
  const counts = await providerCounts(provider)
  const references = Array.from({ length: ROWS }, (_, i) => `crash-${i}`)
  expect(references.filter((ref) => counts.get(ref) !== 1)).toEqual([])
  const Database = (await import('better-sqlite3')).default
  const db = new Database(dbFile, { readonly: true })
  try {
    expect(db.prepare('SELECT state, COUNT(*) AS n FROM upstream_outbox GROUP BY state').all()).toEqual([{ state: 'accepted', n: ROWS }])
  } finally {
    db.close()
  }
}, 120_000)
