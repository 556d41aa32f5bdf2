import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTES } from '../../shared/api/routes'
import { CONSOLE_TOKEN, LIVE_KEY, TEST_KEY, startTestServer, type TestServer } from '../support/harness'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** Every console route of the table, with placeholder path parameters (auth is checked before params). */
const consoleRoutes = Object.entries(ROUTES)
  .filter(([, route]) => route.surface === 'console')
  .map(([id, route]) => ({ id, method: route.method, path: route.path.replace(/\{[^}]+\}/g, 'placeholder') }))

/** The first owner's setup (POST /console/setup) is reached with the one-time link's token, not the console token. */
const REACHED_BY_BODY_TOKEN = new Set(['console.setup.create'])

/** node's fetch cannot set Host (a forbidden header), so the DNS-rebinding checks use node:http directly. */
function rawRequest(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method: 'GET', headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const port = () => new URL(server.url).port

describe('console routes over HTTP need the console token', () => {
  it('covers every console route of the table', () => {
    expect(consoleRoutes.map((route) => route.id)).toEqual(expect.arrayContaining(['console.info', 'console.host.get', 'console.host.update']))
  })

  it.each(consoleRoutes)('$id ($method $path) refuses a missing token, a wrong token and API keys', async ({ id, method, path }) => {
    const body = method === 'GET' ? undefined : {}
    const missing = await server.request(method, path, { headers: { authorization: '' }, body })
    if (REACHED_BY_BODY_TOKEN.has(id)) {
      // Its credential is the setup link's token in the body: without it, refused before anything runs.
      expect(missing.status).toBe(400)
      expect(missing.body.error).toMatchObject({ code: 'missing_parameter', param: 'token' })
    } else {
      expect(missing.status).toBe(401)
      expect(missing.body.error.code).toBe('unauthorized')
    }

    const wrong = await server.request(method, path, { headers: { authorization: `Bearer ${CONSOLE_TOKEN}x` }, body })
    expect(wrong.status).toBe(401)

    for (const key of [TEST_KEY, LIVE_KEY]) {
      const withKey = await server.request(method, path, { headers: { authorization: `Bearer ${key}` }, body })
      expect(withKey.status).toBe(403)
      expect(withKey.body.error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/console token; an API key is not enough/) })
    }
  })

  it('accepts the console token (the positive control for the refusals above)', async () => {
    const response = await server.request('GET', '/console/info', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}` } })
    expect(response.status).toBe(200)
    expect(response.body.data.environment).toBe('test')
  })

  it('refuses the console event stream without the console token', async () => {
    expect((await server.request('GET', '/console/events', { headers: { authorization: '' } })).status).toBe(401)
    expect((await server.request('GET', '/console/events', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}x` } })).status).toBe(401)
    expect((await server.request('GET', '/console/events', { headers: { authorization: `Bearer ${TEST_KEY}` } })).status).toBe(403)
  })

  it('sends no CORS headers, even to a page that asks', async () => {
    const response = await server.request('GET', '/console/info', { headers: { authorization: `Bearer ${CONSOLE_TOKEN}`, origin: 'https://evil.example' } })
    expect(response.status).toBe(200)
    expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
  })
})

describe('a foreign Host header is refused (DNS rebinding)', () => {
  const auth = { authorization: `Bearer ${CONSOLE_TOKEN}` }

  it.each([
    ['127.0.0.1 with our port', () => `127.0.0.1:${port()}`],
    ['localhost with our port', () => `localhost:${port()}`],
  ])('accepts %s', async (_label, host) => {
    const response = await rawRequest('/console/info', { ...auth, host: host() })
    expect(response.status).toBe(200)
  })

  it.each([
    ['a rebinding domain', () => `evil.example:${port()}`],
    ['a domain without a port', () => 'evil.example'],
    ['loopback with another port', () => `127.0.0.1:${Number(port()) === 1 ? 2 : Number(port()) - 1}`],
    ['a LAN address', () => `192.168.1.20:${port()}`],
  ])('refuses %s even with the console token', async (_label, host) => {
    const response = await rawRequest('/console/info', { ...auth, host: host() })
    expect(response.status).toBe(403)
    expect(JSON.parse(response.body).error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/Host header is not allowed/) })
  })

  it('refuses a foreign Host on the console page and the public API of a loopback server too', async () => {
    expect((await rawRequest('/', { host: `evil.example:${port()}` })).status).toBe(403)
    expect((await rawRequest('/v1/accounts', { authorization: `Bearer ${TEST_KEY}`, host: `evil.example:${port()}` })).status).toBe(403)
  })
})

describe('host settings (console.host.*) over HTTP', () => {
  const auth = { authorization: `Bearer ${CONSOLE_TOKEN}` }

  it('shows the default port, saves a new one for the next start, and refuses ports it cannot bind', async () => {
    const initial = await server.request('GET', '/console/host', { headers: auth })
    expect(initial.status).toBe(200)
    expect(initial.body.data).toEqual({ httpPort: 8787, httpUrl: null })

    const saved = await server.request('PUT', '/console/host', { headers: auth, body: { httpPort: 9123 } })
    expect(saved.status).toBe(200)
    expect(saved.body.message).toMatch(/takes effect when the app restarts/)
    expect(saved.body.data.httpPort).toBe(9123)
    expect((await server.request('GET', '/console/host', { headers: auth })).body.data.httpPort).toBe(9123)

    for (const httpPort of [80, 65_536, 9123.5, '9123']) {
      const refused = await server.request('PUT', '/console/host', { headers: auth, body: { httpPort } })
      expect(refused.status).toBe(400)
      expect(refused.body.error).toMatchObject({ code: 'invalid_parameter', param: 'httpPort', message: 'httpPort must be a whole number from 1024 to 65535.' })
    }
    const unknownField = await server.request('PUT', '/console/host', { headers: auth, body: { httpPort: 9124, host: '0.0.0.0' } })
    expect(unknownField.status).toBe(400)
    expect(unknownField.body.error.param).toBe('host')
    expect((await server.request('GET', '/console/host', { headers: auth })).body.data.httpPort).toBe(9123)
  })
})
