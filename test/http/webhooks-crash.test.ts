import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startWebhookReceiver, unusedPort, verifyProviderSignature, verifyStandardSignature, type WebhookReceiver } from '../support/webhook-receiver'
import { bankTransferBody } from './helpers'

const ROOT = resolve(__dirname, '../..')
const API_KEY = 'sk_test_crashtest0000000000000001'
const CONSOLE_TOKEN = 'pdc_crashtest_console_token_01'
const WEBHOOK_SECRET = 'whsec_Y3Jhc2h0ZXN0LXNpZ25pbmctc2VjcmV0LTAwMDE='

interface RunningCli {
  child: ChildProcess
  url: string
}

const children: ChildProcess[] = []
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The real headless host (`paydesk serve`) on a free port over the given database file. */
function startCli(dbPath: string): Promise<RunningCli> {
  const child = spawn(process.execPath, [
    '--import', 'tsx', 'electron/cli/index.ts', 'serve', '--port', '0', '--db', dbPath, '--api-key', API_KEY,
    '--console-token', CONSOLE_TOKEN, '--webhook-secret', WEBHOOK_SECRET, '--rate-limit', '0', '--simulator', 'fast',
  ], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  return new Promise((resolveStart, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const match = /API base URL\s+(http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(output)
      if (match) {
        child.stdout!.off('data', onData)
        resolveStart({ child, url: match[1]! })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.once('exit', (code, signal) => reject(new Error(`paydesk serve exited (${code ?? signal}) before it was ready:\n${output}`)))
  })
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolveExit) => {
    child.once('exit', () => resolveExit())
    child.kill('SIGKILL')
  })
}

async function api(cli: RunningCli, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(cli.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as { data: any } }
}

describe('webhooks survive a crash', () => {
  it('an event committed just before SIGKILL is delivered after a restart on the same database, with the same id', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-crash-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const dbPath = join(dir, 'paydesk.db')
    // The receiver's port is chosen now but nobody listens on it until after the crash.
    const port = await unusedPort()
    const webhookUrl = `http://127.0.0.1:${port}/hook`

    const first = await startCli(dbPath)
    const payouts = (await api(first, 'GET', '/v1/accounts?type=payouts&scope=default', API_KEY)).body.data.items[0]
    const accepted = await api(first, 'POST', '/v1/local-bank-transfer', API_KEY, bankTransferBody(payouts.accountNo, { amount: payouts.available + 1, webhookUrl }))
    expect(accepted.status).toBe(202)
    const transactionId: string = accepted.body.data.transactionId
    // The refusal and its transaction.creation_failed event committed together before the 202; kill at once.
    await killHard(first.child)

    const hook: WebhookReceiver = await startWebhookReceiver(port)
    cleanups.push(() => hook.close())
    expect(hook.requests).toHaveLength(0)
    const second = await startCli(dbPath)
    const [request] = await hook.waitForRequests(1)

    const events = (await api(second, 'GET', `/console/webhooks/events?transactionId=${transactionId}`, CONSOLE_TOKEN)).body.data.items
    expect(events).toHaveLength(1)
    const event = events[0]
    expect(request!.headers['webhook-id']).toBe(event.id)
    expect(request!.headers['x-webhook-event-id']).toBe(event.id)
    expect(JSON.parse(request!.body)).toMatchObject({
      id: event.id, type: 'transaction.creation_failed', data: { id: transactionId, status: 'rejected' }, error: { code: 'insufficient_float' },
    })
    expect(verifyProviderSignature(WEBHOOK_SECRET, request!)).toBe(true)
    expect(() => verifyStandardSignature(WEBHOOK_SECRET, request!)).not.toThrow()
    // Whatever the first process managed (nothing, or one refused attempt), the delivery ended acknowledged.
    await expect.poll(async () => {
      const logged = (await api(second, 'GET', `/console/webhooks/events/${event.id}`, CONSOLE_TOKEN)).body.data
      return logged.deliveries.map((d: { status: string; lastResponseStatus: number | null }) => [d.status, d.lastResponseStatus])
    }).toEqual([['succeeded', 200]])
    await killHard(second.child)
  })
})
