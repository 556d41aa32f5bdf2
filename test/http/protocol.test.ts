import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { rawRequest } from '../support/node-http'
import { bearer, chargeBody, errorOf } from './helpers'

const MIB = 1024 * 1024

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ consolePage: true })
})
afterAll(() => server.close())

/** node:http, for what fetch will not send: a declared Content-Length with no body, a chunked body without a length, raw bytes. */
const raw = (method: string, path: string, headers: Record<string, string>, body?: Buffer | 'declared-only') => rawRequest(server.url, method, path, headers, body)

describe('unknown routes and wrong methods', () => {
  it('answers 404 in the envelope for an unknown path, before authentication', async () => {
    for (const path of ['/v1/nope', '/v1/mobile/charge/extra', '/console/nope', '/v2/accounts', '/v1/transactions/']) {
      const response = await server.request('GET', path, { headers: { authorization: '' } })
      expect(response.status).toBe(404)
      expect(errorOf(response.body)).toMatchObject({ type: 'not_found_error', code: 'resource_not_found', param: null })
      expect(errorOf(response.body).message).toMatch(/No route GET/)
    }
  })

  it('answers 405 with an Allow header for a known path with the wrong method, before authentication', async () => {
    const wrong = await server.request('GET', '/v1/mobile/charge', { headers: { authorization: '' } })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
    expect(errorOf(wrong.body)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_parameter', param: null })
    expect(errorOf(wrong.body).message).toMatch(/use POST/)
    const deleted = await server.request('DELETE', '/v1/accounts')
    expect(deleted.status).toBe(405)
    expect(deleted.headers.get('allow')).toBe('GET')
  })

  it('serves the console build and /openapi.json outside /v1, and 404s other files', async () => {
    const page = await fetch(`${server.url}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/)
    expect(page.headers.get('x-request-id')).toMatch(/^req_/)
    expect((await server.request('GET', '/openapi.json')).status).toBe(200)
    const missing = await server.request('GET', '/no-such-file.js')
    expect(missing.status).toBe(404)
    expect(errorOf(missing.body).code).toBe('resource_not_found')
  })
})

describe('request bodies', () => {
  it('refuses malformed JSON with 400, before authentication', async () => {
    for (const text of ['{', '{"amount": 1,}', 'undefined', "{'a':1}"]) {
      const response = await server.request('POST', '/v1/mobile/charge', { rawBody: text, headers: { 'content-type': 'application/json', authorization: '' } })
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ type: 'invalid_request_error', code: 'invalid_parameter', param: null })
      expect(errorOf(response.body).message).toMatch(/not valid JSON/)
    }
  })

  it('refuses a body that is not sent as application/json', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await server.request('POST', '/v1/mobile/charge', { rawBody: JSON.stringify(chargeBody()), headers: { 'content-type': contentType } })
      expect(response.status).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ code: 'invalid_parameter', param: 'Content-Type' })
    }
    const missing = await raw('POST', '/v1/mobile/charge', { authorization: `Bearer ${TEST_KEY}` }, Buffer.from(JSON.stringify(chargeBody())))
    expect(missing.status).toBe(400)
    expect(errorOf(missing.body).param).toBe('Content-Type')
  })

  it('accepts application/json with a charset and +json media types', async () => {
    for (const contentType of ['application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json']) {
      const response = await server.request('POST', '/v1/mobile/charge', { rawBody: JSON.stringify(chargeBody()), headers: { 'content-type': contentType } })
      expect(response.status).toBe(202)
    }
  })

  it('refuses a body that is not UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('{"narration":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')])
    const response = await server.request('POST', '/v1/mobile/charge', { rawBody: bytes, headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(400)
    expect(errorOf(response.body).message).toMatch(/UTF-8/)
  })

  it('accepts a body of exactly 1 MiB and refuses a larger one with 413', async () => {
    const json = JSON.stringify(chargeBody())
    const exact = Buffer.from(json + ' '.repeat(MIB - Buffer.byteLength(json)))
    expect(exact.length).toBe(MIB)
    const accepted = await server.request('POST', '/v1/mobile/charge', { rawBody: exact, headers: { 'content-type': 'application/json' } })
    expect(accepted.status).toBe(202)

    const tooBig = await server.request('POST', '/v1/mobile/charge', { rawBody: Buffer.concat([exact, Buffer.from(' ')]), headers: { 'content-type': 'application/json' } })
    expect(tooBig.status).toBe(413)
    expect(errorOf(tooBig.body)).toMatchObject({ type: 'invalid_request_error', param: null })
    expect(errorOf(tooBig.body).message).toMatch(/exceeds 1048576 bytes/)
  })

  it('answers 413 from the declared Content-Length without waiting for the body', async () => {
    const response = await raw('POST', '/v1/mobile/charge', { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', 'content-length': String(50 * MIB) }, 'declared-only')
    expect(response.status).toBe(413)
    expect(response.headers['connection']).toBe('close')
  })

  it('answers 413 for a chunked body that grows past the limit', async () => {
    const response = await raw('POST', '/v1/mobile/charge', { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, Buffer.alloc(MIB + 10, 0x20))
    expect(response.status).toBe(413)
  })

  it('ignores a body sent with GET', async () => {
    const response = await raw('GET', '/v1/accounts', { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' }, Buffer.from('{not json'))
    expect(response.status).toBe(200)
  })
})

describe('X-Request-Id', () => {
  it('is on every response, unique, and echoed as error.requestId', async () => {
    const responses = [
      await server.request('GET', '/v1/accounts'),
      await server.request('GET', '/v1/nope'),
      await server.request('GET', '/v1/mobile/charge'),
      await server.request('GET', '/v1/accounts', { headers: { authorization: '' } }),
      await server.request('POST', '/v1/mobile/charge', { body: {} }),
      await server.request('GET', '/openapi.json'),
    ]
    const ids = responses.map((r) => r.headers.get('x-request-id'))
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{10,}$/)
    expect(new Set(ids).size).toBe(ids.length)
    // Ids of requests answered in turn sort in that order by their time part (the request log's index stays
    // append-only; ids.ts randomRequestId), whatever their random rest.
    const timeParts = ids.map((id) => id!.slice(4, 14))
    expect([...timeParts].sort()).toEqual(timeParts)
    const later = await new Promise<string>((done) => setTimeout(async () => done((await server.request('GET', '/healthz')).headers.get('x-request-id')!), 5))
    expect(later.slice(4, 14) > timeParts[timeParts.length - 1]!).toBe(true)
    for (const response of responses.filter((r) => r.status >= 400)) {
      expect(errorOf(response.body).requestId).toBe(response.headers.get('x-request-id'))
    }
  })
})

describe('never a 500 for bad input', () => {
  it('answers 4xx for malformed percent-encoding, odd paths and odd headers', async () => {
    const cases: [string, string, Record<string, string>?][] = [
      ['GET', '/v1/transactions/%E0%A4%A'],
      ['GET', '/%E0%A4%A'],
      ['GET', '/v1/transactions/%00'],
      ['GET', '/v1/transaction?transactionId=%FF'],
      ['GET', '/v1/balance?accountNo[]=1'],
      ['POST', '/console/keys/%ZZ/revoke', bearer(CONSOLE_TOKEN)],
      ['GET', '/v1/accounts', { authorization: `Bearer ${'x'.repeat(5000)}` }],
      ['GET', '/v1/accounts', { authorization: 'Bearer sk_test_ünïcode' }],
      ['POST', '/v1/mobile/charge', { 'idempotency-key': 'x'.repeat(2000) }],
    ]
    for (const [method, path, headers] of cases) {
      const response = await server.request(method, path, { headers })
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
      expect(response.status, `${method} ${path}`).toBeLessThan(500)
      expect(errorOf(response.body).requestId).toBe(response.headers.get('x-request-id'))
    }
    const encoded = await server.request('GET', '/v1/transactions/%E0%A4%A')
    expect(errorOf(encoded.body)).toMatchObject({ code: 'invalid_parameter', param: 'transactionId' })
  })

  it('answers 4xx for hostile JSON bodies', async () => {
    const bodies = [
      '{"__proto__": {"admin": true}}',
      `{"amount": 1e400, "phoneNumber": "0712345678", "merchantTransactionId": "x"}`,
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `{"metadata": ${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
      JSON.stringify(chargeBody({ phoneNumber: ['0712345678'] })),
      JSON.stringify(chargeBody({ amount: { value: 100 } })),
    ]
    for (const text of bodies) {
      const response = await server.request('POST', '/v1/mobile/charge', { rawBody: text, headers: { 'content-type': 'application/json' } })
      expect(response.status, text.slice(0, 40)).toBe(400)
    }
  })
})

describe('rate limit', () => {
  it('answers 429 rate_limit_error with Retry-After once a key spends its budget, and refills with time', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 3 })
    try {
      for (let i = 0; i < 3; i++) expect((await limited.request('GET', '/v1/accounts')).status).toBe(200)
      const refused = await limited.request('GET', '/v1/accounts')
      expect(refused.status).toBe(429)
      expect(errorOf(refused.body)).toMatchObject({ type: 'rate_limit_error', code: 'too_many_requests', param: null })
      expect(refused.headers.get('retry-after')).toBe('20')

      // Other keys have their own budget; console routes are not limited.
      expect((await limited.request('GET', '/v1/accounts', { headers: bearer(LIVE_KEY) })).status).toBe(200)
      for (let i = 0; i < 5; i++) expect((await limited.request('GET', '/console/info', { headers: bearer(CONSOLE_TOKEN) })).status).toBe(200)

      limited.clock.advance(19_000)
      expect((await limited.request('GET', '/v1/accounts')).status).toBe(429)
      limited.clock.advance(1_000)
      expect((await limited.request('GET', '/v1/accounts')).status).toBe(200)
      expect((await limited.request('GET', '/v1/accounts')).status).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('is checked before the body and authentication', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 1 })
    try {
      const garbage = { rawBody: '{', headers: { authorization: 'Bearer sk_test_unknownkey0000001', 'content-type': 'application/json' } }
      expect((await limited.request('POST', '/v1/mobile/charge', garbage)).status).toBe(400)
      const refused = await limited.request('POST', '/v1/mobile/charge', garbage)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('60')
    } finally {
      await limited.close()
    }
  })

  it('is off with 0', async () => {
    for (let i = 0; i < 50; i++) expect((await server.request('GET', '/v1/local-bank-codes?country=KE')).status).toBe(200)
  })
})
