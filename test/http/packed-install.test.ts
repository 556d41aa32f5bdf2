import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWebhookReceiver, verifyStandardSignature, type WebhookReceiver } from '../support/webhook-receiver'

/**
 * The npm package as a new user gets it (README "Use it in CI"): `npm pack` here, then
 * `npm install --omit=dev <tarball>` into an empty folder outside the repository, then the installed
 * `paydesk serve` drives a charge to its webhook over HTTP. Nothing of the repository (tsx, vite,
 * typescript, the sources) is reachable from there: it runs from compiled JavaScript and production
 * dependencies only.
 *
 * better-sqlite3's install script takes a prebuilt binary (prebuild-install) before it compiles one. Its
 * binaries are on GitHub, which this machine cannot reach, and compiling takes 1-3 minutes of CPU: the test
 * hands prebuild-install the binary this repository already built for this Node, in the release's own file
 * name and layout, as a local prebuild (npm_config_better_sqlite3_local_prebuilds). Without that binary the
 * install compiles, and node-gyp needs Node's headers: the test passes npm_config_nodedir from its own
 * environment, or /usr when this machine has the headers there (Debian's nodejs package).
 */
const ROOT = resolve(__dirname, '../..')
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
const API_KEY = 'sk_test_packedinstall000001'
const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const folder = mkdtempSync(join(tmpdir(), 'paydesk-packed-'))
const app = join(folder, 'app')
const bin = join(app, 'node_modules', '.bin', 'paydesk')
const prebuilds = join(folder, 'prebuilds')
const SQLITE = join(ROOT, 'node_modules', 'better-sqlite3')
let server: ChildProcess | undefined
let receiver: WebhookReceiver | undefined

function npmEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_') && name !== 'NODE_OPTIONS'))
  if (!env['npm_config_nodedir'] && existsSync('/usr/include/node/node.h')) env['npm_config_nodedir'] = '/usr'
  if (existsSync(prebuilds)) env['npm_config_better_sqlite3_local_prebuilds'] = prebuilds
  return env
}

/** The repository's own better-sqlite3 binary, packed as its release packs it (build/Release/ in a .tar.gz). */
async function localPrebuild(): Promise<void> {
  if (!existsSync(join(SQLITE, 'build', 'Release', 'better_sqlite3.node'))) return
  const { version } = JSON.parse(readFileSync(join(SQLITE, 'package.json'), 'utf8')) as { version: string }
  mkdirSync(prebuilds)
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`
  await run('tar', ['-czf', join(prebuilds, name), 'build/Release/better_sqlite3.node'], SQLITE)
}

function run(command: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    execFile(command, args, { cwd, env: npmEnv(), maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) fail(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`))
      else done({ stdout, stderr })
    })
  })
}

