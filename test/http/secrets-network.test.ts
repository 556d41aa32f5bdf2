import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseServeOptions } from '../../electron/cli/options'
import { startHttpServer } from '../../electron/http/server'
import { CONSOLE_TOKEN, TEST_KEY, startTestServer, testService, type TestServer } from '../support/harness'
import { rawRequest } from '../support/node-http'
import { chargeBody } from './helpers'

/**
 * Who can reach the HTTP server, and what a web page in the user's browser can make it do. It listens on
 * loopback only unless told otherwise; a page on another site that resolves its own name to 127.0.0.1
 * (DNS rebinding) is refused by the Host check; no CORS header lets a page read an answer; and a
 * cross-site form or simple request (CSRF) cannot carry the bearer credential the API requires.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ consolePage: true })
})
afterAll(() => server.close())

const port = () => Number(new URL(server.url).port)

/** node:http, because fetch cannot set Host (a forbidden header) nor send every method. */
const raw = (method: string, path: string, headers: Record<string, string>, body?: string) => rawRequest(server.url, method, path, headers, body)

describe('where the server listens', () => {
  it('binds 127.0.0.1 when no host is given, and every host passes loopback unless told otherwise', async () => {
    const { service } = testService()
    const http = await startHttpServer({ service, port: 0 })
    try {
      expect((http.server.address() as AddressInfo).address).toBe('127.0.0.1')
      expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    } finally {
      await http.close()
      service.close()
    }
    expect(parseServeOptions([], {}).host).toBe('127.0.0.1')
    const desktop = readFileSync(resolve(__dirname, '../../electron/main/http-host.ts'), 'utf8')
    expect([...desktop.matchAll(/startHttpServer\(\{[^}]*\}/g)].map((m) => m[0])).toEqual([
      expect.stringContaining("host: '127.0.0.1'"), expect.stringContaining("host: '127.0.0.1'"),
    ])
  })
})

describe('DNS rebinding: a foreign Host is refused on every surface, whatever the credential', () => {
  const surfaces: [string, Record<string, string>][] = [
    ['/v1/accounts', { authorization: `Bearer ${TEST_KEY}` }],
    ['/console/info', { authorization: `Bearer ${CONSOLE_TOKEN}` }],
    ['/console/events', { authorization: `Bearer ${CONSOLE_TOKEN}` }],
    ['/', {}],
    ['/openapi.json', {}],
  ]
  const foreign = () => [
    `evil.example:${port()}`, 'evil.example', `127.0.0.1.evil.example:${port()}`, `localhost.evil.example:${port()}`, `127.0.0.1@evil.example:${port()}`,
    `0.0.0.0:${port()}`, `127.0.0.2:${port()}`, `192.168.1.20:${port()}`, `127.0.0.1:${port() + 1}`, `localhost:${port()}.evil.example`,
  ]

  it.each(surfaces)('%s', async (path, credential) => {
    for (const host of foreign()) {
      const response = await raw('GET', path, { ...credential, host })
      expect(response.status, `Host: ${host}`).toBe(403)
      expect(JSON.parse(response.text).error.message, `Host: ${host}`).toMatch(/Host header is not allowed/)
    }
    for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`, `LOCALHOST:${port()}`, `[::1]:${port()}`]) {
      const response = await raw('GET', path === '/console/events' ? '/console/info' : path, { ...credential, host })
      expect(response.status, `Host: ${host}`).toBe(200)
    }
  })
})

describe('a web page in the user\'s browser', () => {
  const page = { origin: 'https://evil.example', referer: 'https://evil.example/attack.html' }

  it('gets no CORS permission, so it cannot read any answer: preflights are refused and answers carry no Access-Control headers', async () => {
    const preflight = await raw('OPTIONS', '/v1/mobile/charge', { ...page, host: `127.0.0.1:${port()}`, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' })
    expect(preflight.status).toBeGreaterThanOrEqual(400)
    const read = await raw('GET', '/console/info', { ...page, host: `127.0.0.1:${port()}`, authorization: `Bearer ${CONSOLE_TOKEN}` })
    for (const response of [preflight, read]) expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([])
  })

  it('cannot move money with a cross-site form or simple request (CSRF): no bearer credential, and no JSON without a preflight', async () => {
    const before = server.service.internals.store.db.prepare('SELECT COUNT(*) AS n FROM transactions').get() as { n: number }
    const json = JSON.stringify(chargeBody())
    const simple: [string, string][] = [
      ['text/plain', json], ['application/x-www-form-urlencoded', 'phoneNumber=0712345678&amount=10000&merchantTransactionId=csrf-1'],
      ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="amount"\r\n\r\n10000\r\n--x--`],
    ]
    for (const [contentType, body] of simple) {
      // What a browser sends cross-site without a preflight: no Authorization header (cookies are never credentials here).
      // Refused either way: the body is not JSON (400, checked as it is read) and there is no credential (401).
      const anonymous = await raw('POST', '/v1/mobile/charge', { ...page, host: `127.0.0.1:${port()}`, 'content-type': contentType, cookie: `token=${CONSOLE_TOKEN}` }, body)
      expect([400, 401], contentType).toContain(anonymous.status)
      // Even holding a key, a non-JSON body is refused before any operation runs.
      const keyed = await raw('POST', '/v1/mobile/charge', { ...page, host: `127.0.0.1:${port()}`, 'content-type': contentType, authorization: `Bearer ${TEST_KEY}` }, body)
      expect(keyed.status, contentType).toBe(400)
    }
    const after = server.service.internals.store.db.prepare('SELECT COUNT(*) AS n FROM transactions').get() as { n: number }
    expect(after.n).toBe(before.n)
  })

  it('cannot use the console token from the console URL (?token=) or a cookie: only the Authorization header counts', async () => {
    expect((await raw('GET', `/console/info?token=${CONSOLE_TOKEN}`, { host: `127.0.0.1:${port()}` })).status).toBe(401)
    expect((await raw('GET', '/console/info', { host: `127.0.0.1:${port()}`, cookie: `token=${CONSOLE_TOKEN}` })).status).toBe(401)
  })

  it('cannot frame the console (clickjacking) or run foreign scripts in it', async () => {
    const response = await raw('GET', '/', { host: `127.0.0.1:${port()}` })
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(String(response.headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/)
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'/)
  })
})
