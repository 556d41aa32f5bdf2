import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest'
import { fuzzPlan, fuzzWithin, hostileTally } from '../support/fuzz-budget'
import { CONSOLE_TOKEN, TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { rawExchange, sendOnAfterClose, type RawAnswer } from '../support/raw-http'
import { chargeBody, errorOf } from './helpers'

/**
 * Below the route table: requests no HTTP client library would send (bad header bytes, absolute-form
 * targets, oversized heads, hang-ups mid-body) and structural attacks on parsed input (__proto__ keys).
 * Each was a real defect before the fix named in the test.
 */
const tally = hostileTally('fuzz-protocol')
let server: TestServer
let port: number
let errors: MockInstance<typeof console.error>
beforeAll(async () => {
  server = await startTestServer()
  port = Number(new URL(server.url).port)
})
afterAll(async () => {
  tally.report()
  await server.close()
})
beforeAll(() => {
  errors = vi.spyOn(console, 'error')
})
afterEach(() => {
  // Nothing here is a bug of the server: none of it may be logged as an internal error.
  const logged = errors.mock.calls.map((call) => call.map(String).join(' '))
  errors.mockClear()
  expect(logged).toEqual([])
})
afterAll(() => errors.mockRestore())

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`
const host = () => `Host: 127.0.0.1:${port}`

/** The envelope every refusal carries, with error.requestId equal to the X-Request-Id header. */
function expectEnvelope(answer: RawAnswer, status: number) {
  expect(answer.status).toBe(status)
  const error = errorOf(JSON.parse(answer.body))
  expect(error.requestId).toMatch(/^req_/)
  expect(error.requestId).toBe(answer.headers['x-request-id'])
  return error
}

async function expectHealthy() {
  expect((await server.request('GET', '/console/info', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` } })).status).toBe(200)
}

describe('requests node:http parses but no client library sends', () => {
  it('an absolute-form target that is not a valid URL is a 400, not a 500 (new URL used to throw in the adapter)', async () => {
    const answer = await rawExchange(port, [head([`GET http://[bad/v1/accounts HTTP/1.1`, host(), `Authorization: Bearer ${TEST_KEY}`, 'Connection: close'])])
    expect(expectEnvelope(answer, 400).message).toMatch(/not a valid URL/)
    const valid = await rawExchange(port, [head([`GET http://127.0.0.1:${port}/v1/accounts HTTP/1.1`, host(), `Authorization: Bearer ${TEST_KEY}`, 'Connection: close'])])
    expect(valid.status).toBe(200)
  })

  it('bytes node refuses in a header get the error envelope and a closed connection (node used to answer a bare status line)', async () => {
    const answer = await rawExchange(port, [head(['GET /v1/accounts HTTP/1.1', host(), 'X-Bad: a\u0001b'])])
    expect(expectEnvelope(answer, 400).code).toBe('invalid_parameter')
    expect(answer.closedAfterMs).not.toBeNull()
    await expectHealthy()
  })

  it('an HTTP/1.1 request without Host is refused in the envelope like a foreign Host (node answered a bare 400)', async () => {
    const answer = await rawExchange(port, [head(['GET /v1/accounts HTTP/1.1', `Authorization: Bearer ${TEST_KEY}`, 'Connection: close'])])
    expect(expectEnvelope(answer, 403).message).toMatch(/Host header/)
  })

  it('a request head over node\'s header limit gets 431 in the envelope', async () => {
    const answer = await rawExchange(port, [head(['GET /v1/accounts HTTP/1.1', host(), `X-Big: ${'a'.repeat(20_000)}`])])
    expect(expectEnvelope(answer, 431).type).toBe('invalid_request_error')
    await expectHealthy()
  })

  // What the client sends at once: all of a 200 KB head (the parser refuses it after 16 KiB, the rest unread).
  it('a refused head is closed in stages, never reset: a client still sending reads its 431 or 400', async () => {
    const tooLarge = await sendOnAfterClose(port, head(['GET /v1/accounts HTTP/1.1', host(), `X-Big: ${'a'.repeat(200_000)}`]))
    expect(tooLarge.text.startsWith('HTTP/1.1 431 ')).toBe(true)
    expect(tooLarge.errors).toEqual([])
    const notHttp = await sendOnAfterClose(port, `GET /v1/accounts HTTP/1.1\r\n${host()}\r\nX-Bad\u0001: 1\r\n${'X-Pad: b\r\n'.repeat(20_000)}\r\n`)
    expect(notHttp.text.startsWith('HTTP/1.1 400 ')).toBe(true)
    expect(notHttp.errors).toEqual([])
    await expectHealthy()
  })

  it('a client hanging up in the middle of its body is neither answered nor logged as an internal error', async () => {
    const partial = head(['POST /v1/mobile/charge HTTP/1.1', host(), `Authorization: Bearer ${TEST_KEY}`, 'Content-Type: application/json', 'Content-Length: 500']) + '{"phoneNumber":'
    const answer = await rawExchange(port, [partial], { waitMs: 200 })
    expect(answer.status).toBeNull()
    // Give the server the moment it needs to notice the hang-up (the afterEach checks the log).
    await new Promise((resolve) => setTimeout(resolve, 100))
    await expectHealthy()
  })

  it('random request lines and header bytes never get a 5xx, and the server keeps serving', async () => {
    const token = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT', 'G\u0000T', 'get', '', 'PRI')
    const target = fc.oneof(
      fc.constantFrom('/v1/accounts', '/console/info', '*', '/', '//', '/v1/../console/info', 'http://[::1', `http://127.0.0.1:${port}/v1/accounts`, '/%', '/v1/transactions/%ZZ', 'v1/accounts'),
      fc.string({ unit: 'binary-ascii', maxLength: 40 }),
    )
    const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 extra', '', 'HTTP/9.9')
    const headerLine = fc.oneof(
      fc.constantFrom(host(), `Authorization: Bearer ${TEST_KEY}`, 'Content-Length: -1', 'Content-Length: 1, 2', 'Transfer-Encoding: chunked', 'Transfer-Encoding: gzip, chunked', 'Expect: 100-continue', ' folded', 'NoColon', ': empty-name', 'Content-Type: application/json'),
      fc.tuple(fc.string({ unit: 'binary-ascii', maxLength: 12 }), fc.string({ unit: 'binary-ascii', maxLength: 30 })).map(([k, v]) => `${k}: ${v}`),
    )
    const request = fc.tuple(token, target, version, fc.array(headerLine, { maxLength: 6 }), fc.string({ unit: 'binary-ascii', maxLength: 40 }))
    // 150 requests at most, 50 always; the seed and the time budget (four routes' worth): test/support/fuzz-budget.ts.
    const outcome = await fuzzWithin(fuzzPlan('request lines', 150, 50, 4), request, async ([method, path, protocol, headers, body]) => {
      const answer = await rawExchange(port, [`${method} ${path} ${protocol}\r\n${[...headers, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`], { waitMs: 1_000 })
      // Either no answer at all (the parser gave up on a connection it cannot frame) or a non-5xx in the envelope.
      if (answer.status !== null) {
        expect(answer.status).toBeLessThan(500)
        if (answer.status >= 400) expect(() => errorOf(JSON.parse(answer.body))).not.toThrow()
      }
    })
    tally.add(outcome.runs)
    expect(outcome.failure).toBeNull()
    await expectHealthy()
  })
})

