import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../electron/service/db/connection'
import { createStore } from '../../electron/service/db/store'
import { CONSOLE_TOKEN, TEST_KEY } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'
import { ALL_TIME, b2bBody, b2cBody, bankTransferBody, chargeBody } from './helpers'
import { SETTINGS } from '../../electron/service/db/settings-registry'

/**
 * The real CLI, killed with SIGKILL while the simulator is half-way through a batch, then restarted on the
 * same database file: every accepted transaction still reaches exactly one final state.
 */

const ROOT = resolve(__dirname, '../..')
const HOUR = 3_600_000

interface Cli {
  child: ChildProcess
  url: string
  exited: Promise<number | null>
}

const running = new Set<ChildProcess>()
let dir: string | undefined
afterEach(() => {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

function startCli(dbFile: string): Promise<Cli> {
  const child = spawn(process.execPath, [
    '--import', 'tsx', 'electron/cli/index.ts', 'serve', '--port', '0', '--db', dbFile, '--api-key', TEST_KEY,
    '--console-token', CONSOLE_TOKEN, '--rate-limit', '0',
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => {
    running.delete(child)
    done(code)
  }))
  return new Promise((ready, fail) => {
    let output = ''
    const timer = setTimeout(() => fail(new Error(`the CLI did not start within 30 s:\n${output}`)), 30_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /API base URL\s+(http:\/\/\S+)\/v1/.exec(output)
      if (match) {
        clearTimeout(timer)
        ready({ child, url: match[1]!, exited })
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    void exited.then((code) => {
      clearTimeout(timer)
      fail(new Error(`the CLI exited (${code}) before it was ready:\n${output}`))
    })
  })
}

async function call(cli: Cli, method: string, path: string, body?: unknown, token = TEST_KEY): Promise<{ status: number; body: any }> {
  const response = await fetch(cli.url + path, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

async function accept(cli: Cli, path: string, body: unknown): Promise<string> {
  const response = await call(cli, 'POST', path, body)
  expect(response.status, JSON.stringify(response.body)).toBe(202)
  return response.body.data.transactionId as string
}

async function statuses(cli: Cli): Promise<Map<string, string>> {
  const response = await call(cli, 'GET', `/v1/transactions?${ALL_TIME}`)
  expect(response.status).toBe(200)
  return new Map((response.body.data.items as { publicId: string; status: string }[]).map((t) => [t.publicId, t.status]))
}

/** Polls (the CLI ticks on its own real-time timer) until `done` holds, or fails at the deadline. */
async function until(what: string, cli: Cli, done: (current: Map<string, string>) => boolean, deadlineMs = 20_000): Promise<Map<string, string>> {
  const deadline = Date.now() + deadlineMs
  for (;;) {
    const current = await statuses(cli)
    if (done(current)) return current
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify([...current])}`)
    await new Promise((next) => setTimeout(next, 50))
  }
}

async function consoleCall(cli: Cli, method: string, path: string, body?: unknown) {
  const response = await call(cli, method, path, body, CONSOLE_TOKEN)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.data
}

const FINAL = new Set(['completed', 'failed', 'settled'])

describe('killing the CLI mid-way', () => {
  it('every accepted transaction reaches exactly one final state after SIGKILL and restart', async () => {
    dir = mkdtempSync(join(tmpdir(), 'paydesk-kill-'))
    const dbFile = join(dir, 'paydesk.db')

    // Realistic timings spread the answers over a minute, so a clock jump makes only part of the batch due.
    let cli = await startCli(dbFile)
    await consoleCall(cli, 'PUT', '/console/simulator', { mode: 'realistic' })
    const payouts = (await call(cli, 'GET', '/v1/accounts?type=payouts&scope=default')).body.data.items[0].accountNo as string
    const charges: string[] = []
    const accepted: string[] = []
    for (let i = 0; i < 16; i++) charges.push(await accept(cli, '/v1/mobile/charge', chargeBody({ amount: 10_000 + i * 100, ...(i % 5 === 4 ? { phoneNumber: '254700000001' } : {}) })))
    for (let i = 0; i < 6; i++) accepted.push(await accept(cli, '/v1/mobile/b2c', b2cBody()))
    for (let i = 0; i < 4; i++) accepted.push(await accept(cli, '/v1/mobile/b2b', b2bBody()))
    for (let i = 0; i < 4; i++) accepted.push(await accept(cli, '/v1/local-bank-transfer', bankTransferBody(payouts)))
    accepted.push(...charges)

    await consoleCall(cli, 'POST', '/console/simulator/advance', { ms: 9_000 })
    const snapshot = await until('part of the batch to finish', cli, (s) => accepted.some((id) => FINAL.has(s.get(id)!)))
    cli.child.kill('SIGKILL')
    await cli.exited
    const finishedBeforeKill = accepted.filter((id) => FINAL.has(snapshot.get(id)!))
    expect(finishedBeforeKill.length).toBeLessThan(accepted.length)

    cli = await startCli(dbFile)
    const afterRestart = await statuses(cli)
    for (const id of finishedBeforeKill) expect(FINAL.has(afterRestart.get(id)!), `${id} stayed final`).toBe(true)
    await consoleCall(cli, 'POST', '/console/simulator/advance', { ms: 2 * 60_000 })
    await until('every transaction to finish', cli, (s) => accepted.every((id) => FINAL.has(s.get(id)!)))
    // Realistic settlement is next-day.
    await consoleCall(cli, 'POST', '/console/simulator/advance', { ms: 25 * HOUR })
    const settled = await until('every completed charge to settle', cli, (s) => charges.every((id) => s.get(id) !== 'completed'))

    // Reversals of the settled charges, killed half-way too.
    const reversible = charges.filter((id) => settled.get(id) === 'settled')
    const reversals: string[] = []
    for (const id of reversible) reversals.push(await accept(cli, '/v1/mobile/reverse', { transactionId: id }))
    await consoleCall(cli, 'POST', '/console/simulator/advance', { ms: 5_000 })
    await until('some reversals to finish', cli, (s) => reversals.some((id) => FINAL.has(s.get(id)!)))
    cli.child.kill('SIGKILL')
    await cli.exited

    cli = await startCli(dbFile)
    await consoleCall(cli, 'POST', '/console/simulator/advance', { ms: 60_000 })
    await until('every reversal to finish', cli, (s) => reversals.every((id) => FINAL.has(s.get(id)!)))
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)

    const store = createStore(openDatabase(dbFile))
    try {
      const organizationId = store.settings.get(SETTINGS.demoOrganizationId)!
      for (const publicId of [...accepted, ...reversals]) {
        const row = store.transactions.getByPublicId(organizationId, 'test', publicId)!
        const timeline = store.transactions.events(row.id).map((e) => e.status)
        const results = timeline.filter((s) => s === 'completed' || s === 'failed')
        expect(results, `${row.type} ${publicId}: ${timeline.join(' > ')}`).toHaveLength(1)
        expect(timeline[0]).toBe('pending')
        expect(timeline.filter((s) => s === 'settled').length).toBe(row.type === 'charge' && results[0] === 'completed' ? 1 : 0)
        expect(timeline.at(-1)).toBe(row.status)
        const resultEvents = store.webhooks.eventsOfTransaction(row.id)
          .filter((e) => ['transaction.succeeded', 'transaction.failed', 'payout.succeeded', 'payout.failed'].includes(e.type))
        expect(resultEvents.length, `${publicId} result webhooks`).toBe(row.type === 'reversal' && row.status === 'completed' ? 0 : 1)
      }
      expect(ledgerViolations(store)).toEqual([])
    } finally {
      store.db.close()
    }
  }, 120_000)
})
