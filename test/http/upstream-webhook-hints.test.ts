import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signatureHeaders } from '../../electron/service/webhooks/signing'
import { killHard, startCli, type CliHost } from '../support/cli-process'
import { runCli } from '../support/cli-run'
import { CONSOLE_TOKEN, startTestServer, WEBHOOK_SECRET, type TestServer } from '../support/harness'
import { PROVIDER_KEY } from '../support/upstream-pair'
import { b2cBody } from './helpers'

/**
 * The real `paydesk serve --upstream … --upstream-mode operate --upstream-webhook-url … --upstream-webhook-secret-file …`
 * with a poll of an hour (so polling explains nothing here): a payout it sends names its hint endpoint as
 * `webhookUrl`; the provider (a second Paydesk, signing with its test webhook secret) completes it and
 * delivers its webhook there; the hint's one targeted get brings the final status into the mirror.
 * Forged, replayed and duplicate hints are refused or answered without a read.
 */
let provider: TestServer
let folder: string
let host: CliHost | undefined
let hintUrl: string
let cliArgs: string[]
let ticking: NodeJS.Timeout | undefined
const consoleHeaders = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test', 'content-type': 'application/json' }
const asProvider = { authorization: `Bearer ${PROVIDER_KEY}` }

/** A port free now, for the server whose own address must be on its command line. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await read()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`gave up waiting for ${what}`)
}

/** The provider's log of reads by id of one transaction (the targeted gets it answered). */
async function targetedGets(transactionId: string): Promise<number> {
  const page = await provider.request('GET', '/console/requests?path=/v1/transaction&limit=200', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' } })
  const items = page.body.data.items as { path: string; query: string }[]
  return items.filter((item) => item.path === '/v1/transaction' && item.query === `?transactionId=${transactionId}`).length
}

/** A hint as the provider would send it, signed with `secret` at `t` (seconds). */
function postHint(event: { id: string; type: string; data: unknown }, secret: string, t = Math.floor(Date.now() / 1000)): Promise<Response> {
  const body = JSON.stringify({ ...event, created: t })
  const headers = signatureHeaders({ eventId: event.id, timestampSeconds: t, body, secrets: [secret] })
  return fetch(hintUrl, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body })
}

async function mirrored(transactionId: string): Promise<{ status: string } | undefined> {
  const answer = await fetch(`${host!.url}/v1/transaction?transactionId=${transactionId}`, { headers: consoleHeaders })
  return answer.status === 200 ? ((await answer.json()) as { data: { status: string } }).data : undefined
}