describe('prototype keys in parsed input', () => {
  it('a metadata key __proto__ is refused, not silently dropped (zod\'s record copied it by assignment)', async () => {
    for (const value of ['null', '"x"', '{"admin":true}']) {
      const text = JSON.stringify(chargeBody()).replace(/}$/, `,"metadata":{"order":"1","__proto__":${value}}}`)
      const response = await server.request('POST', '/v1/mobile/charge', { rawBody: text, headers: { 'content-type': 'application/json' } })
      expect(response.status, value).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ code: 'invalid_parameter', param: 'metadata.__proto__' })
    }
  })

  it('keys named like Object.prototype members are ordinary metadata, stored and echoed', async () => {
    const response = await server.request('POST', '/v1/mobile/charge', { body: chargeBody({ metadata: { constructor: 'c', toString: 't', hasOwnProperty: 1 } }) })
    expect(response.status).toBe(202)
    const stored = await server.request('GET', `/v1/transaction?transactionId=${response.body.data.transactionId}`)
    expect(stored.body.data.metadata).toEqual({ constructor: 'c', toString: 't', hasOwnProperty: 1 })
  })

  it('?__proto__= is refused as a parameter instead of replacing the query object\'s prototype', async () => {
    for (const query of ['__proto__=x', '__proto__=x&__proto__=y', 'accountNo=1&__proto__=']) {
      const response = await server.request('GET', `/v1/balance?${query}`)
      expect(response.status, query).toBe(400)
      expect(errorOf(response.body)).toMatchObject({ code: 'invalid_parameter', param: '__proto__' })
    }
  })

  it('a nested __proto__ anywhere in a body is named by its dotted path', async () => {
    const text = '{"amount":1,"metadata":{"a":[{"__proto__":{}}]}}'
    const response = await server.request('POST', '/v1/mobile/b2c', { rawBody: text, headers: { 'content-type': 'application/json' } })
    expect(errorOf(response.body)).toMatchObject({ code: 'invalid_parameter', param: 'metadata.a.0.__proto__' })
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined()
  })
})
