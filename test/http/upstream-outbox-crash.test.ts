import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
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

/** Runs the child until it has `killAt` rows accepted (then SIGKILL), or to its end; answers how it ended. */
function runChild(dbFile: string, enqueue: number, killAt: number | null): Promise<'killed' | 'done'> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/outbox-crash-child.ts', dbFile, provider.url, TEST_KEY, String(enqueue)], {
    cwd: resolve(__dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => void (errors += chunk.toString()))
  // Killed once the provider holds `killAt` of its payouts: in the middle of the run, requests in flight.
  const atProvider = provider.service.internals.store.db.prepare("SELECT COUNT(*) AS n FROM transactions WHERE merchant_transaction_id LIKE 'crash-%'")
  const watch = killAt === null ? undefined : setInterval(() => {
    if ((atProvider.get() as { n: number }).n >= killAt) child.kill('SIGKILL')
  }, 5)
  return new Promise((done, fail) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()))
    child.on('exit', (code, signal) => {
      clearInterval(watch)
      if (signal === 'SIGKILL') return done('killed')
      if (code === 0 && output.includes('done')) return done('done')
      fail(new Error(`the outbox process ended with ${code ?? signal}: ${errors.slice(-2000)}`))
    })
  })
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
