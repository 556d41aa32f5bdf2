import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadScenarioFile } from '../../electron/cli/scenario-file'
import { killHard, startCli } from '../support/cli-process'
import { CONSOLE_TOKEN, ref, startTestServer } from '../support/harness'
import { ledgerViolations } from '../support/ledger-invariants'

/** Scenario files: loading, applying, and the errors a user sees (docs/scenarios.md). */
const ROOT = resolve(__dirname, '../..')
const EXAMPLES = join(ROOT, 'examples/scenarios')
const folder = mkdtempSync(join(tmpdir(), 'paydesk-scenario-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function write(name: string, text: string): string {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}

/** Runs `paydesk serve` expecting it to refuse to start; resolves its exit code and stderr. */
function serveFails(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_')))
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', 'serve', '--port', '0', ...args], { cwd: ROOT, env })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((done) => child.on('exit', (code) => done({ code, stderr })))
}

const consoleHeaders = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' }

describe('scenario files', () => {
  it.each(readdirSync(EXAMPLES).filter((f) => f.endsWith('.yaml')))('example %s loads and applies', async (name) => {
    const file = loadScenarioFile(join(EXAMPLES, name))
    const server = await startTestServer({ scenario: { scenario: file.value, fingerprint: file.fingerprint } })
    try {
      expect(ledgerViolations(server.service.internals.store)).toEqual([])
      const customers = await server.request('GET', '/console/customers', { headers: consoleHeaders })
      expect(customers.status).toBe(200)
      expect(customers.body.data.items).toHaveLength(file.value.customers?.length ?? 0)
    } finally {
      await server.close()
    }
  })

  it('applies organization, keys, webhook endpoint, simulator, accounts, customers and history (acme-stores.yaml)', async () => {
    const file = loadScenarioFile(join(EXAMPLES, 'acme-stores.yaml'))
    const server = await startTestServer({ scenario: { scenario: file.value, fingerprint: file.fingerprint } })
    try {
      const key = { authorization: 'Bearer sk_test_acme000000000000000001' }
      const accounts = await server.request('GET', '/v1/accounts', { headers: key })
      expect(accounts.status).toBe(200)
      const byNo = Object.fromEntries(accounts.body.data.items.map((a: any) => [a.accountNo, a]))
      // Only the scenario's accounts: the demo ones are replaced. The settled charge of the history sits in collections.
      expect(Object.keys(byNo).sort()).toEqual(['3100000001', '3200000001', '3200000002'])
      expect(byNo['3200000001']).toMatchObject({ available: 5_000_000, default: true })
      expect(byNo['3200000002']).toMatchObject({ available: 100_000, default: false })
      // The settled history charge: 150000 less the fee, in collections available.
      expect(byNo['3100000001'].available).toBeGreaterThan(140_000)
      expect(byNo['3100000001'].pending).toBe(0)
      const live = await server.request('GET', '/v1/accounts', { headers: { authorization: 'Bearer sk_live_acme000000000000000001' } })
      expect(live.status).toBe(200)
      const info = await server.request('GET', '/console/info', { headers: consoleHeaders })
      expect(info.body.data.organization).toMatchObject({ name: 'Acme Stores', enterprise: true, shortcodes: ['600200'] })
      const endpoint = await server.request('GET', '/console/webhooks/endpoint', { headers: consoleHeaders })
      expect(endpoint.body.data).toMatchObject({ defaultUrl: 'http://127.0.0.1:3000/webhooks', secret: 'whsec_YWNtZXN0b3Jlc3NlY3JldDAwMDE=' })
      const history = await server.request('GET', '/v1/transactions?startDate=2020-01-01&endDate=2035-12-31&type=charge', { headers: key })
      expect(history.body.data.items).toHaveLength(1)
      expect(history.body.data.items[0]).toMatchObject({ status: 'settled', amount: 150000 })
      const customers = await server.request('GET', '/console/customers', { headers: consoleHeaders })
      expect(customers.body.data.items).toEqual([
        expect.objectContaining({ phoneNumber: '+254712345678', name: 'Wanjiku', balance: 500000, dailyLimit: 30000000, status: 'active' }),
        expect.objectContaining({ phoneNumber: '+254722000001', status: 'blocked' }),
      ])
      expect(ledgerViolations(server.service.internals.store)).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('several organizations, each with its keys, accounts and webhook endpoint; history in the one named (two-shops.yaml)', async () => {
    const file = loadScenarioFile(join(EXAMPLES, 'two-shops.yaml'))
    const server = await startTestServer({ scenario: { scenario: file.value, fingerprint: file.fingerprint } })
    try {
      const duka = { authorization: 'Bearer sk_test_duka0000000000000000001' }
      const mboga = { authorization: 'Bearer sk_test_mboga000000000000000001' }
      const dukaAccounts = (await server.request('GET', '/v1/accounts', { headers: duka })).body.data.items.map((a: any) => a.accountNo)
      const mbogaAccounts = (await server.request('GET', '/v1/accounts', { headers: mboga })).body.data.items
      expect(dukaAccounts.sort()).toEqual(['4100000001', '4200000001'])
      // Mama Mboga lists only a payouts account: a collections account is generated; its history b2c paid 5000 (plus any fee) out of 300000.
      expect(mbogaAccounts.find((a: any) => a.accountNo === '5200000001').available).toBeLessThanOrEqual(295_000)
      expect(mbogaAccounts.some((a: any) => a.type === 'collections')).toBe(true)
      const mbogaHistory = await server.request('GET', '/v1/transactions?startDate=2020-01-01&endDate=2035-12-31&type=transfer', { headers: mboga })
      expect(mbogaHistory.body.data.items).toHaveLength(1)
      const info = await server.request('GET', '/console/info', { headers: consoleHeaders })
      expect(info.body.data.organization.name).toBe('Duka Platform')
      const simulator = await server.request('GET', '/console/simulator', { headers: consoleHeaders })
      expect(simulator.body.data).toMatchObject({ mode: 'interactive', settlementDelayMs: 0 })
    } finally {
      await server.close()
    }
  })

  it('outcome rules: first match wins, by phone, merchant reference and operation with amount', async () => {
    const file = loadScenarioFile(join(EXAMPLES, 'acme-stores.yaml'))
    const server = await startTestServer({ scenario: { scenario: file.value, fingerprint: file.fingerprint } })
    try {
      const key = { authorization: 'Bearer sk_test_acme000000000000000001' }
      const charge = async (body: Record<string, unknown>) => (await server.request('POST', '/v1/mobile/charge', { headers: key, body: { amount: 1000, merchantTransactionId: ref('r'), ...body } })).body.data.transactionId
      const poor = await charge({ phoneNumber: '0711000001' })
      const failing = await charge({ phoneNumber: '0733000001', merchantTransactionId: `fail-${ref('x')}` })
      const fine = await charge({ phoneNumber: '0733000002' })
      const big = (await server.request('POST', '/v1/mobile/b2c', { headers: key, body: { phoneNumber: '0733000003', amount: 1_000_001, merchantTransactionId: ref('b') } })).body.data.transactionId
      server.clock.advance(3_000)
      await server.service.tick()
      const status = async (id: string) => (await server.request('GET', `/v1/transaction?transactionId=${id}`, { headers: key })).body.data
      expect(await status(poor)).toMatchObject({ status: 'failed', message: 'The balance is insufficient for the transaction.' })
      expect((await status(failing)).status).toBe('failed')
      expect((await status(fine)).status).toBe('completed')
      // delayMs: 5000 holds the b2c failure back until 5 s after acceptance.
      expect((await status(big)).status).toBe('pending')
      server.clock.advance(2_000)
      await server.service.tick()
      expect((await status(big)).status).toBe('failed')
    } finally {
      await server.close()
    }
  })
})

describe('paydesk serve --scenario', () => {
  it('names the file, line and field of every mistake and exits 2', async () => {
    const path = write('bad.yaml', [
      'organization: { name: Broken }',
      'customers:',
      '  - { phoneNumber: "0712345678", balance: 100 }',
      '  - { phoneNumber: "12345", staus: blocked }',
      'simulator: { mode: turbo }',
    ].join('\n'))
    const { code, stderr } = await serveFails(['--db', ':memory:', '--scenario', path])
    expect(code).toBe(2)
    expect(stderr).toContain(`${path}:4:`)
    expect(stderr).toContain('customers[1].phoneNumber')
    expect(stderr).toContain('customers[1].staus')
    expect(stderr).toMatch(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5:\\d+ simulator\\.mode`))
  })

  it('reports YAML syntax errors with their line, and a missing file', async () => {
    const path = write('syntax.yaml', 'organization:\n  name: [unclosed\n')
    const syntax = await serveFails(['--db', ':memory:', '--scenario', path])
    expect(syntax.code).toBe(2)
    expect(syntax.stderr).toMatch(new RegExp(`syntax\\.yaml:\\d+:\\d+`))
    const missing = await serveFails(['--db', ':memory:', '--scenario', join(folder, 'nope.yaml')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('nope.yaml: no such file')
  })

  it('locates errors found while applying (history the float cannot pay) and exits 2', async () => {
    const path = write('apply.json', JSON.stringify({
      organization: { name: 'Thin float' },
      accounts: [{ type: 'payouts', accountNo: '3200000009', available: 100 }],
      transactions: [{ type: 'b2c', phoneNumber: '0712345678', amount: 5000, status: 'completed' }],
    }, null, 2))
    const { code, stderr } = await serveFails(['--db', ':memory:', '--scenario', path])
    expect(code).toBe(2)
    expect(stderr).toMatch(/apply\.json:\d+:\d+ transactions\[0\]\.amount: payouts account 3200000009 holds 100/)
  })

  it('applies to a fresh file, keeps it on a restart with the same file, refuses another database, and --reset erases it', async () => {
    const db = join(folder, 'scenario.db')
    const scenario = write('keep.yaml', 'organization: { name: Keep }\napiKeys: { test: sk_test_keep0000000000000001 }\ncustomers:\n  - { phoneNumber: "0712345678" }\n')
    const key = { authorization: 'Bearer sk_test_keep0000000000000001', 'content-type': 'application/json' }
    const first = await startCli(['--db', db, '--scenario', scenario])
    const charged = await fetch(`${first.url}/v1/mobile/charge`, { method: 'POST', headers: key, body: JSON.stringify({ phoneNumber: '0799000001', amount: 1000, merchantTransactionId: 'keep-1' }) })
    expect(charged.status).toBe(202)
    await killHard(first)
    // Same file: the database and its charge stay.
    const again = await startCli(['--db', db, '--scenario', scenario])
    const list = await fetch(`${again.url}/v1/transactions?startDate=2020-01-01&endDate=2035-12-31&type=charge`, { headers: key })
    expect(((await list.json()) as any).data.items).toHaveLength(1)
    await killHard(again)
    // Another file on the same database: refused, exit 2.
    const other = write('other.yaml', 'organization: { name: Other }\n')
    const refused = await serveFails(['--db', db, '--scenario', other])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('--reset')
    // --reset: erased, the scenario applies afresh (no charges).
    const reset = await startCli(['--db', db, '--scenario', scenario, '--reset'])
    const fresh = await fetch(`${reset.url}/v1/transactions?startDate=2020-01-01&endDate=2035-12-31&type=charge`, { headers: key })
    expect(((await fresh.json()) as any).data.items).toHaveLength(0)
    await killHard(reset)
  })

  it('reads PAYDESK_SCENARIO like the flag, and JSON files', async () => {
    const path = write('env.json', JSON.stringify({ organization: { name: 'From env' }, apiKeys: { test: 'sk_test_envv0000000000000001' } }))
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_'))), PAYDESK_SCENARIO: path }
    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', 'serve', '--port', '0', '--db', ':memory:'], { cwd: ROOT, env })
    let out = ''
    const url = await new Promise<string>((done) => child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /API base URL\s+(http:\/\/\S+)\/v1/.exec(out)
      if (match && out.includes('Press Ctrl+C')) done(match[1]!)
    }))
    const accounts = await fetch(`${url}/v1/accounts`, { headers: { authorization: 'Bearer sk_test_envv0000000000000001' } })
    expect(accounts.status).toBe(200)
    child.kill('SIGKILL')
  })
})
