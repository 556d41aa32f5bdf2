import fc from 'fast-check'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, WEBHOOK_SECRET, startTestServer, type TestServer } from '../support/harness'
import { ENCODINGS, bare, decodeAll, encodeWith } from '../support/encoded-secrets'
import { fuzzPlan, fuzzWithin, hostileTally } from '../support/fuzz-budget'
import { consoleAuth } from './helpers'

/**
 * Property-based fuzzing of the request log's redaction over HTTP: a secret (the host's console token, keys
 * or webhook secret, with or without its prefix, or any key- or secret-shaped string with its prefix), with
 * its characters written literally, percent-encoded once or twice, or JSON-escaped, in a query, a path, a
 * header, an Idempotency-Key or a body, sent with a valid key, a made-up one or none. The log entry, read
 * back through the console, holds nothing of the secret in what it decodes to. Seed and time budget:
 * test/support/fuzz-budget.ts (FUZZ_SEED replays a failure).
 */
const CASES = Number(process.env['FUZZ_CASES_PER_ROUTE'] ?? 512)
const BATCH = 16

const HOST_SECRETS = [TEST_KEY, LIVE_KEY, CONSOLE_TOKEN, WEBHOOK_SECRET]
const PLACES = ['query', 'path', 'header', 'idempotencyKey', 'jsonBody', 'formBody'] as const
const AUTH = [`Bearer ${TEST_KEY}`, 'Bearer sk_test_madeUpKey0000000000000000', null] as const

/** The secret, and what of it must not survive: its random part, or all but its prefix. */
const secret = fc.oneof(
  fc.tuple(fc.constantFrom(...HOST_SECRETS), fc.boolean()).map(([value, withPrefix]) => ({ sent: withPrefix ? value : bare(value), kept: bare(value) })),
  fc.tuple(fc.constantFrom('sk_test_', 'sk_live_', 'pdc_'), fc.stringMatching(/^[A-Za-z0-9]{16,40}$/)).map(([prefix, random]) => ({ sent: prefix + random, kept: random })),
  fc.stringMatching(/^[A-Za-z0-9+/=]{16,40}$/).map((random) => ({ sent: `whsec_${random}`, kept: random })),
)
const fuzzCase = fc.record({
  secret,
  // URLs turn `\` into `/`: JSON escapes only where JSON or header text carries them.
  encodings: fc.array(fc.nat(ENCODINGS.length - 1), { minLength: 1, maxLength: 8 }),
  place: fc.constantFrom(...PLACES),
  auth: fc.nat(AUTH.length - 1),
  before: fc.constantFrom('', 'x', 'note=', '"', ' '),
})
type Case = typeof fuzzCase extends fc.Arbitrary<infer T> ? T : never

const tally = hostileTally('fuzz-redaction')
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  tally.report()
  await server.close()
})

function requestOf(c: Case): { method: string; path: string; headers: Record<string, string>; body?: string } {
  const inUrl = c.place === 'query' || c.place === 'path'
  const written = c.before + encodeWith(c.secret.sent, inUrl ? c.encodings.map((e) => e % 3) : c.encodings)
  const headers: Record<string, string> = {}
  const auth = AUTH[c.auth]
  if (auth) headers['authorization'] = auth
  switch (c.place) {
    case 'query':
      return { method: 'GET', path: `/v1/accounts?q=${written}`, headers }
    case 'path':
      return { method: 'GET', path: `/v1/transactions/${written}`, headers }
    case 'header':
      return { method: 'GET', path: '/v1/accounts', headers: { ...headers, 'x-note': written } }
    case 'idempotencyKey':
      return { method: 'POST', path: '/v1/mobile/charge', headers: { ...headers, 'idempotency-key': written, 'content-type': 'application/json' }, body: '{}' }
    case 'jsonBody':
      return { method: 'POST', path: '/v1/mobile/charge', headers: { ...headers, 'content-type': 'application/json' }, body: `{"narration":"${written}","amount":"x"}` }
    case 'formBody':
      return { method: 'POST', path: '/v1/mobile/charge', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: `narration=${written}` }
  }
}

/** Sends one case and reads its log entry back; returns what is wrong, or null. */
async function check(c: Case): Promise<string | null> {
  const request = requestOf(c)
  const answer = await fetch(server.url + request.path, { method: request.method, headers: request.headers, body: request.body })
  await answer.arrayBuffer()
  const requestId = answer.headers.get('x-request-id')!
  const environment = request.headers['authorization']?.includes('sk_live_') ? 'live' : 'test'
  const entry = await server.request('GET', `/console/requests/${requestId}`, { headers: consoleAuth(environment) })
  if (entry.status !== 200) return `${request.method} ${request.path}: not in the log (${entry.status})`
  const stored = decodeAll(JSON.stringify(entry.body.data))
  return stored.includes(c.secret.kept) ? `${c.place} ${JSON.stringify(request).slice(0, 400)}: the log keeps ${c.secret.kept}` : null
}

describe('fuzzing the request log with encoded secrets', () => {
  it('keeps nothing of a secret, however it is encoded and wherever it is sent', { timeout: 120_000 }, async () => {
    // Never fewer than 128 cases, whatever the clock says; the budget (four routes' worth) decides how many more.
    const outcome = await fuzzWithin(fuzzPlan('redaction', Math.ceil(CASES / BATCH), 128 / BATCH, 4), fc.array(fuzzCase, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      const problems = (await Promise.all(batch.map(check))).filter((problem) => problem !== null)
      if (problems.length > 0) throw new Error(problems.join('\n'))
    })
    tally.add(outcome.runs * BATCH)
    if (outcome.failure !== null) throw new Error(`redaction fuzzing failed ${outcome.failure}`)
  })
})