beforeAll(async () => {
  await run('npm', ['pack', '--pack-destination', folder, '--loglevel', 'error'], ROOT)
  const tarball = readdirSync(folder).find((file) => file.endsWith('.tgz'))!
  expect(tarball).toBe(`paydesk-${VERSION}.tgz`)
  await localPrebuild()
  mkdirSync(app)
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'integration-under-test', private: true }))
  await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel', 'error', join(folder, tarball)], app)
}, 600_000)

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL')
  await receiver?.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('the packed npm package, installed with --omit=dev outside the repository', () => {
  it('holds only the compiled CLI, the console build and production dependencies', () => {
    const installed = join(app, 'node_modules', 'paydesk')
    expect(existsSync(join(installed, 'dist-cli', 'paydesk.cjs'))).toBe(true)
    expect(existsSync(join(installed, 'dist-web', 'index.html'))).toBe(true)
    expect(existsSync(join(installed, 'electron'))).toBe(false)
    for (const dev of ['tsx', 'vite', 'typescript', 'esbuild', 'electron', 'vitest', 'react']) expect(existsSync(join(app, 'node_modules', dev)), dev).toBe(false)
    for (const prod of ['better-sqlite3', 'zod']) expect(existsSync(join(app, 'node_modules', prod)), prod).toBe(true)
  })

  it('ships the production console even when packed under NODE_ENV=test (as here, inside vitest)', () => {
    expect(process.env['NODE_ENV']).toBe('test')
    const assets = join(app, 'node_modules', 'paydesk', 'dist-web', 'assets')
    const bundle = readdirSync(assets).filter((file) => /^index-.*\.js$/.test(file)).map((file) => readFileSync(join(assets, file), 'utf8')).join('\n')
    // React's production build points at react.dev/errors; only its development build carries the key warning.
    expect(bundle).toContain('react.dev/errors')
    expect(bundle).not.toContain('Each child in a list should have a unique')
  })

  it('answers --version and help', async () => {
    expect((await run(bin, ['--version'], app)).stdout.trim()).toBe(VERSION)
    const help = (await run(bin, ['help'], app)).stdout
    expect(help).toContain('Usage: paydesk serve')
    expect(help).toContain('paydesk snapshot save')
  })

  it('runs paydesk mcp from its own bundle: the MCP SDK is inside it, not installed', async () => {
    expect(existsSync(join(app, 'node_modules', 'paydesk', 'dist-cli', 'mcp.cjs'))).toBe(true)
    expect(existsSync(join(app, 'node_modules', '@modelcontextprotocol'))).toBe(false)
    const env = Object.fromEntries(Object.entries(npmEnv()).filter((entry): entry is [string, string] => entry[1] !== undefined))
    const client = new Client({ name: 'packed-test', version: '1.0.0' })
    await client.connect(new StdioClientTransport({ command: bin, args: ['mcp'], cwd: app, env, stderr: 'pipe' }))
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('get_transaction')
      const charge = await client.callTool({ name: 'create_charge', arguments: { phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: 'packed-mcp-1' } })
      expect(charge.isError).toBeFalsy()
      const found = await client.callTool({ name: 'search_transactions', arguments: { q: '0712 345 678' } })
      expect(JSON.stringify(found.structuredContent)).toContain('packed-mcp-1')
      const docs = await client.readResource({ uri: 'paydesk://docs/api.md' })
      expect(String((docs.contents[0] as { text: string }).text).length).toBeGreaterThan(1_000)
    } finally {
      await client.close()
    }
  }, 60_000)

  it('serves: /healthz, the console page, and a charge whose signed webhook arrives', async () => {
    receiver = await startWebhookReceiver()
    const child = spawn(bin, ['serve', '--port', '0', '--db', ':memory:', '--api-key', API_KEY, '--webhook-secret', WEBHOOK_SECRET, '--rate-limit', '0'], {
      cwd: app, env: npmEnv(), stdio: ['ignore', 'pipe', 'pipe'],
    })
    server = child
    let output = ''
    const url = await new Promise<string>((done, fail) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8')
        const match = /API base URL\s+(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(output)
        if (match && output.includes('Press Ctrl+C to stop.')) done(match[1]!)
      })
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
      child.once('exit', (code) => fail(new Error(`paydesk serve exited (${code}):\n${output}`)))
    })
    const health = await fetch(`${url}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok', version: VERSION, apiVersion: '1.0.2', database: 'ok' })
    const page = await fetch(`${url}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')

    const charge = await fetch(`${url}/v1/mobile/charge`, {
      method: 'POST', headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: '0712345678', amount: 10_000, merchantTransactionId: 'packed-1', webhookUrl: receiver.url }),
    })
    expect(charge.status).toBe(202)
    const { data } = (await charge.json()) as { data: { transactionId: string } }
    const [delivery] = await receiver.waitForRequests(1)
    expect(verifyStandardSignature(WEBHOOK_SECRET, delivery!)).toBeTruthy()
    expect(JSON.parse(delivery!.body)).toMatchObject({ data: { id: data.transactionId, merchantTransactionId: 'packed-1' } })

    child.kill('SIGTERM')
    const code = await new Promise<number | null>((done) => (child.exitCode !== null ? done(child.exitCode) : child.once('exit', done)))
    expect(code).toBe(0)
  }, 60_000)
})