beforeAll(async () => {
  provider = await startTestServer({ apiKey: PROVIDER_KEY, now: Date.now })
  // The provider's own due work (finalizing payouts, delivering webhooks) runs on its tick.
  ticking = setInterval(() => void provider.service.tick(), 20)
  folder = mkdtempSync(join(tmpdir(), 'paydesk-hints-'))
  const keyFile = join(folder, 'provider.key')
  const secretFile = join(folder, 'provider-webhook.secret')
  writeFileSync(keyFile, PROVIDER_KEY)
  writeFileSync(secretFile, `${WEBHOOK_SECRET}\n`)
  chmodSync(keyFile, 0o600)
  chmodSync(secretFile, 0o600)
  const port = await freePort()
  hintUrl = `http://127.0.0.1:${port}/upstream/webhooks`
  cliArgs = [
    '--port', String(port), '--db', join(folder, 'paydesk.db'), '--console-token', CONSOLE_TOKEN, '--upstream', `${provider.url}/v1`, '--upstream-key-file', keyFile,
    '--upstream-mode', 'operate', '--upstream-poll', '3600', '--upstream-webhook-url', hintUrl, '--upstream-webhook-secret-file', secretFile,
  ]
  host = await startCli(cliArgs)
}, 60_000)
afterAll(async () => {
  if (ticking) clearInterval(ticking)
  if (host) await killHard(host)
  await provider?.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('webhook hints from the provider', () => {
  let payoutId: string
  let deliveredEventId: string

  it('a payout sent in operate mode names the hint endpoint; its webhook brings the final status into the mirror by one targeted get', async () => {
    const body = b2cBody({ amount: 2_100 })
    const reference = body['merchantTransactionId'] as string
    const sent = await fetch(`${host!.url}/v1/mobile/b2c`, { method: 'POST', headers: consoleHeaders, body: JSON.stringify(body) })
    expect(sent.status).toBe(202)

    // The provider received the body with our hint URL as its webhookUrl, and completes the payout.
    const atProvider = await until('the provider to finish the payout', async () => {
      const found = await provider.request('GET', `/v1/transaction?merchantTransactionId=${reference}`, { headers: asProvider })
      return found.status === 200 && !['initiated', 'pending'].includes(found.body.data.status) ? found.body.data as { publicId: string; status: string } : undefined
    })
    payoutId = atProvider.publicId
    const logged = await provider.request('GET', `/console/requests?path=/v1/mobile/b2c&limit=10`, { headers: { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' } })
    const detail = await provider.request('GET', `/console/requests/${logged.body.data.items[0].requestId}`, { headers: { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' } })
    expect(JSON.parse(detail.body.data.requestBody).webhookUrl).toBe(hintUrl)

    // With a poll of an hour, only the hint can bring the final status here.
    const mirror = await until('the mirror to show the final status', async () => {
      const row = await mirrored(payoutId)
      return row && row.status === atProvider.status ? row : undefined
    })
    expect(mirror.status).toBe(atProvider.status)
    expect(await targetedGets(payoutId)).toBe(1)

    // The request log files the hint under its own source, verified (200) and naming the transaction.
    const hints = await fetch(`${host!.url}/console/requests?source=provider-webhook`, { headers: consoleHeaders })
    const items = ((await hints.json()) as { data: { items: { requestId: string; status: number; path: string; transactionId: string | null }[] } }).data.items
    const hint = items.find((item) => item.transactionId === payoutId)
    expect(hint).toMatchObject({ status: 200, path: '/upstream/webhooks' })
    const hintDetail = await fetch(`${host!.url}/console/requests/${hint!.requestId}`, { headers: consoleHeaders })
    deliveredEventId = JSON.parse(((await hintDetail.json()) as { data: { requestBody: string } }).data.requestBody).id
    expect(deliveredEventId).toMatch(/^evt_/)
  }, 60_000)

  it('a forged signature, an old timestamp and a duplicate event id queue nothing; the secret is redacted by value in the log', async () => {
    const event = { type: 'payout.succeeded', data: { id: payoutId, note: WEBHOOK_SECRET } }
    const forged = await postHint({ id: 'evt_forged0001', ...event }, 'whsec_c29tZW9uZSBlbHNlJ3Mgc2VjcmV0')
    expect(forged.status).toBe(401)
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('unauthorized')
    const replayed = await postHint({ id: 'evt_replayed0001', ...event }, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600)
    expect(replayed.status).toBe(401)
    const duplicate = await postHint({ id: deliveredEventId, ...event }, WEBHOOK_SECRET)
    expect(duplicate.status).toBe(200)
    expect(((await duplicate.json()) as { data: unknown }).data).toMatchObject({ eventId: deliveredEventId, duplicate: true, queued: false })

    // A good hint for another transaction, read after whatever the three above could have queued.
    const other = await provider.request('POST', '/v1/mobile/charge', { headers: asProvider, body: { phoneNumber: '0712345678', amount: 1_000, merchantTransactionId: `hint-other-${Date.now()}` } })
    expect(other.status).toBe(202)
    const otherId = other.body.data.transactionId as string
    const fresh = await postHint({ id: 'evt_sentinel0001', type: 'transaction.succeeded', data: { id: otherId } }, WEBHOOK_SECRET)
    expect(fresh.status).toBe(200)
    expect(((await fresh.json()) as { data: unknown }).data).toMatchObject({ duplicate: false, queued: true, transactionId: otherId })
    await until('the other transaction to be mirrored', () => mirrored(otherId))
    expect(await targetedGets(otherId)).toBe(1)
    expect(await targetedGets(payoutId)).toBe(1)

    // The refused hints are logged (401) under the same source, the secret in their body redacted.
    const page = await fetch(`${host!.url}/console/requests?source=provider-webhook&status=4xx`, { headers: consoleHeaders })
    const refused = ((await page.json()) as { data: { items: { requestId: string }[] } }).data.items
    expect(refused.length).toBe(2)
    for (const item of refused) {
      const text = await (await fetch(`${host!.url}/console/requests/${item.requestId}`, { headers: consoleHeaders })).text()
      expect(text).toContain('payout.succeeded')
      expect(text).not.toContain(WEBHOOK_SECRET)
    }
  }, 60_000)

  it('forged hints never spend the failed-authentication budget: past its burst they are still 401, and the console and good hints still answer', async () => {
    for (let i = 0; i < 40; i++) {
      const forged = await postHint({ id: `evt_flood${i}`, type: 'payout.succeeded', data: { id: payoutId } }, 'whsec_c29tZW9uZSBlbHNlJ3Mgc2VjcmV0')
      expect(forged.status).toBe(401)
    }
    expect((await fetch(`${host!.url}/console/upstream`, { headers: consoleHeaders })).status).toBe(200)
    const good = await postHint({ id: 'evt_afterflood', type: 'payout.succeeded', data: { id: payoutId } }, WEBHOOK_SECRET)
    expect(good.status).toBe(200)
  }, 60_000)

  it('paydesk serve refuses a webhook address without its secret: exit 2 with the reason, before anything starts', async () => {
    const result = await runCli(['serve', '--port', '0', '--db', ':memory:', '--upstream', `${provider.url}/v1`, '--upstream-key-file', join(folder, 'provider.key'), '--upstream-webhook-url', 'https://paydesk.example.com/upstream/webhooks'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--upstream-webhook-url.*go together/)
  }, 30_000)

  it('a hint stored before a SIGKILL is read after the restart (the provider could not answer it before)', async () => {
    const providerConsole = { authorization: `Bearer ${CONSOLE_TOKEN}`, 'paydesk-environment': 'test' }
    const created = await provider.request('POST', '/v1/mobile/b2c', { headers: asProvider, body: b2cBody() })
    const transactionId = created.body.data.transactionId as string
    const fault = await provider.request('PUT', '/console/faults/api', { headers: providerConsole, body: { scope: 'transactions.get', faults: { errorRate: { rate: 1, status: 503 } } } })
    expect(fault.status).toBe(200)
    expect((await postHint({ id: 'evt_restart0001', type: 'payout.succeeded', data: { id: transactionId } }, WEBHOOK_SECRET)).status).toBe(200)
    await until('the failed read', async () => ((await targetedGets(transactionId)) > 0 ? true : undefined))
    expect(await mirrored(transactionId)).toBeUndefined()
    await killHard(host!)
    host = undefined
    expect((await provider.request('POST', '/console/faults/clear', { headers: providerConsole })).status).toBe(200)
    const readsBefore = await targetedGets(transactionId)
    host = await startCli(cliArgs)
    // The start's sync cycle may list the row too, but only the stored hint reads it by id: a sync re-reads by
    // id only rows older than two minutes (upstream/targeted.ts).
    await until('the hint read after the restart', async () => ((await targetedGets(transactionId)) > readsBefore ? true : undefined))
    expect(await until('the mirrored row', () => mirrored(transactionId))).toBeDefined()
  }, 60_000)

  it('a server without a webhook secret has no hint endpoint (404)', async () => {
    const answer = await fetch(`${provider.url}/upstream/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(answer.status).toBe(404)
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('resource_not_found')
  })
})
