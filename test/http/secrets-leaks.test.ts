import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, WEBHOOK_SECRET, ref, startTestServer, type TestServer } from '../support/harness'
import { bare, decodeAll, jsonEscaped, percentAll, percentSome } from '../support/encoded-secrets'
import { startWebhookReceiver, unusedPort, type WebhookReceiver } from '../support/webhook-receiver'
import { chargeBody, consoleAuth } from './helpers'

/**
 * API keys, the console token and webhook signing secrets never appear in a log line, an error message or
 * any response other than the few whose purpose is to show them (a key at creation, the console's webhook
 * endpoint), nor in a webhook request; API keys are stored hashed, never in clear. The run goes through
 * failures on purpose: wrong and near-miss keys, a revoked key, bad input, an internal error (500) and
 * failing webhook endpoints. The request log, which keeps every /v1 request's headers and bodies, is read
 * back in full and held to the same rule, also for secrets sent encoded (percent-encoded in a query, path or
 * header, `\u`-escaped in JSON, a webhook secret's `+/=` URL-encoded) and the host's own secrets sent without
 * their prefix: every answer is searched in what it decodes to as well.
 */
const folder = mkdtempSync(join(tmpdir(), 'paydesk-secrets-'))
const dbPath = join(folder, 'paydesk.db')
let server: TestServer
let hook: WebhookReceiver
const logged: string[] = []
/** Every response of the run: where it came from, and everything it carried. */
const answers: { label: string; text: string }[] = []

beforeAll(async () => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '))
    })
  }
  server = await startTestServer({ dbPath })
  hook = await startWebhookReceiver()
  hook.answer = (_request, index) => (index % 2 === 0 ? { status: 500, body: 'receiver failed' } : { status: 200 })
})
afterAll(async () => {
  vi.restoreAllMocks()
  await hook.close()
  rmSync(folder, { recursive: true, force: true })
})

async function call(label: string, method: string, path: string, init: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}) {
  const response = await server.request(method, path, init)
  answers.push({ label, text: `${response.status} ${JSON.stringify([...response.headers])} ${JSON.stringify(response.body)}` })
  return response
}

/**
 * Every 12-character piece of a secret's random part (after sk_test_, sk_live_ or whsec_): an answer that
 * echoes even part of a key ("Invalid API key sk_test_AbC3…") is a leak.
 */
function fragments(secret: string): string[] {
  const random = secret.replace(/^(sk_(test|live)_|whsec_)/, '')
  return Array.from({ length: random.length - 11 }, (_, i) => random.slice(i, i + 12))
}

/** A webhook secret whose base64 has `+`, `/` and `=`, the characters an URL encoder rewrites. */
const PLUS_SECRET = 'whsec_Zm9v+YmFy/YmF6+cXV4/Y29yZ2U=dGh1ZA=='

const nearMisses = (secret: string) => [
  `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`, `${secret}0`, secret.slice(0, -4), `x${secret.slice(1)}`, secret.toUpperCase(),
]

