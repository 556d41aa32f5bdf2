import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readCsv } from '../../shared/csv-read'
import { runCrashChild } from '../support/crash-child'
import { startTestServer, TEST_KEY, type TestServer } from '../support/harness'
import { providerCounts, setProviderFaults } from '../support/outbox-rig'
import { ALL_TIME } from './helpers'

/**
 * A bulk payout on an environment connected in operate mode, through a real crash: the connected Paydesk
 * runs in its own process against a second Paydesk (the provider) that drops 20 % of its answers after the
 * commit and fails 10 % outright; it is SIGKILLed in the middle, then started again on the same database
 * file. The provider holds exactly one payout per row (counted by merchantTransactionId), results.csv names
 * the provider's transaction of every row, and no outbox row needs review.
 */
const ROWS = 1_000
let provider: TestServer
let dir: string
beforeAll(async () => {
  provider = await startTestServer()
  dir = mkdtempSync(join(tmpdir(), 'paydesk-batch-outbox-crash-'))
})
afterAll(async () => {
  await provider.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Runs the child until the provider holds `killAt` of the rows (then SIGKILL), or to its end; answers its output. */
function runChild(dbFile: string, csvFile: string, killAt: number | null): Promise<{ end: 'killed' | 'done'; output: string }> {
  return runCrashChild('test/support/batch-outbox-crash-child.ts', [dbFile, provider.url, TEST_KEY, csvFile], provider, { prefix: 'bcrash-', killAt })
}

it(`a ${ROWS}-row bulk payout with commitThenDrop 0.2 and errorRate 0.1, SIGKILLed mid-run and restarted: each row exactly once at the provider`, async () => {
  await setProviderFaults(provider, 'money', { commitThenDrop: { rate: 0.2 }, errorRate: { rate: 0.1, status: 500 } })
  const references = Array.from({ length: ROWS }, (_, i) => `bcrash-${i}`)
  const csvFile = join(dir, 'batch.csv')
  writeFileSync(csvFile, `phoneNumber,amount,reference\n${references.map((reference, i) => `07${String(12_000_000 + i).padStart(8, '0')},${10 + i},${reference}`).join('\n')}\n`)
  const dbFile = join(dir, 'connected.db')
  expect((await runChild(dbFile, csvFile, Math.floor(ROWS / 3))).end).toBe('killed')
  const midway = await providerCounts(provider)
  expect(midway.size).toBeGreaterThan(0)
  expect(midway.size).toBeLessThan(ROWS)

  const { end, output } = await runChild(dbFile, '-', null)
  expect(end).toBe('done')
  const counts = await providerCounts(provider)
  expect(references.filter((reference) => counts.get(reference) !== 1)).toEqual([])
  const listed = (await provider.request('GET', `/v1/transactions?${ALL_TIME}&limit=10000`)).body.data.items as { merchantTransactionId: string; publicId: string }[]
  const providerId = new Map(listed.map((t) => [t.merchantTransactionId, t.publicId]))
  // Read as CSV: amounts of 1,000.00 and more are quoted and hold a comma.
  const [header, ...records] = readCsv(output.trim()).map((record) => record.fields)
  const column = (name: string) => header!.indexOf(name)
  const byReference = new Map(records.map((cells) => [cells[column('reference')]!, cells[column('transactionId')]!]))
  expect(byReference.size).toBe(ROWS)
  expect(references.filter((reference) => byReference.get(reference) !== providerId.get(reference))).toEqual([])

  const Database = (await import('better-sqlite3')).default
  const db = new Database(dbFile, { readonly: true })
  try {
    // Every row accepted: none rejected, none unknown, none needs_review.
    expect(db.prepare('SELECT state, COUNT(*) AS n FROM upstream_outbox GROUP BY state').all()).toEqual([{ state: 'accepted', n: ROWS }])
    expect(db.prepare('SELECT COUNT(*) AS n FROM payout_batch_rows WHERE outbox_id IS NOT NULL').get()).toEqual({ n: ROWS })
  } finally {
    db.close()
  }
}, 120_000)
