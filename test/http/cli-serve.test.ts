import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { chargeBody } from './helpers'

/** The real `paydesk serve` host, spawned as a user runs it, on port 0 and a temporary database file. */
const ROOT = resolve(__dirname, '../..')
const folder = mkdtempSync(join(tmpdir(), 'paydesk-cli-'))
const running = new Set<ChildProcess>()
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  rmSync(folder, { recursive: true, force: true })
})

/** The test runner's PAYDESK_* variables must not leak into the host under test. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYDESK_')))
}

interface Host {
  child: ChildProcess
  banner: string
  url: string
  output: () => string
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function serve(args: string[]): Promise<Host> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', 'serve', ...args], { cwd: ROOT, env: cleanEnv() })
  running.add(child)
  let stdout = ''
  let stderr = ''
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.on('exit', (code, signal) => {
      running.delete(child)
      done({ code, signal })
    })
  })
  return new Promise((resolveHost, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (!stdout.includes('Press Ctrl+C to stop.')) return
      const url = /API base URL\s+(http:\/\/\S+)\/v1/.exec(stdout)?.[1]
      if (!url) return reject(new Error(`no URL in the banner:\n${stdout}`))
      resolveHost({ child, banner: stdout, url, output: () => stdout, exit })
    })
    void exit.then(({ code }) => reject(new Error(`paydesk serve exited with ${code} before its banner:\n${stdout}\n${stderr}`)))
  })
}

async function stop(host: Host, signal: NodeJS.Signals) {
  host.child.kill(signal)
  const { code } = await host.exit
  return code
}

const authed = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' })

describe('paydesk serve', () => {
  it('prints the real URL for port 0, serves the API with the fixed key, and stops cleanly on SIGTERM', async () => {
    const key = 'sk_test_clihost0000000001'
    const host = await serve(['--port', '0', '--db', join(folder, 'first.db'), '--api-key', key, '--rate-limit', '0'])
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(host.url).not.toMatch(/:0$/)
    expect(host.banner).toContain(`Test API key    ${key}`)
    expect(host.banner).toMatch(new RegExp(`Console\\s+${host.url}/\\?token=\\S+`))
    expect(host.banner).toMatch(/Database\s+.*first\.db \(new\)/)

    const body = chargeBody()
    const charge = await fetch(`${host.url}/v1/mobile/charge`, { method: 'POST', headers: authed(key), body: JSON.stringify(body) })
    expect(charge.status).toBe(202)
    const { data } = (await charge.json()) as { data: { transactionId: string } }
    const list = await fetch(`${host.url}/v1/transactions?startDate=2020-01-01&endDate=2035-12-31&type=charge`, { headers: authed(key) })
    const listed = (await list.json()) as { data: { items: { publicId: string }[] } }
    expect(listed.data.items.map((t) => t.publicId)).toEqual([data.transactionId])

    expect(await stop(host, 'SIGTERM')).toBe(0)
    expect(host.output()).toContain('Paydesk stopped (SIGTERM).')
  })

  it('keeps its data across a restart on the same file and never prints the stored keys again', async () => {
    const db = join(folder, 'restart.db')
    const first = await serve(['--port', '0', '--db', db])
    const testKey = /Test API key\s+(sk_test_\w+)/.exec(first.banner)?.[1]
    const liveKey = /Live API key\s+(sk_live_\w+)/.exec(first.banner)?.[1]
    expect(testKey).toBeDefined()
    expect(liveKey).toBeDefined()
    const charge = await fetch(`${first.url}/v1/mobile/charge`, { method: 'POST', headers: authed(testKey!), body: JSON.stringify(chargeBody()) })
    expect(charge.status).toBe(202)
    const { data } = (await charge.json()) as { data: { transactionId: string } }
    expect(await stop(first, 'SIGINT')).toBe(0)
    expect(first.output()).toContain('Paydesk stopped (SIGINT).')

    const second = await serve(['--port', '0', '--db', db])
    expect(second.banner).not.toContain(testKey!)
    expect(second.banner).not.toContain(liveKey!)
    expect(second.banner).toMatch(/Test API key\s+\(stored hashed/)
    expect(second.banner).toMatch(/Live API key\s+\(stored hashed/)
    expect(second.banner).not.toContain('(new)')
    const again = await fetch(`${second.url}/v1/transaction?transactionId=${data.transactionId}`, { headers: authed(testKey!) })
    expect(again.status).toBe(200)
    expect(await stop(second, 'SIGTERM')).toBe(0)
  })

  it('--strict refuses a non-UUID Idempotency-Key, and the request log keeps what was answered until SIGTERM across a restart', async () => {
    const key = 'sk_test_clihost0000000002'
    const db = join(folder, 'strict.db')
    const first = await serve(['--port', '0', '--db', db, '--api-key', key, '--strict'])
    const refused = await fetch(`${first.url}/v1/mobile/charge`, {
      method: 'POST', headers: { ...authed(key), 'idempotency-key': 'order_7f3k2_1795415689268' }, body: JSON.stringify(chargeBody()),
    })
    expect(refused.status).toBe(400)
    const requestId = refused.headers.get('x-request-id')!
    // Stopped at once: the log is written on close, not lost with the process.
    expect(await stop(first, 'SIGTERM')).toBe(0)

    const second = await serve(['--port', '0', '--db', db, '--api-key', key])
    const token = /\?token=(\S+)/.exec(second.banner)![1]!
    const logged = await fetch(`${second.url}/console/requests?requestId=${requestId}`, { headers: { authorization: `Bearer ${token}` } })
    const { data } = (await logged.json()) as { data: { items: { status: number; idempotencyKey: string }[] } }
    expect(data.items).toMatchObject([{ status: 400, idempotencyKey: 'order_7f3k2_1795415689268' }])
    // Without --strict the same key is answered, with the warning.
    const lenient = await fetch(`${second.url}/v1/mobile/charge`, {
      method: 'POST', headers: { ...authed(key), 'idempotency-key': 'order_7f3k2_1795415689268' }, body: JSON.stringify(chargeBody()),
    })
    expect(lenient.status).toBe(202)
    expect(lenient.headers.get('paydesk-warning')).toBe('idempotency-key-not-uuid; the API reference documents a UUID')
    expect(await stop(second, 'SIGTERM')).toBe(0)
  })

  it('exits with status 2 and the usage on a bad flag', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', 'serve', '--port', 'eighty'], { cwd: ROOT, env: cleanEnv() })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((done) => child.on('exit', done))
    expect(code).toBe(2)
    expect(stderr).toContain('--port (PAYDESK_PORT) must be a whole number')
    expect(stderr).toContain('Usage: paydesk serve')
  })
})
