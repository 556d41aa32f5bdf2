import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { killHard, startCli, type CliHost } from '../support/cli-process'
import { CONSOLE_TOKEN, startTestServer, type TestServer } from '../support/harness'
import { PROVIDER_KEY } from '../support/upstream-pair'
import { ALL_TIME, b2cBody } from './helpers'

/**
 * The real `paydesk serve --upstream … --upstream-mode operate`: a console payout on the connected
 * environment reaches the provider (a second Paydesk) once, through the outbox, on the server's own tick.
 */
let provider: TestServer
let folder: string
let host: CliHost | undefined
const consoleHeaders = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test', 'content-type': 'application/json' }

beforeAll(async () => {
  provider = await startTestServer({ apiKey: PROVIDER_KEY, now: Date.now })
  folder = mkdtempSync(join(tmpdir(), 'paydesk-operate-cli-'))
})
afterAll(async () => {
  if (host) await killHard(host)
  await provider?.close()
  rmSync(folder, { recursive: true, force: true })
})

it('a console B2C goes to the provider once and its outbox row is accepted with the provider transaction id', async () => {
  const keyFile = join(folder, 'provider.key')
  writeFileSync(keyFile, PROVIDER_KEY)
  chmodSync(keyFile, 0o600)
  host = await startCli([
    '--db', join(folder, 'paydesk.db'), '--console-token', CONSOLE_TOKEN, '--upstream', `${provider.url}/v1`, '--upstream-key-file', keyFile,
    '--upstream-mode', 'operate', '--upstream-poll', '3600',
  ])
  const body = b2cBody({ amount: 2_300 })
  const reference = body['merchantTransactionId'] as string
  const sent = await fetch(`${host.url}/v1/mobile/b2c`, { method: 'POST', headers: consoleHeaders, body: JSON.stringify(body) })
  expect(sent.status).toBe(202)
  let row: { state: string; transactionId: string | null } | undefined
  for (let i = 0; i < 400 && row?.state !== 'accepted'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    const list = await (await fetch(`${host.url}/console/upstream/outbox`, { headers: consoleHeaders })).json() as { data: { items: { merchantTransactionId: string; state: string; transactionId: string | null }[] } }
    row = list.data.items.find((item) => item.merchantTransactionId === reference)
  }
  expect(row?.state).toBe('accepted')
  const listed = await provider.request('GET', `/v1/transactions?${ALL_TIME}&limit=10000`, { headers: { authorization: `Bearer ${PROVIDER_KEY}` } })
  const matches = (listed.body.data.items as { merchantTransactionId: string | null; publicId: string }[]).filter((t) => t.merchantTransactionId === reference)
  expect(matches.map((t) => t.publicId)).toEqual([row!.transactionId])
}, 60_000)