describe('secrets in logs, errors, responses, webhooks and the database file', () => {
  it('never show up outside the responses meant to show them', { timeout: 30_000 }, async () => {
    // A second organization's keys are random (the harness keys are not): the answer that creates them shows them once.
    const organization = await server.request('POST', '/console/organizations', { headers: consoleAuth('test'), body: { name: 'Leak check' } })
    const orgKeys: string[] = [organization.body.data.testKey, organization.body.data.liveKey]
    for (const key of orgKeys) await call('org key', 'GET', '/v1/accounts', { headers: { authorization: `Bearer ${key}` } })
    // Failures with near-miss credentials: none of them (nor the real ones) may be echoed, even in part.
    const presented: string[] = []
    for (const secret of [...orgKeys, TEST_KEY, LIVE_KEY, CONSOLE_TOKEN]) {
      for (const guess of nearMisses(secret)) {
        presented.push(guess)
        for (const scheme of ['Bearer', 'bearer', 'Basic', 'Token']) {
          await call('wrong key', 'GET', '/v1/accounts', { headers: { authorization: `${scheme} ${guess}` } })
          await call('wrong key', 'POST', '/v1/mobile/charge', { headers: { authorization: `${scheme} ${guess}` }, body: chargeBody() })
        }
        await call('wrong token', 'GET', '/console/info', { headers: { authorization: `Bearer ${guess}` } })
      }
    }
    // A key in the wrong place, bad input with a good key, the wrong kind of credential.
    await call('key as idempotency key', 'POST', '/v1/mobile/charge', { headers: { 'idempotency-key': TEST_KEY }, body: chargeBody() })
    await call('bad body', 'POST', '/v1/mobile/charge', { body: { ...chargeBody(), amount: 'lots' } })
    await call('bad json', 'POST', '/v1/mobile/charge', { rawBody: `{"key": "${TEST_KEY}"`, headers: { 'content-type': 'application/json' } })
    await call('key on console', 'GET', '/console/info', { headers: { authorization: `Bearer ${TEST_KEY}` } })
    // Secrets written encoded, and the host's own without their prefix, in every part of a /v1 request.
    const hostSecrets = [TEST_KEY, LIVE_KEY, CONSOLE_TOKEN, WEBHOOK_SECRET]
    for (const secret of [...hostSecrets, ...orgKeys, PLUS_SECRET]) {
      const forms = [percentAll(secret), percentSome(secret), ...(hostSecrets.includes(secret) ? [bare(secret), percentSome(bare(secret))] : [])]
      for (const form of forms) {
        await call('encoded in query', 'GET', `/v1/accounts?note=${form}&key=${form}`)
        // (The 404 names the id it was asked for, to the client that sent it: only the log's copy is checked.)
        await server.request('GET', `/v1/transactions/${form}`)
        await call('encoded in headers', 'GET', '/v1/accounts', { headers: { 'x-note': form, 'idempotency-key': form } })
      }
      for (const form of [...forms, jsonEscaped(secret)]) {
        const body = `{"phoneNumber":"0712345678","amount":"lots","merchantTransactionId":"${ref('enc')}","narration":"${form}"}`
        await call('encoded in body', 'POST', '/v1/mobile/charge', { rawBody: body, headers: { 'content-type': 'application/json' } })
        await call('encoded, refused', 'POST', '/v1/mobile/charge', { rawBody: body, headers: { 'content-type': 'application/json', authorization: 'Bearer sk_test_madeUp000000000000000000' } })
      }
    }
    // A new key is shown once, at creation (that answer is expected to hold it), then works, is revoked, and fails.
    const created = await server.request('POST', '/console/keys', { headers: consoleAuth('test'), body: { label: 'leak check' } })
    const newKey: string = created.body.data.key
    await call('new key', 'GET', '/v1/accounts', { headers: { authorization: `Bearer ${newKey}` } })
    await call('list keys', 'GET', '/console/keys', { headers: consoleAuth('test') })
    await call('revoke', 'POST', `/console/keys/${created.body.data.id}/revoke`, { headers: consoleAuth('test') })
    await call('revoked key', 'GET', '/v1/accounts', { headers: { authorization: `Bearer ${newKey}` } })
    // An internal error (500): the engine logs it without the request's data.
    const insert = vi.spyOn(server.service.internals.store.transactions, 'insert').mockImplementationOnce(() => {
      throw new Error('SQLITE_IOERR: disk I/O error')
    })
    const failed = await call('internal error', 'POST', '/v1/mobile/charge', { body: chargeBody({ narration: 'provoke a 500' }) })
    expect(failed.status).toBe(500)
    insert.mockRestore()
    // Webhooks: signed deliveries to an endpoint failing every other time, and to one refusing connections.
    const refused = `http://127.0.0.1:${await unusedPort()}/hook`
    // (The endpoint resource shows its signing secret to the console by design: that answer is not recorded.)
    await server.request('PUT', '/console/webhooks/endpoint', { headers: consoleAuth('test'), body: { defaultUrl: hook.url } })
    const chargeIds: string[] = []
    for (let i = 0; i < 4; i++) {
      const charge = await call('charge', 'POST', '/v1/mobile/charge', { body: chargeBody({ webhookUrl: i % 2 ? refused : hook.url }) })
      chargeIds.push(charge.body.data.transactionId)
    }
    for (let i = 0; i < 6; i++) {
      server.clock.advance(30_000)
      await server.service.tick()
    }
    await call('event log', 'GET', '/console/webhooks/events?limit=50', { headers: consoleAuth('test') })
    await call('live event log', 'GET', '/console/webhooks/events?limit=50', { headers: consoleAuth('live') })
    // The request log (Developers → Requests) holds every /v1 request above, with headers and bodies: read all of it.
    for (const environment of ['test', 'live'] as const) {
      let cursor: string | null = null
      do {
        const page = await call('request log', 'GET', `/console/requests?limit=200${cursor ? `&cursor=${cursor}` : ''}`, { headers: consoleAuth(environment) })
        expect(page.status).toBe(200)
        for (const entry of page.body.data.items as { requestId: string }[]) {
          await call('request log entry', 'GET', `/console/requests/${entry.requestId}`, { headers: consoleAuth(environment) })
        }
        cursor = page.body.data.nextCursor
      } while (cursor)
    }
    expect(answers.filter((a) => a.label === 'request log entry').length).toBeGreaterThan(200)
    // The same log as HAR, and each charge's evidence bundle (every webhook attempt as sent, its logged requests).
    for (const environment of ['test', 'live'] as const) {
      expect((await call('request log HAR', 'GET', '/console/requests.har?limit=5000', { headers: consoleAuth(environment) })).status).toBe(200)
    }
    for (const id of chargeIds) {
      const bundle = await call('evidence bundle', 'GET', `/console/transactions/${id}/evidence`, { headers: consoleAuth('test') })
      expect(bundle.status).toBe(200)
      expect(bundle.body.webhooks.events.length).toBeGreaterThan(0)
    }
    const liveEndpoint = await server.request('GET', '/console/webhooks/endpoint', { headers: consoleAuth('live') })
    const liveSecret: string = liveEndpoint.body.data.secret

    expect(hook.requests.length).toBeGreaterThan(4)
    expect(logged.some((line) => line.includes('internal error'))).toBe(true)
    const secrets = { TEST_KEY, LIVE_KEY, CONSOLE_TOKEN, WEBHOOK_SECRET, liveSecret, newKey, orgTestKey: orgKeys[0]!, orgLiveKey: orgKeys[1]! }
    const haystacks = [
      ...logged.map((text) => ({ label: 'log', text })),
      ...answers,
      ...hook.requests.map((r) => ({ label: 'webhook request', text: `${JSON.stringify(r.headers)} ${r.body}` })),
    ]
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length).toBeGreaterThan(16)
      expect(haystacks.filter((h) => h.text.includes(secret)).map((h) => `${name} in ${h.label}`)).toEqual([])
    }
    expect(haystacks.filter((h) => presented.some((guess) => h.text.includes(guess))).map((h) => h.label)).toEqual([])
    for (const [name, secret] of Object.entries({ newKey, liveSecret, orgTestKey: orgKeys[0]!, orgLiveKey: orgKeys[1]! })) {
      const pieces = fragments(secret)
      expect(haystacks.filter((h) => pieces.some((piece) => h.text.includes(piece))).map((h) => `part of ${name} in ${h.label}`)).toEqual([])
    }
    // Nothing of a secret in what any of it decodes to either (a key sent percent-encoded or escaped and kept so).
    const decoded = haystacks.map((h) => ({ label: h.label, text: decodeAll(h.text) }))
    for (const [name, secret] of Object.entries({ ...secrets, PLUS_SECRET })) {
      expect(decoded.filter((h) => h.text.includes(secret)).map((h) => `${name} decoded from ${h.label}`)).toEqual([])
    }
    for (const [name, secret] of Object.entries({ TEST_KEY, LIVE_KEY, CONSOLE_TOKEN, WEBHOOK_SECRET })) {
      expect(decoded.filter((h) => h.text.includes(bare(secret))).map((h) => `${name} without its prefix in ${h.label}`)).toEqual([])
    }
    for (const [name, secret] of Object.entries({ PLUS_SECRET, orgTestKey: orgKeys[0]!, orgLiveKey: orgKeys[1]! })) {
      const pieces = fragments(secret)
      expect(decoded.filter((h) => pieces.some((piece) => h.text.includes(piece))).map((h) => `part of ${name} decoded from ${h.label}`)).toEqual([])
    }
    // The webhook secret's base64 part is the Standard Webhooks key: not in a request either.
    expect(hook.requests.filter((r) => JSON.stringify(r).includes(WEBHOOK_SECRET.slice('whsec_'.length)))).toEqual([])

    // API keys are stored hashed: not one of them is in the database file or its WAL.
    await server.close()
    const stored = ['', '-wal'].map((suffix) => (existsSync(dbPath + suffix) ? readFileSync(dbPath + suffix).toString('latin1') : '')).join('')
    expect(stored.length).toBeGreaterThan(0)
    for (const key of [TEST_KEY, LIVE_KEY, newKey, ...orgKeys]) expect(stored.includes(key)).toBe(false)
  })
})
