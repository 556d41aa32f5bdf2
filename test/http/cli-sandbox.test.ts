import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCli, stopGracefully, type CliHost } from '../support/cli-process'
import { runCli } from '../support/cli-run'

/** `paydesk sandbox create|delete` against a running `paydesk serve`, and its /healthz. */
const TOKEN = 'cli_sandbox_console_token_01'
let host: CliHost
beforeAll(async () => {
  host = await startCli(['--db', ':memory:', '--console-token', TOKEN])
}, 30_000)
afterAll(async () => {
  if (host) await stopGracefully(host)
})

describe('paydesk sandbox', () => {
  it('the host is ready once its banner is printed: /healthz answers 200', async () => {
    const response = await fetch(`${host.url}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok', apiVersion: '1.0.2' })
  })

  it('create --json prints a sandbox whose keys work; delete removes it', async () => {
    const created = await runCli(['sandbox', 'create', '--json', '--name', 'ci worker', '--url', host.url], { PAYDESK_CONSOLE_TOKEN: TOKEN })
    expect(created.code, created.stderr).toBe(0)
    const sandbox = JSON.parse(created.stdout)
    expect(sandbox).toMatchObject({ name: 'ci worker', testKey: expect.stringMatching(/^sk_test_/), webhookSecrets: { test: expect.stringMatching(/^whsec_/) } })
    const accounts = await fetch(`${host.url}/v1/accounts`, { headers: { authorization: `Bearer ${sandbox.testKey}` } })
    expect(accounts.status).toBe(200)
    expect(((await accounts.json()) as { data: { items: unknown[] } }).data.items).toEqual(sandbox.accounts.test)

    const deleted = await runCli(['sandbox', 'delete', sandbox.id, '--url', host.url, '--console-token', TOKEN])
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(deleted.stdout).toContain(`Deleted sandbox ${sandbox.id}`)
    expect((await fetch(`${host.url}/v1/accounts`, { headers: { authorization: `Bearer ${sandbox.testKey}` } })).status).toBe(401)
  }, 30_000)

  it('create without --json prints the keys for a human; errors exit non-zero with the server\'s message', async () => {
    const created = await runCli(['sandbox', 'create', '--url', host.url, '--console-token', TOKEN])
    expect(created.code).toBe(0)
    expect(created.stdout).toMatch(/Sandbox org_\S+ \(Sandbox \d+\)\n\s+Test API key\s+sk_test_/)
    const wrongToken = await runCli(['sandbox', 'create', '--url', host.url, '--console-token', 'not_the_token_at_all'])
    expect(wrongToken.code).toBe(1)
    expect(wrongToken.stderr).toMatch(/401|403/)
    const noToken = await runCli(['sandbox', 'create', '--url', host.url])
    expect(noToken.code).toBe(2)
    expect(noToken.stderr).toContain('PAYDESK_CONSOLE_TOKEN')
    const unknown = await runCli(['sandbox', 'delete', 'org_missing', '--url', host.url, '--console-token', TOKEN])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('404')
  }, 60_000)
})

describe('paydesk snapshot', () => {
  it('save, list, restore and delete against the running server', async () => {
    const env = { PAYDESK_CONSOLE_TOKEN: TOKEN, PAYDESK_URL: host.url }
    const sandbox = JSON.parse((await runCli(['sandbox', 'create', '--json'], env)).stdout)
    const saved = await runCli(['snapshot', 'save', 'cli-baseline'], env)
    expect(saved.code, saved.stderr).toBe(0)
    expect(saved.stdout).toMatch(/^Saved snapshot cli-baseline \(\d+ KiB\)\./)
    const charge = await fetch(`${host.url}/v1/mobile/charge`, {
      method: 'POST', headers: { authorization: `Bearer ${sandbox.testKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: 'cli-snapshot-1' }),
    })
    expect(charge.status).toBe(202)
    const listed = await runCli(['snapshot', 'list', '--json'], env)
    expect(JSON.parse(listed.stdout).items.map((s: { name: string }) => s.name)).toContain('cli-baseline')
    const restored = await runCli(['snapshot', 'restore', 'cli-baseline'], env)
    expect(restored.code, restored.stderr).toBe(0)
    const found = await fetch(`${host.url}/v1/transaction?merchantTransactionId=cli-snapshot-1`, { headers: { authorization: `Bearer ${sandbox.testKey}` } })
    expect(found.status).toBe(404)
    const bad = await runCli(['snapshot', 'save', '../etc/passwd'], env)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('400')
    expect((await runCli(['snapshot', 'delete', 'cli-baseline'], env)).code).toBe(0)
    expect((await runCli(['snapshot', 'restore', 'cli-baseline'], env)).stderr).toContain('404')
  }, 60_000)
})
