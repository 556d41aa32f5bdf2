import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_TOKEN, TEST_KEY, startTestServer, type TestServer } from '../support/harness'
import { rawExchange } from '../support/raw-http'
import { consoleAuth } from './helpers'

/**
 * The request log files a request (or not) by the path the router parsed, never by the raw request target:
 * an absolute-form target is logged like any /v1 call, and a target that only looks like /v1 before dot
 * segments are resolved (`curl --path-as-is /v1/../console/...`) is a console call, not filed.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** One raw request on its own connection (what curl --path-as-is or a proxy sends); returns status and request id. */
async function raw(target: string, token: string): Promise<{ status: number | null; requestId: string; body: string }> {
  const port = Number(new URL(server.url).port)
  const head = `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`
  const answer = await rawExchange(port, [head])
  return { status: answer.status, requestId: answer.headers['x-request-id'] ?? '', body: answer.body }
}

async function logged(requestId: string): Promise<{ status: number; body: any }> {
  return server.request('GET', `/console/requests/${requestId}`, { headers: consoleAuth('test') })
}

describe('the request log files requests by the parsed path', () => {
  it('logs an absolute-form /v1 request, with the path and query the router used', async () => {
    const port = new URL(server.url).port
    const answer = await raw(`http://127.0.0.1:${port}/v1/accounts?limit=5`, TEST_KEY)
    expect(answer.status).toBe(200)
    const entry = await logged(answer.requestId)
    expect(entry.status).toBe(200)
    expect(entry.body.data).toMatchObject({ requestId: answer.requestId, method: 'GET', path: '/v1/accounts', query: '?limit=5', status: 200 })
  })

  it('does not file a console call written as /v1/../console/... (it is served as the console route it is)', async () => {
    const answer = await raw('/v1/../console/requests?limit=1', CONSOLE_TOKEN)
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body).data).toHaveProperty('items')
    expect((await logged(answer.requestId)).status).toBe(404)
    const page = await server.request('GET', '/console/requests?limit=200', { headers: consoleAuth('test') })
    expect((page.body.data.items as { path: string }[]).filter((item) => !item.path.startsWith('/v1/') || item.path.includes('..'))).toEqual([])
  })

  it('files a /v1 call written as /console/../v1/... under its real path', async () => {
    const answer = await raw('/console/../v1/accounts', TEST_KEY)
    expect(answer.status).toBe(200)
    const entry = await logged(answer.requestId)
    expect(entry.status).toBe(200)
    expect(entry.body.data).toMatchObject({ path: '/v1/accounts', status: 200 })
  })
})
