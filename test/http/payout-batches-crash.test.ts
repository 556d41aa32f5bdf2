import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from '../../electron/service/db/connection'
import { createStore } from '../../electron/service/db/store'
import { killHard, startCli, stopGracefully, type CliHost } from '../support/cli-process'
import { CONSOLE_TOKEN, TEST_KEY } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'

/**
 * Never paid twice: the real CLI on a database file, SIGKILLed twice in the middle of a bulk payout run
 * and restarted each time. The batch resumes by itself (no call after the restart), every row ends with
 * exactly one payout, and the payouts float moved by exactly the completed rows' amounts + fees.
 */

const ROWS = 3_000
let dir: string | undefined
const hosts: CliHost[] = []
afterEach(async () => {
  for (const host of hosts.splice(0)) await killHard(host)
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

async function start(dbFile: string): Promise<CliHost> {
  const host = await startCli(['--db', dbFile, '--api-key', TEST_KEY, '--console-token', CONSOLE_TOKEN, '--rate-limit', '0', '--simulator', 'fast'])
  hosts.push(host)
  return host
}

async function call(host: CliHost, method: string, path: string, body?: unknown, token = CONSOLE_TOKEN): Promise<any> {
  const response = await fetch(host.url + path, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const parsed = await response.json() as { data?: unknown }
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(parsed)}`)
  return parsed.data
}

/** Rows of the batch by state, read from the file as the killed process left it (SQLite recovers the WAL). */
function statesOnDisk(dbFile: string, batchId: string): { queued: number; sent: number; orphans: number } {
  const db = new Database(dbFile)
  try {
    const counts = db.prepare(`SELECT COALESCE(SUM(r.state = 'queued'), 0) AS queued, COALESCE(SUM(r.state = 'sent'), 0) AS sent FROM payout_batch_rows r
      JOIN payout_batches b ON b.id = r.batch_id WHERE b.public_id = ?`).get(batchId) as { queued: number; sent: number }
    // A payout of the batch that no row names: what a crash between the payout and its row would leave.
    const orphans = db.prepare(`SELECT COUNT(*) AS n FROM transactions t WHERE json_extract(t.metadata, '$.payoutBatchId') = ?
      AND NOT EXISTS (SELECT 1 FROM payout_batch_rows r WHERE r.transaction_id = t.id)`).get(batchId) as { n: number }
    return { ...counts, orphans: orphans.n }
  } finally {
    db.close()
  }
}

/** Polls the list (progress counts, no rows) until `ready` says the run is where the test wants it. */
async function waitFor(host: CliHost, batchId: string, ready: (batch: any) => boolean, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const batch = (await call(host, 'GET', '/console/payout-batches')).items.find((item: any) => item.id === batchId)
    if (ready(batch)) return batch
    if (Date.now() > deadline) throw new Error(`batch ${batchId} never got there: ${JSON.stringify(batch)}`)
    await new Promise((wait) => setTimeout(wait, 10))
  }
}

const midRun = (sentAtLeast: number) => (batch: any) => batch.status === 'running' && batch.progress.queued > 0 && batch.totals.validRows - batch.progress.queued >= sentAtLeast

it('SIGKILL twice mid-run: the batch resumes by itself, every row has exactly one payout, the float moved by completed amounts + fees', async () => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-batch-crash-'))
  const dbFile = join(dir, 'paydesk.db')
  let host = await start(dbFile)
  const account = (await call(host, 'GET', '/v1/accounts?type=payouts&scope=default', undefined, TEST_KEY)).items[0]
  await call(host, 'POST', '/console/funds/top-up', { accountNo: account.accountNo, amount: 100_000_000 })
  const floatBefore = (await call(host, 'GET', '/v1/accounts?type=payouts&scope=default', undefined, TEST_KEY)).items[0].available as number
  const lines = Array.from({ length: ROWS }, (_, i) => i % 10 === 9
    ? `bank,,,01,${String(1_000_000 + i)},Supplier ${i},${100 + (i % 50)},crash-${i}`
    : `mobile,07${String(10_000_000 + i).slice(-8)},,,,,${100 + (i % 90)},crash-${i}`)
  const batch = await call(host, 'POST', '/console/payout-batches', { name: 'Crash run', csv: `type,phoneNumber,accountName,bankCode,accountNumber,narration,amount,reference\n${lines.join('\n')}` })
  expect(batch.totals.validRows).toBe(ROWS)
  await call(host, 'POST', `/console/payout-batches/${batch.id}/submit`, {})

  // First kill: some rows sent, most still queued.
  await waitFor(host, batch.id, midRun(1))
  await killHard(host)
  const first = statesOnDisk(dbFile, batch.id)
  expect(first.queued).toBeGreaterThan(0)
  expect(first.sent).toBeGreaterThan(0)
  expect(first.orphans).toBe(0)

  // Second kill, after the restarted host sent more on its own.
  host = await start(dbFile)
  await waitFor(host, batch.id, midRun(first.sent + 1))
  await killHard(host)
  const second = statesOnDisk(dbFile, batch.id)
  expect(second.sent).toBeGreaterThan(first.sent)
  expect(second.queued).toBeGreaterThan(0)
  expect(second.orphans).toBe(0)

  host = await start(dbFile)
  const done = await waitFor(host, batch.id, (item) => item.status === 'completed' || item.status === 'completed_with_failures', 90_000)
  expect(done.progress.completed + done.progress.failed).toBe(ROWS)
  const floatAfter = (await call(host, 'GET', '/v1/accounts?type=payouts&scope=default', undefined, TEST_KEY)).items[0].available as number
  expect(await stopGracefully(host)).toBe(0)

  const db = openDatabase(dbFile)
  try {
    const payoutsPerLine = new Map<number, number>()
    const payouts = db.prepare(`SELECT json_extract(metadata, '$.payoutBatchLine') AS line, COUNT(*) AS n FROM transactions
      WHERE json_extract(metadata, '$.payoutBatchId') = ? GROUP BY line`).all(batch.id) as { line: number; n: number }[]
    for (const { line, n } of payouts) payoutsPerLine.set(line, n)
    const rows = db.prepare(`SELECT r.line, r.state FROM payout_batch_rows r JOIN payout_batches b ON b.id = r.batch_id WHERE b.public_id = ?`)
      .all(batch.id) as { line: number; state: string }[]
    expect(rows).toHaveLength(ROWS)
    expect(payoutsPerLine.size).toBe(ROWS)
    expect(rows.filter((row) => row.state !== 'sent' || payoutsPerLine.get(row.line) !== 1)).toEqual([])
    const completed = db.prepare(`SELECT COALESCE(SUM(t.amount + t.fees), 0) AS total, COUNT(*) AS n FROM transactions t
      WHERE json_extract(t.metadata, '$.payoutBatchId') = ? AND t.status = 'completed'`).get(batch.id) as { total: number; n: number }
    expect(completed.n).toBe(done.progress.completed)
    expect(floatBefore - floatAfter).toBe(completed.total)
    expect(ledgerViolations(createStore(db))).toEqual([])
  } finally {
    db.close()
  }
}, 240_000)
